import type { Language } from '@storefront/contracts/constants';

// Mail readers make a link of a scheme's `://`, of `www.` and of any dotted name with a known ending
// (evil.com, premios@evil.com), full-width and ideographic dots included.
const SCHEME_COLON = /[:\uFF1A](?=[/\\\uFF0F])/gu;
const NAME_DOT = /[.\u3002\uFF0E\uFF61](?=[\p{L}\p{N}])/gu;
const DIGIT = /\p{N}/u;

/**
 * Text a customer wrote (a name, an address), as a mail may carry it: a space after each colon that
 * opens `//` and after each dot that joins a name to what follows, so that no mail reader turns it into
 * a link. It still reads as written; dots between digits (12.50) stay.
 */
export function inert(text: string): string {
  return text
    .replace(SCHEME_COLON, (colon) => `${colon} `)
    .replace(NAME_DOT, (dot, at: number, whole: string) =>
      DIGIT.test(whole[at - 1] ?? '') && DIGIT.test(whole[at + 1] ?? '') ? dot : `${dot} `,
    );
}

/**
 * A mail's first line. The name only to an address its owner verified: anyone can type someone
 * else's address, and a name (free text) is theirs to write, so an unverified address gets none.
 */
export function greeting(language: Language, recipient: { firstName: string; verified: boolean }): string {
  const name = recipient.verified ? inert(recipient.firstName.trim()) : '';
  if (language === 'en') return name ? `Hello ${name},` : 'Hello,';
  return name ? `Hola ${name}:` : 'Hola:';
}
