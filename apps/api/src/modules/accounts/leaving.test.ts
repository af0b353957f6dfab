import { hashPassword } from '@storefront/db/passwords';
import { savedAddresses } from '@storefront/db/schema/addresses';
import { pushOutbox, pushSubscriptions } from '@storefront/db/schema/push';
import { users } from '@storefront/db/schema/users';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deletionLinkPath } from '../../test/deletion-link.ts';
import { createTestApp } from '../../test/test-app.ts';
import { transitionOrder } from '../orders/order-status.service.ts';
import { auth, firstSlot, lomoSaltadoLine, pickupBody } from '../orders/orders.fixtures.ts';
import { startFakePushService } from '../push/fake-push-service.ts';
import { issueToken } from '../sessions/sessions.service.ts';

// Issue 43 item 7: what a member leaves behind. Signing out on a device stops that device's
// notifications (and only that device's); a session ended by a password change stops its device's
// too; deleting the account removes its saved addresses and its devices.

let t: Awaited<ReturnType<typeof createTestApp>>;
let push: Awaited<ReturnType<typeof startFakePushService>>;

beforeAll(async () => {
  t = await createTestApp({ config: { PUSH_ALLOW_LOOPBACK: true } });
  push = await startFakePushService();
});
afterAll(async () => {
  await push.close();
  await t.close();
});

const PASSWORD = 'Clave-de-prueba-1';

/** A member with a password, and `sessions` tokens of theirs (one per device). */
async function member(sessions: number) {
  const [user] = await t.db
    .insert(users)
    .values({
      appUid: 'demo',
      email: `leaving-${Date.now()}-${Math.random()}@test.pe`,
      firstName: 'Ana',
      passwordHash: await hashPassword(PASSWORD),
    })
    .returning({ uid: users.uid, appUid: users.appUid });
  if (!user) throw new Error('no user');
  const tokens = await Promise.all(Array.from({ length: sessions }, () => issueToken(t.db, user)));
  return { uid: user.uid, tokens };
}

/** Registers a new device of the fake push service with the session `token`; answers its endpoint. */
async function allowNotifications(token: string): Promise<string> {
  const key = (await t.app.inject({ url: '/api/v5/push/key/' })).json().public_key as string;
  const subscription = push.subscribe(key);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v5/me/push-subscriptions/',
    headers: auth(token),
    payload: subscription,
  });
  expect(res.statusCode, res.body).toBe(201);
  return subscription.endpoint;
}

const devicesOf = async (userUid: string) =>
  (await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userUid, userUid)))
    .map((row) => row.endpoint)
    .sort();

describe('signing out', () => {
  it("stops this device's notifications, and only this device's", async () => {
    const ana = await member(2);
    const [here, there] = ana.tokens as [string, string];
    const signedOut = await allowNotifications(here);
    const stays = await allowNotifications(there);
    expect(await devicesOf(ana.uid)).toEqual([signedOut, stays].sort());

    const res = await t.app.inject({ method: 'POST', url: '/api/v5/logout/', headers: auth(here) });
    expect(res.statusCode).toBe(200);
    expect(await devicesOf(ana.uid)).toEqual([stays]);

    // An order's next move is announced on the device still signed in, on no other.
    const slot = await firstSlot(t.app);
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/v5/places/place-miraflores/orders/',
      headers: auth(there),
      payload: pickupBody(slot, [lomoSaltadoLine]),
    });
    expect(order.statusCode, order.body).toBe(201);
    await t.db.transaction((tx) =>
      transitionOrder(tx, { appUid: 'demo' }, order.json().uid, 'ACCEPTED', { userUid: null, role: 'STAFF' }),
    );
    const queued = await t.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushOutbox)
      .innerJoin(pushSubscriptions, eq(pushSubscriptions.uid, pushOutbox.subscriptionUid))
      .where(eq(pushSubscriptions.userUid, ana.uid));
    expect(queued).toEqual([{ endpoint: stays }]);
  });

  it("stops the notifications of the sessions a password change ends, and keeps this one's", async () => {
    const ana = await member(2);
    const [here, there] = ana.tokens as [string, string];
    const stays = await allowNotifications(here);
    await allowNotifications(there);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v5/me/change_password/',
      headers: auth(here),
      payload: {
        current_password: PASSWORD,
        password: 'Otra-clave-2',
        password_confirmation: 'Otra-clave-2',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await devicesOf(ana.uid)).toEqual([stays]);
  });
});

describe('deleting the account', () => {
  it('removes its saved addresses and every device of it, and no one else’s', async () => {
    const ana = await member(2);
    const other = await member(1);
    const [first, second] = ana.tokens as [string, string];
    const [theirs] = other.tokens as [string];
    for (const token of [first, theirs]) {
      const saved = await t.app.inject({
        method: 'POST',
        url: '/api/v5/me/addresses/',
        headers: auth(token),
        payload: { label: 'Casa', district: 'Miraflores', address: 'Av. Larco 123' },
      });
      expect(saved.statusCode, saved.body).toBe(201);
    }
    await allowNotifications(first);
    await allowNotifications(second);
    const kept = await allowNotifications(theirs);

    const path = await deletionLinkPath(t.app, first);
    const [, , , , userUid, token] = path.split('/');
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/v5/me/delete/${userUid}/${token}/` });
    expect(deleted.statusCode, deleted.body).toBe(200);

    expect(await t.db.select().from(savedAddresses).where(eq(savedAddresses.userUid, ana.uid))).toEqual([]);
    expect(await devicesOf(ana.uid)).toEqual([]);
    expect(
      await t.db.select().from(savedAddresses).where(eq(savedAddresses.userUid, other.uid)),
    ).toHaveLength(1);
    expect(await devicesOf(other.uid)).toEqual([kept]);
  });
});
