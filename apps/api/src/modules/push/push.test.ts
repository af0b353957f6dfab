import { request as httpsRequest } from 'node:https';
import { pushOutbox, pushSubscriptions, vapidKeys } from '@storefront/db/schema/push';
import { users } from '@storefront/db/schema/users';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { ConfigError, loadConfig } from '../../config.ts';
import { createTestApp } from '../../test/test-app.ts';
import { type OrderStatus, transitionOrder } from '../orders/order-status.service.ts';
import { auth, DEMO_MEMBER_UID, firstSlot, lomoSaltadoLine, pickupBody } from '../orders/orders.fixtures.ts';
import { issueToken } from '../sessions/sessions.service.ts';
import { startFakePushService } from './fake-push-service.ts';
import { deliverPendingPush, webPushSender } from './push.service.ts';
import { isAllowedEndpoint, pushAgent } from './push-endpoints.ts';
import { loadVapid } from './vapid.ts';

// Issue 30 item 4: web push on each status change of a member's orders, through a local push service
// that checks the VAPID signature and decrypts what it receives.

let t: Awaited<ReturnType<typeof createTestApp>>;
let push: Awaited<ReturnType<typeof startFakePushService>>;
let slot: Awaited<ReturnType<typeof firstSlot>>;

beforeAll(async () => {
  t = await createTestApp({ config: { PUSH_ALLOW_LOOPBACK: true } });
  push = await startFakePushService();
  slot = await firstSlot(t.app);
});
afterAll(async () => {
  await push.close();
  await t.close();
});

const serverKey = async () => (await t.app.inject({ url: '/api/v5/push/key/' })).json().public_key as string;
const send = async () => webPushSender(await t.app.vapid(), pushAgent(true, push.cert));

async function member(language: 'es' | 'en' = 'es') {
  const email = `push-${Date.now()}-${Math.random()}@test.pe`;
  const [user] = await t.db
    .insert(users)
    .values({ appUid: 'demo', email, firstName: 'Ana', language })
    .returning({ uid: users.uid, appUid: users.appUid });
  if (!user) throw new Error('no user');
  return { uid: user.uid, token: await issueToken(t.db, user) };
}

const register = (token: string, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/v5/me/push-subscriptions/', headers: auth(token), payload });

async function placeOrder(token: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v5/places/place-miraflores/orders/',
    headers: auth(token),
    payload: pickupBody(slot, [lomoSaltadoLine]),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { uid: string; number: number };
}

const move = (uid: string, to: OrderStatus) =>
  t.db.transaction((tx) =>
    transitionOrder(tx, { appUid: 'demo' }, uid, to, { userUid: null, role: 'STAFF' }),
  );

const subscriptionsOf = (userUid: string) =>
  t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userUid, userUid));

