import { createHmac, timingSafeEqual } from 'node:crypto';

/** A notification older than this is refused (a replayed one, architecture §10). */
export const MAX_EVENT_AGE_MS = 5 * 60_000;

/**
 * Checks Mercado Pago's `x-signature` (`ts=…,v1=…`): HMAC-SHA256, with the webhook secret, of
 * `id:{data.id};request-id:{x-request-id};ts:{ts};` (data.id lowercased, as Mercado Pago's docs ask);
 * refused when older than five minutes. `ts` is read as seconds, or milliseconds when that large.
 */
export function validMercadoPagoSignature(
  secret: string,
  header: string | undefined,
  requestId: string | undefined,
  dataId: string,
  now = Date.now(),
): boolean {
  if (!header || !requestId) return false;
  const parts = Object.fromEntries(
    header.split(',').map((part) => {
      // Stryker disable next-line StringLiteral: split gives a first element always; the default never applies.
      const [key = '', ...value] = part.split('=');
      return [key.trim(), value.join('=').trim()];
    }),
  );
  const ts = Number(parts.ts);
  if (!parts.v1 || !Number.isFinite(ts)) return false;
  const at = ts > 1e12 ? ts : ts * 1000;
  if (Math.abs(now - at) > MAX_EVENT_AGE_MS) return false;
  const manifest = `id:${dataId.toLowerCase()};request-id:${requestId};ts:${parts.ts};`;
  const expected = createHmac('sha256', secret).update(manifest).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The charge id a Culqi event names: its `data` is the charge, as an object or a JSON string. */
export function culqiEventChargeId(body: unknown): string | null {
  const data = (body as { data?: unknown } | null)?.data;
  let parsed: unknown = data;
  if (typeof data === 'string') {
    try {
      parsed = JSON.parse(data);
      // Stryker disable next-line BlockStatement: without the early return, a string that is no JSON has no id either: null alike.
    } catch {
      return null;
    }
  }
  const id = (parsed as { id?: unknown } | null)?.id;
  return typeof id === 'string' && /^[\w-]{1,100}$/.test(id) ? id : null;
}
