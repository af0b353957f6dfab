import { staffRoles } from '@storefront/db/schema/users';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openOrderStream } from '../../test/order-stream-client.ts';
import { createTestApp } from '../../test/test-app.ts';

// Issue 15.4: the order board's stream is checked once at connection; a revoked session, a removed
// staff role, or the end of the stream's lifetime must end it, so that nobody keeps receiving
// customers' orders after losing the right to. The tests wait for the end; how long it takes (2 s at
// most, README) is a figure of `npm run bench -- --only timings`.

const STAFF_UID = '0b9f3c52-6c1e-4d6f-9a53-4f1f2f9f0002';
const PLACE = 'place-miraflores';

let t: Awaited<ReturnType<typeof createTestApp>>;
let address: string;

beforeAll(async () => {
  t = await createTestApp();
  address = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

async function staffLogin(): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v5/login/',
    headers: { host: 'localhost' },
    payload: { email: 'tienda@demo.pe', password: 'Demo1234!' },
  });
  expect(res.statusCode).toBe(200);
  return res.json().token as string;
}

describe('the order board stream ends when its right to it does', () => {
  it('ends an open stream when its session logs out', async () => {
    const token = await staffLogin();
    const stream = await openOrderStream(`${address}/api`, token, PLACE);
    stream.since();
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/v5/logout/',
      headers: { host: 'localhost', authorization: `Token ${token}` },
    });
    expect(logout.statusCode).toBe(200);
    await stream.ended;
    // Reconnecting is refused.
    const again = await fetch(`${address}/api/v5/retail/orders/stream?place=${PLACE}`, {
      headers: { authorization: `Token ${token}`, host: 'localhost' },
    });
    expect(again.status).toBe(401);
  });

  it('ends a stream at its maximum lifetime, so that the board reconnects and authenticates again', async () => {
    const token = await staffLogin();
    t.app.config.ORDER_STREAM_MAX_SECONDS = 1;
    try {
      const stream = await openOrderStream(`${address}/api`, token, PLACE);
      stream.since();
      await stream.ended;
    } finally {
      t.app.config.ORDER_STREAM_MAX_SECONDS = undefined;
    }
    const other = await openOrderStream(`${address}/api`, token, PLACE);
    expect(await other.endedWithin(1500)).toBe(Number.POSITIVE_INFINITY);
    await other.cancel();
  });

  it('ends an open stream when the staff role is removed', async () => {
    const token = await staffLogin();
    const stream = await openOrderStream(`${address}/api`, token, PLACE);
    stream.since();
    await t.db.delete(staffRoles).where(eq(staffRoles.userUid, STAFF_UID));
    await stream.ended;
    const again = await fetch(`${address}/api/v5/retail/orders/stream?place=${PLACE}`, {
      headers: { authorization: `Token ${token}`, host: 'localhost' },
    });
    expect(again.status).toBe(403);
  });
});
