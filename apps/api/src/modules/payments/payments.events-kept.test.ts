import { orders } from '@storefront/db/schema/orders';
import { companyPaymentSettings } from '@storefront/db/schema/payments';
import { DEV_SECRETS_KEY, encryptSecret } from '@storefront/db/secrets';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMembers, firstSlot, orderLine, pickupBody, postOrder } from '../orders/orders.fixtures.ts';
import { billing, cardToken, useProvider } from './payments.fixtures.ts';
import { paymentsTestApp } from './payments.test-app.ts';

// Mercado Pago's webhook secret kept for TENANT_CACHE_SECONDS, as a production start keeps it: a secret
// changed meanwhile signs at once, a forged signature is refused all along, and a company of another
// app stays unknown there.

const EVENTS = '/api/v5/payments/mercadopago/demo-main/events/';
const ROTATED = 'whsec_rotated_mercadopago_0002';

let env: Awaited<ReturnType<typeof paymentsTestApp>>;
let fake: typeof env.fake;
let t: typeof env.t;

beforeAll(async () => {
  env = await paymentsTestApp({ TENANT_CACHE_SECONDS: 60 });
  ({ fake, t } = env);
  await useProvider(t.db, 'MERCADO_PAGO');
}, 120_000);
afterAll(() => env?.close());

const notify = (note: ReturnType<typeof fake.fake.notification>, host = 'localhost') =>
  t.app.inject({
    method: 'POST',
    url: `${EVENTS}?${note.query}`,
    headers: { host, ...note.headers },
    payload: note.body,
  });
const statusOf = async (uid: string) =>
  (await t.db.select({ status: orders.status }).from(orders).where(eq(orders.uid, uid)))[0]?.status;

describe('Mercado Pago notifications with the secret kept', () => {
  it('takes a changed secret at once and refuses forged signatures before and after', async () => {
    const [token = ''] = await createMembers(t.db, 1, 'mp-kept');
    const slot = await firstSlot(t.app);
    const res = await postOrder(t.app, {
      token,
      payload: pickupBody(slot, [orderLine('p-causa-limena')], {
        payment_type: 'ONLINE_CARD',
        payment_token: await cardToken(fake.base, 'MERCADO_PAGO', '4111111111111111', 'CONT'),
        billing,
      }),
    });
    const order = res.json();
    const id = order.payment.reference as string;
    expect((await notify(fake.fake.notification(id))).statusCode).toBe(200);
    expect((await notify(fake.fake.notification(id, 'forged-secret-0001'))).statusCode).toBe(403);
    // The company is kept for this host's app only.
    expect((await notify(fake.fake.notification(id), 'multi.localhost')).statusCode).toBe(404);

    await t.db
      .update(companyPaymentSettings)
      .set({ webhookSecretEncrypted: encryptSecret(DEV_SECRETS_KEY, ROTATED) })
      .where(eq(companyPaymentSettings.companyUid, 'demo-main'));
    fake.fake.settle(id, 'approved');
    expect((await notify(fake.fake.notification(id, ROTATED))).statusCode).toBe(200);
    expect((await notify(fake.fake.notification(id, 'forged-secret-0001'))).statusCode).toBe(403);
    while ((await statusOf(order.uid)) !== 'RECEIVED') await new Promise((resolve) => setImmediate(resolve));
    expect(await statusOf(order.uid)).toBe('RECEIVED');
  });
});
