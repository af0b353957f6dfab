import type { Language } from '@storefront/contracts/constants';
import { greeting } from '../../mail/mail-text.ts';

/** The mail a raffle's winner gets, in the member's language (like the account mails). */
const TEMPLATES = {
  es: {
    subject: (app: string, raffle: string) => `${app}: ¡ganaste el sorteo ${raffle}!`,
    text: (raffle: string, prize: string, check: string) =>
      `¡Felicitaciones! Ganaste el sorteo "${raffle}".${prize ? `\nPremio: ${prize}.` : ''}\n\nNos comunicaremos contigo para coordinar la entrega del premio.\n\nCódigo del sorteo (para verificarlo): ${check}`,
  },
  en: {
    subject: (app: string, raffle: string) => `${app}: you won the raffle ${raffle}!`,
    text: (raffle: string, prize: string, check: string) =>
      `Congratulations! You won the raffle "${raffle}".${prize ? `\nPrize: ${prize}.` : ''}\n\nWe will contact you to arrange the delivery of the prize.\n\nDraw code (to verify it): ${check}`,
  },
} as const;

export function raffleWonMail(
  language: Language,
  appName: string,
  member: { firstName: string; verified: boolean },
  raffle: { title: string; prize: string },
  drawUid: string,
) {
  const template = TEMPLATES[language];
  return {
    subject: template.subject(appName, raffle.title),
    text: `${greeting(language, member)}\n\n${template.text(raffle.title, raffle.prize, drawUid)}`,
  };
}
