import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { users } from '@storefront/db/schema/users';
import type { FastifyBaseLogger } from 'fastify';
import { find as findLinks } from 'linkifyjs';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { loadBalance } from '../loyalty/ledger.service.ts';
import { deliverPendingMail, smtpOrLogDelivery, UNVERIFIED_MAILS_PER_HOUR } from '../mail/mail.service.ts';
import { issueToken } from '../sessions/sessions.service.ts';
import { type OrderStatus, transitionOrder } from './order-status.service.ts';
import { auth, firstSlot, lomoSaltadoLine, pickupBody } from './orders.fixtures.ts';

// Issue 30 item 3: the receipt and the status mails reach a real SMTP server, from the outbox.

let t: Awaited<ReturnType<typeof createTestApp>>;
let slot: Awaited<ReturnType<typeof firstSlot>>;
let smtp: SMTPServer;
const inbox: ParsedMail[] = [];
let deliver: ReturnType<typeof smtpOrLogDelivery>;

const silentLog = { info: () => {}, warn: () => {}, error: () => {} } as unknown as FastifyBaseLogger;

beforeAll(async () => {
  t = await createTestApp();
  slot = await firstSlot(t.app);
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      simpleParser(stream).then((mail) => {
        inbox.push(mail);
        callback();
      }, callback);
    },
  });
  smtp.listen(0, '127.0.0.1');
  await once(smtp.server, 'listening');
  const { port } = smtp.server.address() as AddressInfo;
  deliver = smtpOrLogDelivery(`smtp://127.0.0.1:${port}`, 'Demo <no-reply@demo.pe>', silentLog);
});
afterAll(async () => {
  smtp.close();
  await t.close();
});

/** Delivers the outbox through the SMTP server and answers what reached one address since. */
async function mailTo(email: string): Promise<ParsedMail[]> {
  const before = inbox.length;
  const { delivered } = await deliverPendingMail(t.db, deliver);
  expect(inbox.length - before).toBe(delivered);
  return inbox.slice(before).filter((mail) => mail.to && 'text' in mail.to && mail.to.text === email);
}

/** A new member of the demo app, in a language, with `soles` of gift balance. */
async function member(
  language: 'es' | 'en',
  soles = 0,
  more: Partial<Pick<typeof users.$inferInsert, 'firstName' | 'emailVerifiedAt'>> = {},
) {
  const email = `notice-${language}-${Date.now()}-${Math.random()}@test.pe`;
  const [user] = await t.db
    .insert(users)
    .values({ appUid: 'demo', email, firstName: 'Ana', language, ...more })
    .returning({ uid: users.uid, appUid: users.appUid });
  if (!user) throw new Error('no user');
  if (soles > 0)
    await t.db.transaction((tx) =>
      loadBalance(
        tx,
        { appUid: 'demo', userUid: user.uid, programUid: 'demo-club' },
        { amountCents: soles * 100, reference: { type: 'gift_card', id: user.uid } },
      ),
    );
  return { email, token: await issueToken(t.db, user) };
}

const placeOrder = async (token: string, body: object) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v5/places/place-miraflores/orders/',
    headers: auth(token),
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { uid: string; number: number; price: string; amount_due: string };
};

const move = (uid: string, to: OrderStatus) =>
  t.db.transaction((tx) =>
    transitionOrder(tx, { appUid: 'demo' }, uid, to, { userUid: null, role: 'STAFF' }),
  );

