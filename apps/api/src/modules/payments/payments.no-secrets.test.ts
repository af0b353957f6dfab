import { Writable } from 'node:stream';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { ADMIN_HOST, COMPANY, OWNER_UID } from '../admin/admin.fixtures.ts';
import {
  auth,
  createMembers,
  firstSlot,
  orderLine,
  orderRequest,
  pickupBody,
} from '../orders/orders.fixtures.ts';
import { issueToken } from '../sessions/sessions.service.ts';
import { eventsProcessed } from './event-hints.ts';
import { billing, cardToken } from './payments.fixtures.ts';
import { reconcilePayments, SETTLE_AFTER_MS } from './payments.reconcile.ts';
import { DECLINED_CARD } from './sandbox/fake-providers.ts';
import { startFakeProviders, TEST_KEYS, TEST_WEBHOOK_SECRET } from './sandbox/fake-server.ts';

// Issue 27: no provider secret in clear in any log line, answer or export. The whole life of online
// payments runs with the log at debug — the owner setting each provider, approved, declined and
// unreachable charges, the reconciliation, refunds, signed and forged notifications — and then every
// log line and every answer, the admin's exports and audit log included, is searched for the secrets.

const PLACE = 'place-miraflores';
const SECRETS_KEY = Buffer.alloc(32, 0x5c);
const SECRETS = [
  TEST_KEYS.culqi.secretKey,
  TEST_KEYS.mercadopago.accessToken,
  TEST_WEBHOOK_SECRET,
  'sk_test_wrong_key_0002',
  SECRETS_KEY.toString('hex'),
  SECRETS_KEY.toString('base64'),
];

const logLines: string[] = [];
const answers: string[] = [];
let fake: Awaited<ReturnType<typeof startFakeProviders>>;
let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: string;

beforeAll(async () => {
  fake = await startFakeProviders();
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  t = await createTestApp({
    config: { CULQI_API_URL: fake.culqiUrl, MERCADOPAGO_API_URL: fake.mercadopagoUrl, SECRETS_KEY },
    logger: { level: 'debug', stream },
  });
  owner = await issueToken(t.db, { uid: OWNER_UID, appUid: 'demo' });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

/** A call whose answer is kept to be searched. */
async function call(options: InjectOptions) {
  const res = await t.app.inject(options);
  answers.push(`${JSON.stringify(res.headers)}\n${res.body}`);
  return res;
}
const admin = (method: 'GET' | 'PUT' | 'PATCH', path: string, payload?: object) =>
  call({
    method,
    url: `/api/admin/companies/${COMPANY}/${path}`,
    headers: { host: ADMIN_HOST, authorization: `Token ${owner}` },
    payload,
  });
const setProvider = async (provider: 'CULQI' | 'MERCADO_PAGO', secret_key: string) => {
  const res = await admin('PUT', 'payment-provider/', {
    provider,
    public_key: provider === 'CULQI' ? TEST_KEYS.culqi.publicKey : TEST_KEYS.mercadopago.publicKey,
    secret_key,
    webhook_secret: TEST_WEBHOOK_SECRET,
    enabled: true,
    transfer: { channel: 'Yape', number: '987654321', holder: 'Demo Restaurantes SAC' },
  });
  expect(res.statusCode, res.body).toBe(200);
};

describe('no secret in clear', () => {
  it('in any log line, answer, export or the audit log, through the whole life of online payments', async () => {
    const slot = await firstSlot(t.app);
    const [member] = (await createMembers(t.db, 1, 'no-secret')) as [string];
    const order = async (
      provider: 'CULQI' | 'MERCADO_PAGO',
      card: string,
      { holder = 'APRO', mode = {} }: { holder?: string; mode?: typeof fake.fake.mode } = {},
    ) => {
      const payment_token = await cardToken(fake.base, provider, card, holder);
      fake.fake.mode = mode;
      try {
        return await call(
          orderRequest({
            token: member,
            payload: pickupBody(slot, [orderLine('p-causa-limena')], {
              payment_type: 'ONLINE_CARD',
              payment_token,
              billing,
            }),
          }),
        );
      } finally {
        fake.fake.mode = {};
      }
    };

    await setProvider('CULQI', TEST_KEYS.culqi.secretKey);
    const paid = await order('CULQI', '4111111111111111');
    expect(paid.json().status).toBe('RECEIVED');
    expect((await order('CULQI', DECLINED_CARD)).statusCode).toBe(400);
    const waiting = await order('CULQI', '4111111111111111', { mode: { down: true } });
    expect(waiting.json().status).toBe('PENDING_PAYMENT');
    await setProvider('CULQI', 'sk_test_wrong_key_0002');
    expect((await order('CULQI', '4111111111111111')).json().status).toBe('PENDING_PAYMENT');
    await setProvider('CULQI', TEST_KEYS.culqi.secretKey);
    await reconcilePayments(
      { db: t.db, config: t.app.config, log: t.app.log },
      new Date(Date.now() + SETTLE_AFTER_MS + 1000),
    );
    expect(
      (await admin('PATCH', `orders/${paid.json().uid}/`, { status: 'CANCELED_BY_PLACE' })).statusCode,
    ).toBe(200);

    await setProvider('MERCADO_PAGO', TEST_KEYS.mercadopago.accessToken);
    const inProcess = await order('MERCADO_PAGO', '4111111111111111', { holder: 'CONT' });
    const id = inProcess.json().payment.reference as string;
    fake.fake.settle(id, 'approved');
    for (const note of [fake.fake.notification(id, 'forged-secret'), fake.fake.notification(id)])
      await call({
        method: 'POST',
        url: `/api/v5/payments/mercadopago/${COMPANY}/events/?${note.query}`,
        headers: { host: 'localhost', ...note.headers },
        payload: note.body,
      });

    // What the notification's read back logs, too.
    await eventsProcessed(t.db);
    await admin('GET', 'payment-provider/');
    await admin('GET', 'audit-log/');
    await admin('GET', 'orders/');
    for (const table of ['summary', 'orders_by_payment'])
      await admin('GET', `dashboard/export/?table=${table}&format=csv`);
    await admin('GET', 'products/export/?format=csv');
    await call({ url: `/api/v5/places/${PLACE}/payment-settings/`, headers: { host: 'localhost' } });
    await call({ url: `/api/v5/me/orders/${inProcess.json().uid}/`, headers: auth(member) });

    // The search looked where the secrets would be: the log has the failures and the answers the settings.
    const log = logLines.join('');
    expect(log).toContain('payment provider unavailable');
    expect(answers.join('\n')).toContain('••••0001');
    for (const secret of SECRETS) {
      expect(log).not.toContain(secret);
      expect(answers.filter((answer) => answer.includes(secret))).toEqual([]);
    }
  });
});
