import { find } from 'linkifyjs';
import { describe, expect, it } from 'vitest';
import { greeting, inert } from './mail-text.ts';

// Issue 43 item 8: what a customer wrote never becomes a link in a mail, whatever way it is written.

describe('inert', () => {
  it('leaves nothing a mail reader links, and keeps the words and the numbers', () => {
    const baits = [
      'Gana S/500 en http://evil.example/premio',
      'HTTPS://EVIL.COM/x',
      'hxxp://evil.com',
      'https:/evil.com',
      'ftp://1.2.3.4/x',
      'http://evil。com/x',
      'http://evil．com/x',
      'http：／／evil.com',
      'www.gana-ya.pe',
      'gana.pe/x',
      'evil.com:8080/x',
      'evil.com.',
      'premios@gana-ya.com',
      'xn--80ak6aa92e.com',
      'сайт.рф',
    ];
    for (const bait of baits) expect([bait, find(inert(bait))]).toEqual([bait, []]);
    expect(inert('Av. Larco 123, Dpto. 4, km 12.5 (S/ 10.50)')).toBe(
      'Av. Larco 123, Dpto. 4, km 12.5 (S/ 10.50)',
    );
    expect(inert('Jr.Lima 5')).toBe('Jr. Lima 5');
  });
});

describe('greeting', () => {
  it('names only a verified address, inert', () => {
    const bait = { firstName: ' Gana S/500 en http://evil.example/premio ', verified: false };
    expect(greeting('es', bait)).toBe('Hola:');
    expect(greeting('en', bait)).toBe('Hello,');
    expect(greeting('es', { ...bait, verified: true })).toBe(
      'Hola Gana S/500 en http: //evil. example/premio:',
    );
    expect(greeting('en', { firstName: 'Ana', verified: true })).toBe('Hello Ana,');
    expect(greeting('es', { firstName: '  ', verified: true })).toBe('Hola:');
  });
});