describe('push subscriptions', () => {
  it('keeps the VAPID keys made on the first start, the same for every process', async () => {
    const [first, second] = await Promise.all([loadVapid(t.db, {}), loadVapid(t.db, {})]);
    expect(first.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    expect(second).toEqual(first);
    expect(await t.db.select().from(vapidKeys)).toHaveLength(1);
    expect(await serverKey()).toBe(first.publicKey);
    const configured = webpush.generateVAPIDKeys();
    expect(
      await loadVapid(t.db, {
        VAPID_PUBLIC_KEY: configured.publicKey,
        VAPID_PRIVATE_KEY: configured.privateKey,
      }),
    ).toMatchObject(configured);
  });

  it('registers a device for the signed-in member, moves it to whoever signs in on it, and stops it', async () => {
    const ana = await member();
    const subscription = push.subscribe(await serverKey());
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v5/me/push-subscriptions/', payload: subscription }))
        .statusCode,
    ).toBe(401);
    const res = await register(ana.token, subscription);
    expect(res.statusCode, res.body).toBe(201);
    expect((await subscriptionsOf(ana.uid)).map((row) => row.endpoint)).toEqual([subscription.endpoint]);

    // Another member's DELETE leaves Ana's device alone; signing in on it moves it.
    const luis = await member();
    const remove = (token: string) =>
      t.app.inject({
        method: 'DELETE',
        url: '/api/v5/me/push-subscriptions/',
        headers: auth(token),
        payload: { endpoint: subscription.endpoint },
      });
    expect((await remove(luis.token)).statusCode).toBe(204);
    expect(await subscriptionsOf(ana.uid)).toHaveLength(1);
    expect((await register(luis.token, subscription)).statusCode).toBe(201);
    expect(await subscriptionsOf(ana.uid)).toHaveLength(0);
    expect(await subscriptionsOf(luis.uid)).toHaveLength(1);
    expect((await remove(luis.token)).statusCode).toBe(204);
    expect(await subscriptionsOf(luis.uid)).toHaveLength(0);
  });

  it('refuses an endpoint that is not an https push service on the open internet, with a 400', async () => {
    const ana = await member();
    const { keys } = push.subscribe(await serverKey());
    const refused = {
      'http://push.example.com/x': 'Valor no válido.',
      'https://user:pw@push.example.com/x': 'Valor no válido.',
      'https://10.0.0.5/x': 'No es la dirección de un servicio de notificaciones.',
      'https://[fd00::1]/x': 'No es la dirección de un servicio de notificaciones.',
      'https://169.254.169.254/latest': 'No es la dirección de un servicio de notificaciones.',
      'https://metadata.internal/x': 'No es la dirección de un servicio de notificaciones.',
      'https://intranet/x': 'No es la dirección de un servicio de notificaciones.',
      'https://push.example.com:8443/x': 'No es la dirección de un servicio de notificaciones.',
      // A name ending in a dot is the same name written in full (issue 43 item 6).
      'https://metadata.internal./x': 'No es la dirección de un servicio de notificaciones.',
      'https://intranet./x': 'No es la dirección de un servicio de notificaciones.',
      'https://printer.local../x': 'No es la dirección de un servicio de notificaciones.',
    };
    for (const [endpoint, message] of Object.entries(refused)) {
      const res = await register(ana.token, { endpoint, keys });
      expect([endpoint, res.statusCode, res.json()]).toEqual([endpoint, 400, { endpoint: [message] }]);
    }
    const notAPoint = {
      endpoint: 'https://push.example.com/x',
      keys: { ...keys, p256dh: `B${'A'.repeat(86)}` },
    };
    expect((await register(ana.token, notAPoint)).json()).toEqual({
      'keys.p256dh': ['No es una clave pública P-256.'],
    });
    const short = { endpoint: 'https://push.example.com/x', keys: { ...keys, auth: 'AAAA' } };
    expect((await register(ana.token, short)).statusCode).toBe(400);
    expect(await subscriptionsOf(ana.uid)).toEqual([]);
  });

  it('refuses loopback unless a test allows it, and a production server cannot allow it', async () => {
    expect(isAllowedEndpoint('https://127.0.0.1:4430/push/x', false)).toBe(false);
    expect(isAllowedEndpoint('https://localhost:4430/push/x', false)).toBe(false);
    expect(isAllowedEndpoint('https://[::1]/push/x', false)).toBe(false);
    expect(isAllowedEndpoint('https://127.0.0.1:4430/push/x', true)).toBe(true);
    expect(isAllowedEndpoint('https://fcm.googleapis.com/fcm/send/abc', false)).toBe(true);
    // Each name with a trailing dot is judged as the name without it.
    for (const host of ['localhost', 'router.home.arpa', 'metadata.internal', 'fcm.googleapis.com', 'com'])
      for (const allowLoopback of [false, true])
        expect([host, allowLoopback, isAllowedEndpoint(`https://${host}./push/x`, allowLoopback)]).toEqual([
          host,
          allowLoopback,
          isAllowedEndpoint(`https://${host}/push/x`, allowLoopback),
        ]);
    expect(() => loadConfig({ NODE_ENV: 'production', PUSH_ALLOW_LOOPBACK: 'true' })).toThrow(ConfigError);
    // Even an app built so (the config refuses it first) posts to no loopback address in production.
    const production = await createTestApp({ config: { production: true, PUSH_ALLOW_LOOPBACK: true } });
    try {
      const token = await issueToken(production.db, { uid: DEMO_MEMBER_UID, appUid: 'demo' });
      const res = await production.app.inject({
        method: 'POST',
        url: '/api/v5/me/push-subscriptions/',
        headers: auth(token),
        payload: push.subscribe(await serverKey()),
      });
      expect([res.statusCode, res.json()]).toEqual([
        400,
        { endpoint: ['No es la dirección de un servicio de notificaciones.'] },
      ]);
    } finally {
      await production.close();
    }
  });

  it('posts nowhere a public name resolves inside the network (checked again when sending)', async () => {
    const agent = pushAgent(false, push.cert);
    const port = new URL(push.base).port;
    const error = await new Promise<NodeJS.ErrnoException>((resolve) => {
      httpsRequest(`https://localhost:${port}/messages`, { agent }, () => resolve(new Error('connected')))
        .on('error', resolve)
        .end();
    });
    expect(error.code).toBe('EPUSHINTERNAL');
    agent.destroy();
  });
});

