import { expect } from 'vitest';
import corpus from '../../../../../packages/db/demo/fixtures/xss-corpus.json';

// For the rendered-sanitising tests: the XSS corpus (also the xss.localhost tenant's HTML) and what must
// hold of any DOM that shows tenant HTML.

export const XSS_PAYLOADS: string[] = corpus.payloads;

const UNSAFE_TAGS = ['SCRIPT', 'STYLE', 'IFRAME', 'FRAME', 'OBJECT', 'EMBED', 'META', 'LINK', 'BASE', 'FORM'];
const URL_ATTRIBUTES = ['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'poster', 'background'];
// Browsers ignore control characters and spaces inside a scheme, so they go before the comparison.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the characters browsers drop
const SCHEME_NOISE = /[\u0000-\u0020\u007f]/g;

/** Everything in `root` that could run code: unsafe elements, on* handlers, script URLs. */
export function executableParts(root: ParentNode): string[] {
  const found: string[] = [];
  for (const element of root.querySelectorAll('*')) {
    if (UNSAFE_TAGS.includes(element.tagName.toUpperCase())) found.push(`<${element.tagName.toLowerCase()}>`);
    for (const attribute of element.attributes) {
      const name = attribute.name.toLowerCase();
      if (name.startsWith('on')) found.push(`${name}= on <${element.tagName.toLowerCase()}>`);
      if (name === 'style' || name === 'srcset') found.push(`${name}= on <${element.tagName.toLowerCase()}>`);
      const value = attribute.value.replace(SCHEME_NOISE, '').toLowerCase();
      if (
        URL_ATTRIBUTES.includes(name) &&
        (value.startsWith('javascript:') || value.startsWith('vbscript:') || value.startsWith('data:'))
      )
        found.push(`${name}="${attribute.value}"`);
    }
  }
  return found;
}

/** Fails with the executable parts found, naming the payload. */
export function expectInert(root: ParentNode, payload: string): void {
  expect({ payload, executable: executableParts(root) }).toEqual({ payload, executable: [] });
}
