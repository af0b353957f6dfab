import type { Language } from '@storefront/contracts/constants';
import { greeting } from '../mail/mail-text.ts';

/** The text of each account e-mail, in the member's language; the link is the whole point of each. */
const TEMPLATES = {
  VERIFY_EMAIL: {
    es: {
      subject: (app: string) => `${app}: confirma tu correo`,
      text: (link: string) =>
        `Para confirmar tu correo abre este link (vale 7 días):\n${link}\n\nSi no creaste una cuenta, ignora este mensaje.`,
    },
    en: {
      subject: (app: string) => `${app}: confirm your email`,
      text: (link: string) =>
        `To confirm your email open this link (valid for 7 days):\n${link}\n\nIf you did not create an account, ignore this message.`,
    },
  },
  RESET_PASSWORD: {
    es: {
      subject: (app: string) => `${app}: cambia tu contraseña`,
      text: (link: string) =>
        `Para elegir una nueva contraseña abre este link (vale 1 hora y se usa una sola vez):\n${link}\n\nSi no lo pediste, ignora este mensaje: tu contraseña no cambia.`,
    },
    en: {
      subject: (app: string) => `${app}: reset your password`,
      text: (link: string) =>
        `To choose a new password open this link (valid for 1 hour, once):\n${link}\n\nIf you did not ask for it, ignore this message: your password does not change.`,
    },
  },
  SET_PASSWORD: {
    es: {
      subject: (app: string) => `${app}: te damos la bienvenida, crea tu contraseña`,
      text: (link: string) =>
        `Te registramos en una de nuestras tiendas. Para crear tu contraseña y entrar a tu cuenta abre este link (vale 7 días y se usa una sola vez):\n${link}\n\nSi no fuiste tú, ignora este mensaje.`,
    },
    en: {
      subject: (app: string) => `${app}: welcome, set your password`,
      text: (link: string) =>
        `You were signed up at one of our stores. To set your password and open your account, follow this link (valid for 7 days, once):\n${link}\n\nIf it was not you, ignore this message.`,
    },
  },
  DELETE_ACCOUNT: {
    es: {
      subject: (app: string) => `${app}: eliminar tu cuenta`,
      text: (link: string) =>
        `Para eliminar tu cuenta abre este link (vale 24 horas). Al eliminarla pierdes todos los beneficios acumulados.\n${link}\n\nSi no lo pediste, ignora este mensaje.`,
    },
    en: {
      subject: (app: string) => `${app}: delete your account`,
      text: (link: string) =>
        `To delete your account open this link (valid for 24 hours). Deleting it removes all your accumulated benefits.\n${link}\n\nIf you did not ask for it, ignore this message.`,
    },
  },
} as const;

/** An account mail; the member is greeted by name only at an address they verified (mail-text.ts). */
export function accountMail(
  kind: keyof typeof TEMPLATES,
  language: Language,
  appName: string,
  member: { firstName: string; verified: boolean },
  link: string,
) {
  const template = TEMPLATES[kind][language];
  return {
    subject: template.subject(appName),
    text: `${greeting(language, member)}\n\n${template.text(link)}`,
  };
}