describe('order notifications', () => {
  it("sends each status change, encrypted for the member's device and signed, in their language", async () => {
    const ana = await member('es');
    const subscription = push.subscribe(await serverKey());
    expect((await register(ana.token, subscription)).statusCode).toBe(201);
    const order = await placeOrder(ana.token);
    // The creation notifies nothing (the member is on the page); each move does.
    await move(order.uid, 'ACCEPTED');
    await move(order.uid, 'DELIVERED');
    expect(await deliverPendingPush(t.db, await send())).toEqual({ delivered: 2, serverFailing: false });
    const messages = await push.waitForMessages(push.idOf(subscription.endpoint), 2);
    expect(messages.map((message) => message.payload)).toEqual([
      {
        title: 'Demo',
        body: `Tu pedido #${order.number} está aceptado.`,
        url: `http://localhost/orders/${order.uid}`,
      },
      {
        title: 'Demo',
        body: `Tu pedido #${order.number} está entregado.`,
        url: `http://localhost/orders/${order.uid}`,
      },
    ]);
    expect(messages[0]).toMatchObject({ ttl: 3600, urgency: 'high' });
    expect(await deliverPendingPush(t.db, await send())).toEqual({ delivered: 0, serverFailing: false });
  });

  it('keeps a notification the push service refuses for a wrong signature, and spends an attempt', async () => {
    const ana = await member('en');
    const subscription = push.subscribe(await serverKey());
    await register(ana.token, subscription);
    const order = await placeOrder(ana.token);
    await move(order.uid, 'ACCEPTED');
    const impostor = { ...webpush.generateVAPIDKeys(), subject: 'mailto:x@test.pe' };
    // Signed with another key but claiming the server's: the push service checks the signature.
    const forged = webPushSender(
      { ...impostor, publicKey: (await t.app.vapid()).publicKey },
      pushAgent(true, push.cert),
    );
    expect(await deliverPendingPush(t.db, forged)).toEqual({ delivered: 0, serverFailing: true });
    const [queued] = await t.db
      .select()
      .from(pushOutbox)
      .where(eq(pushOutbox.subscriptionUid, (await subscriptionsOf(ana.uid))[0]?.uid ?? ''));
    expect(queued).toMatchObject({ status: 'PENDING', attempts: 1 });
    expect(queued?.lastError).toContain('403');
    expect(await deliverPendingPush(t.db, await send())).toEqual({ delivered: 1, serverFailing: false });
    const [message] = await push.waitForMessages(push.idOf(subscription.endpoint), 1);
    expect(message?.payload).toMatchObject({ body: `Your order #${order.number} is accepted.` });
  });

  it('deletes a device its push service no longer knows (410)', async () => {
    const ana = await member();
    const kept = push.subscribe(await serverKey());
    const gone = push.subscribe(await serverKey());
    await register(ana.token, kept);
    await register(ana.token, gone);
    expect(push.unsubscribe(push.idOf(gone.endpoint))).toBe(true);
    const order = await placeOrder(ana.token);
    await move(order.uid, 'ACCEPTED');
    expect(await deliverPendingPush(t.db, await send())).toEqual({ delivered: 1, serverFailing: false });
    expect((await subscriptionsOf(ana.uid)).map((row) => row.endpoint)).toEqual([kept.endpoint]);
    expect(await t.db.select().from(pushOutbox).where(eq(pushOutbox.status, 'PENDING'))).toEqual([]);
  });
});