describe('order mails', () => {
  it('mails a receipt with the lines, options, discount, fare, total, payment and address', async () => {
    const { email, token } = await member('es', 30);
    const order = await placeOrder(
      token,
      pickupBody(slot, [lomoSaltadoLine, { ...lomoSaltadoLine, quantity: 2 }], {
        order_type: 'DELIVERY',
        district: 'Miraflores',
        address: 'Av. Larco 123',
        reference: 'Frente al parque',
        coupon_code: 'DESCUENTO5',
        gift_card_amount: '20.00',
      }),
    );
    const [receipt, ...more] = await mailTo(email);
    expect(more).toEqual([]);
    expect(receipt?.subject).toBe(`Demo: recibimos tu pedido #${order.number}`);
    const text = receipt?.text ?? '';
    expect(text).toContain(`Total: S/ ${order.price}\n`);
    expect(text).toContain('1 × Lomo saltado');
    expect(text).toContain('2 × Lomo saltado');
    expect(text).toMatch(/\n {4}\S.*: A punto\n/);
    expect(text).toContain('Descuento (DESCUENTO5): -S/ 5.00');
    expect(text).toContain('Envío: S/ 5.00');
    expect(text).toContain('Pago: Efectivo');
    expect(text).toContain('Pagado con saldo de regalo: S/ 20.00');
    expect(text).toContain(`Por pagar al recibir: S/ ${order.amount_due}`);
    expect(text).toContain('Entrega en: Av. Larco 123, Miraflores (Referencia: Frente al parque)');
    expect(text).toContain(`http://localhost/orders/${order.uid}`);
  });

  it('links to the site the order was placed on, never to a forged Host', async () => {
    const { email, token } = await member('es');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v5/places/place-miraflores/orders/',
      headers: auth(token, { 'x-forwarded-host': 'evil.example' }),
      payload: pickupBody(slot, [lomoSaltadoLine]),
    });
    expect(res.statusCode, res.body).toBe(201);
    const uid = res.json().uid as string;
    await move(uid, 'ACCEPTED');
    const mails = await mailTo(email);
    expect(mails.map((mail) => mail.text?.match(/https?:\/\/\S+/)?.[0])).toEqual([
      `http://localhost/orders/${uid}`,
      `http://localhost/orders/${uid}`,
    ]);
    expect(mails[0]?.text).toContain(
      `Recojo en tienda: ${slot.pickup_date}, ${slot.start_time}–${slot.end_time}`,
    );
  });

  it('mails each later status change in the member’s language', async () => {
    const { email, token } = await member('en');
    const order = await placeOrder(token, pickupBody(slot, [lomoSaltadoLine]));
    expect((await mailTo(email)).map((mail) => mail.subject)).toEqual([
      `Demo: we received your order #${order.number}`,
    ]);
    await move(order.uid, 'ACCEPTED');
    await move(order.uid, 'DELIVERED');
    const mails = await mailTo(email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Demo: your order #${order.number} is accepted`,
      `Demo: your order #${order.number} is delivered`,
    ]);
    expect(mails[0]?.text).toContain(`See your order: http://localhost/orders/${order.uid}`);
  });

  it('stops the status mails, never the receipt, once the member turns them off', async () => {
    const { email, token } = await member('es');
    const off = await t.app.inject({
      method: 'PATCH',
      url: '/api/v5/me/',
      headers: auth(token),
      payload: { order_status_mails: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().order_status_mails).toBe(false);
    const order = await placeOrder(token, pickupBody(slot, [lomoSaltadoLine]));
    await move(order.uid, 'ACCEPTED');
    await move(order.uid, 'CANCELED_BY_PLACE');
    expect((await mailTo(email)).map((mail) => mail.subject)).toEqual([
      `Demo: recibimos tu pedido #${order.number}`,
    ]);
    const on = await t.app.inject({
      method: 'PATCH',
      url: '/api/v5/me/',
      headers: auth(token),
      payload: { order_status_mails: true },
    });
    expect(on.json().order_status_mails).toBe(true);
    const next = await placeOrder(token, pickupBody(slot, [lomoSaltadoLine]));
    await move(next.uid, 'CANCELED_BY_PLACE');
    expect((await mailTo(email)).map((mail) => mail.subject)).toEqual([
      `Demo: recibimos tu pedido #${next.number}`,
      `Demo: tu pedido #${next.number} está cancelado por la tienda`,
    ]);
  });

  it('refuses a switch that is not a boolean, changing nothing', async () => {
    const { token } = await member('es');
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/v5/me/',
      headers: auth(token),
      payload: { order_status_mails: 'no' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('order_status_mails');
    const me = await t.app.inject({ url: '/api/v5/me/', headers: auth(token) });
    expect(me.json().order_status_mails).toBe(true);
  });
});

// Issue 43 item 8: the shop's server must not carry someone else's text to an address nobody verified.
describe('mail to an address nobody verified', () => {
  const bait = 'Gana S/500 en http://evil.example/premio';
  const baitedDelivery = {
    order_type: 'DELIVERY',
    district: 'Miraflores',
    address: 'Av. Larco 123, premios en www.gana-ya.pe',
    reference: 'Escribe a premios@gana-ya.com o entra a https://gana-ya.com/x',
  };
  /** The links a linkifier (linkifyjs) makes of a text, as a mail reader would. */
  const linksIn = (text: string | undefined) => findLinks(text ?? '').map((link) => link.href);

  it('greets it without the name, and no customer text becomes a link', async () => {
    const { email, token } = await member('es', 0, { firstName: bait });
    const order = await placeOrder(token, pickupBody(slot, [lomoSaltadoLine], baitedDelivery));
    await move(order.uid, 'ACCEPTED');
    const mails = await mailTo(email);
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(mail.html).toBe(false);
      expect(mail.text?.split('\n')[0]).toBe('Hola:');
      expect(mail.text).not.toContain('Gana');
      expect(linksIn(mail.text)).toEqual([`http://localhost/orders/${order.uid}`]);
    }
    // The address still reads as written, a space after each dot that would have joined a name.
    expect(mails[0]?.text).toContain('Entrega en: Av. Larco 123, premios en www. gana-ya. pe, Miraflores');
  });

  it('greets a verified address by name, and still no customer text becomes a link', async () => {
    const { email, token } = await member('es', 0, { firstName: bait, emailVerifiedAt: new Date() });
    const order = await placeOrder(token, pickupBody(slot, [lomoSaltadoLine], baitedDelivery));
    const [receipt] = await mailTo(email);
    expect(receipt?.text?.split('\n')[0]).toBe('Hola Gana S/500 en http: //evil. example/premio:');
    expect(linksIn(receipt?.text)).toEqual([`http://localhost/orders/${order.uid}`]);
  });

  it('sends no name and no link of the registration form in the verification mail', async () => {
    const email = `bait-${Date.now()}@test.pe`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v5/register/',
      payload: {
        document_type: 'NATIONAL_ID',
        document_number: String(Date.now()).slice(-8),
        first_name: bait,
        last_name: 'https://evil.example',
        email,
        mobile_number: `9${String(Date.now()).slice(-8)}`,
        password: 'Clave1234!',
        accepted_terms_cond: true,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [verification] = await mailTo(email);
    expect(verification?.text?.split('\n')[0]).toBe('Hola:');
    expect(linksIn(verification?.text)).toEqual([
      expect.stringMatching(/^http:\/\/localhost\/verification-email\//),
    ]);
  });

  it(`mails it at most ${UNVERIFIED_MAILS_PER_HOUR} times an hour, however many orders arrive at once`, async () => {
    const orders = 10;
    const unverified = await member('es');
    const verified = await member('es', 0, { emailVerifiedAt: new Date() });
    const placed = await Promise.all(
      [unverified, verified].flatMap(({ token }) =>
        Array.from({ length: orders }, () => placeOrder(token, pickupBody(slot, [lomoSaltadoLine]))),
      ),
    );
    expect(placed).toHaveLength(2 * orders);
    const before = inbox.length;
    while ((await deliverPendingMail(t.db, deliver)).delivered > 0);
    const to = (email: string) =>
      inbox.slice(before).filter((mail) => mail.to && 'text' in mail.to && mail.to.text === email);
    expect(to(unverified.email)).toHaveLength(UNVERIFIED_MAILS_PER_HOUR);
    expect(to(verified.email)).toHaveLength(orders);
  });
});
