import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { culqiEventChargeId, validMercadoPagoSignature } from './events.ts';

// The checks of a provider's event before it is believed, rule by rule on a clock given to them:
// Mercado Pago's signature (its manifest, its age either way, seconds or milliseconds) and the charge
// id a Culqi event names.

const SECRET = 'whsec_unit_0001';
const REQUEST = 'req-7f3a';
// An instant in seconds, as Mercado Pago's `ts`; the checks read the clock they are given.
const TS = 1_900_000_000;
const v1 = (manifest: string, secret = SECRET) => createHmac('sha256', secret).update(manifest).digest('hex');
const signed = (ts: number | string, id = 'pay-123', requestId = REQUEST) =>
  `ts=${ts},v1=${v1(`id:${id};request-id:${requestId};ts:${ts};`)}`;

describe("Mercado Pago's x-signature", () => {
  it('takes the HMAC of id, request id and ts, the id lowercased', () => {
    const at = TS * 1000;
    expect(validMercadoPagoSignature(SECRET, signed(TS), REQUEST, 'pay-123', at)).toBe(true);
    expect(validMercadoPagoSignature(SECRET, signed(TS, 'pay-abc'), REQUEST, 'PAY-ABC', at)).toBe(true);
    // Parts in any order and with spaces around them.
    const [ts, sig] = signed(TS).split(',');
    expect(validMercadoPagoSignature(SECRET, ` ${sig} , ${ts} `, REQUEST, 'pay-123', at)).toBe(true);
    expect(validMercadoPagoSignature('another-secret', signed(TS), REQUEST, 'pay-123', at)).toBe(false);
    expect(validMercadoPagoSignature(SECRET, signed(TS), 'req-other', 'pay-123', at)).toBe(false);
    expect(validMercadoPagoSignature(SECRET, signed(TS), REQUEST, 'pay-124', at)).toBe(false);
    // The hex cut short, or another length, is refused without comparing.
    expect(validMercadoPagoSignature(SECRET, signed(TS).slice(0, -2), REQUEST, 'pay-123', at)).toBe(false);
    expect(validMercadoPagoSignature(SECRET, `${signed(TS)}00`, REQUEST, 'pay-123', at)).toBe(false);
    // A part's value runs to the end of the part: an "=" inside the signature makes it another one.
    const sig64 = signed(TS).split('v1=')[1] as string;
    const split = `ts=${TS},v1=${sig64.slice(0, 32)}=${sig64.slice(32)}`;
    expect(validMercadoPagoSignature(SECRET, split, REQUEST, 'pay-123', at)).toBe(false);
  });

  it('refuses a signature without its header, request id, v1 or a numeric ts', () => {
    const at = TS * 1000;
    expect(validMercadoPagoSignature(SECRET, undefined, REQUEST, 'pay-123', at)).toBe(false);
    expect(validMercadoPagoSignature(SECRET, '', REQUEST, 'pay-123', at)).toBe(false);
    expect(validMercadoPagoSignature(SECRET, signed(TS), undefined, 'pay-123', at)).toBe(false);
    expect(validMercadoPagoSignature(SECRET, signed(TS), '', 'pay-123', at)).toBe(false);
    expect(validMercadoPagoSignature(SECRET, `ts=${TS}`, REQUEST, 'pay-123', at)).toBe(false);
    expect(validMercadoPagoSignature(SECRET, `ts=${TS},v1=`, REQUEST, 'pay-123', at)).toBe(false);
    // A ts that is not a number, signed as it is.
    expect(validMercadoPagoSignature(SECRET, signed('soon'), REQUEST, 'pay-123', at)).toBe(false);
    expect(validMercadoPagoSignature(SECRET, signed('Infinity'), REQUEST, 'pay-123', at)).toBe(false);
  });

  it('takes a ts up to five minutes away either way, in seconds or in milliseconds', () => {
    const at = TS * 1000;
    const minutes5 = 5 * 60_000;
    for (const now of [at - minutes5, at + minutes5])
      expect(validMercadoPagoSignature(SECRET, signed(TS), REQUEST, 'pay-123', now)).toBe(true);
    for (const now of [at - minutes5 - 1000, at + minutes5 + 1000])
      expect(validMercadoPagoSignature(SECRET, signed(TS), REQUEST, 'pay-123', now)).toBe(false);
    // The same instant in milliseconds: read as such, to the millisecond.
    expect(validMercadoPagoSignature(SECRET, signed(at), REQUEST, 'pay-123', at + minutes5)).toBe(true);
    expect(validMercadoPagoSignature(SECRET, signed(at), REQUEST, 'pay-123', at + minutes5 + 1)).toBe(false);
    expect(validMercadoPagoSignature(SECRET, signed(at), REQUEST, 'pay-123', at - minutes5 - 1)).toBe(false);
    // 10^12 itself is read as seconds (far in the future), one more as milliseconds.
    expect(validMercadoPagoSignature(SECRET, signed(1e12), REQUEST, 'pay-123', 1e12)).toBe(false);
    expect(validMercadoPagoSignature(SECRET, signed(1e12 + 1), REQUEST, 'pay-123', 1e12 + 1)).toBe(true);
  });
});

describe("a Culqi event's charge id", () => {
  it('is the id of its data, as an object or as a JSON string', () => {
    expect(culqiEventChargeId({ data: { id: 'chr_live_Ab-1' } })).toBe('chr_live_Ab-1');
    expect(culqiEventChargeId({ data: JSON.stringify({ id: 'chr_2' }) })).toBe('chr_2');
    expect(culqiEventChargeId({ data: { id: 'x'.repeat(100) } })).toBe('x'.repeat(100));
  });

  it('is none for a body without one, bad JSON, or an id of other characters or length', () => {
    for (const body of [
      null,
      {},
      { data: null },
      { data: '{not json' },
      { data: 'null' },
      { data: { id: 42 } },
      { data: { id: '' } },
      { data: { id: 'x'.repeat(101) } },
      { data: { id: 'chr 1' } },
      { data: { id: 'chr_1;drop' } },
      { data: { id: 'a\nb' } },
    ])
      expect(culqiEventChargeId(body), JSON.stringify(body)).toBeNull();
  });
});
