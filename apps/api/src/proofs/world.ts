import { createECDH, randomBytes } from 'node:crypto';
import { users } from '@storefront/db/schema/users';
import { MANAGER_UID, OWNER_UID } from '../modules/admin/admin.fixtures.ts';
import { multipartForm, picture } from '../modules/media/image-test-files.ts';
import { DEMO_MEMBER_UID, pickupBody, tomorrow } from '../modules/orders/orders.fixtures.ts';
import { issueToken } from '../modules/sessions/sessions.service.ts';
import { createTestApp } from '../test/test-app.ts';
import { type ProofTenant, proofTenants } from './tenants.ts';

// Two tenants (A and B, copies of the demo shop) in one database, each with members, orders, a
// subscription and mailed links, and the objects every path parameter names, for the isolation matrix.

const DEMO_STAFF_UID = '0b9f3c52-6c1e-4d6f-9a53-4f1f2f9f0002';
const DEMO_OWNER_UID = '0b9f3c52-6c1e-4d6f-9a53-4f1f2f9f0003';
const PLACE = 'place-miraflores';
const PRODUCT = 'p-causa-limena';

/** A path parameter's value: one string, or one per route when the same name means different things. */
export type FixtureValue = string | ((path: string) => string);

export interface Fixture {
  /** Tenant A's object; member A1's when `member` is set. */
  a: FixtureValue;
  /** Tenant B's object of the same kind. */
  b: FixtureValue;
  /** Owned by one member: another member of the same app must get 404 for it. */
  member?: boolean;
}

interface Links {
  uid: string;
  verify: string;
  reset: string;
  delete: string;
}

export interface TenantSide {
  tenant: ProofTenant;
  /** Signs in as the demo member (has a loyalty membership and coins). */
  member: string;
  /** A second member of the same app. */
  otherMember: string;
  /** The demo staff user (STAFF in every place). */
  staff: string;
  /** The demo company's owner (the admin API). */
  owner: string;
  orderUid: string;
  /** A saved delivery address of the member. */
  addressUid: string;
  subscriptionUid: string;
  /** A valid order body at the first pickup slot of tomorrow. */
  order: Record<string, unknown>;
  /** Mailed link tokens of the members whose accounts the link routes act on. */
  links: Links;
  prefixedLinks: Links;
}

export type World = Awaited<ReturnType<typeof createWorld>>;

export async function createWorld() {
  const { file, tenants } = proofTenants(['acme', 'rival']);
  const t = await createTestApp({ tenantFile: file });
  const mailbox = async (host: string, to: string, path: string) => {
    const res = await t.app.inject({ url: '/api/dev/mailbox/', headers: { host } });
    const mail = (res.json() as { to: string; text: string }[]).find(
      (m) => m.to === to && m.text.includes(path),
    );
    const url = mail?.text.match(/https?:\/\/\S+/)?.[0];
    if (!url) throw new Error(`no ${path} mail for ${to}`);
    return new URL(url).pathname.split('/').filter(Boolean).at(-1) as string;
  };

  async function side(tenant: ProofTenant): Promise<TenantSide> {
    const headers = (token?: string) => ({
      host: tenant.host,
      ...(token ? { authorization: `Token ${token}` } : {}),
    });
    const member = await issueToken(t.db, { uid: tenant.id(DEMO_MEMBER_UID), appUid: tenant.uid });
    const staff = await issueToken(t.db, { uid: tenant.id(DEMO_STAFF_UID), appUid: tenant.uid });
    const owner = await issueToken(t.db, { uid: tenant.id(DEMO_OWNER_UID), appUid: tenant.uid });
    const [other] = await t.db
      .insert(users)
      .values({ appUid: tenant.uid, email: 'otro@proof.pe', firstName: 'Otro', lastName: 'Socio' })
      .returning({ uid: users.uid, appUid: users.appUid });
    if (!other) throw new Error('no second member');
    const otherMember = await issueToken(t.db, other);

    const date = tomorrow();
    const place = tenant.id(PLACE);
    const schedule = await t.app.inject({
      url: `/api/v7/places/${place}/pickup-schedule/?date=${date}`,
      headers: headers(),
    });
    const slot = schedule.json().slots[0];
    const order = pickupBody({ pickup_date: date, start_time: slot.start_time, end_time: slot.end_time }, [
      { uid: tenant.id(PRODUCT), quantity: 1, option_groups: [], direct_purchase: false },
    ]);
    const post = async (url: string, payload: unknown, token?: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload: payload as object,
        headers: headers(token),
      });
      if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      return res.json();
    };
    const orderUid = (await post(`/api/v5/places/${place}/orders/`, order, member)).uid;
    const addressUid = (
      await post(
        '/api/v5/me/addresses/',
        { label: 'Casa', district: 'Miraflores', address: 'Av. Larco 123' },
        member,
      )
    ).uid;
    const subscriptionUid = (
      await post(`/api/v5/places/${place}/subscriptions/`, { ...order, days: [1, 3] }, member)
    ).uid;

    // The link routes act on members of their own, registered for them: following a deletion link
    // deletes that member (one for the plain deletion route, one for the prefixed one).
    const linkMember = async (n: number) => {
      const email = `enlaces${n}@${tenant.host}`;
      const registered = await post('/api/v5/register/', {
        document_type: 'NATIONAL_ID',
        document_number: `7000000${n}`,
        first_name: 'Enlace',
        last_name: 'Prueba',
        email,
        mobile_number: `91100000${n}`,
        password: 'una-clave-larga',
        accepted_terms_cond: true,
      });
      await post('/api/v5/me/reset_password/', { email });
      await post('/api/v5/delete-account/', {}, registered.token);
      const me = await t.app.inject({ url: '/api/v5/me/', headers: headers(registered.token) });
      return {
        uid: me.json().uid as string,
        verify: await mailbox(tenant.host, email, '/verification-email/'),
        reset: await mailbox(tenant.host, email, '/reset-password/'),
        delete: await mailbox(tenant.host, email, '/me/delete/'),
      };
    };
    const links = await linkMember(1);
    const prefixedLinks = await linkMember(2);
    return {
      tenant,
      member,
      otherMember,
      staff,
      owner,
      orderUid,
      addressUid,
      subscriptionUid,
      order,
      links,
      prefixedLinks,
    };
  }

  const a = await side(tenants[0] as ProofTenant);
  const b = await side(tenants[1] as ProofTenant);
  /** An image uploaded by each tenant's owner, served on that tenant's domain only. */
  const image = async (tenant: ProofTenant, color: number) => {
    const owner = await issueToken(t.db, { uid: tenant.id(OWNER_UID), appUid: tenant.uid });
    const { payload, contentType } = multipartForm(await picture('png', 400, 300, 1 - color / 10));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/companies/${tenant.id('demo-main')}/images/`,
      headers: { authorization: `Token ${owner}`, 'content-type': contentType },
      payload,
    });
    if (res.statusCode !== 201) throw new Error(`image upload: ${res.statusCode} ${res.body}`);
    return res.json().uid as string;
  };
  const images = { a: await image(a.tenant, 1), b: await image(b.tenant, 2) };

  const both = (demoUid: string): Fixture => ({ a: a.tenant.id(demoUid), b: b.tenant.id(demoUid) });
  const link = (s: TenantSide) => (path: string) =>
    path.includes('{prefix}')
      ? s.prefixedLinks.delete
      : path.includes('verification-email')
        ? s.links.verify
        : path.includes('reset_password')
          ? s.links.reset
          : s.links.delete;

  /**
   * One entry per path-parameter name (or `segment/{name}` where a name means different objects). A
   * route whose parameter has no entry fails the isolation matrix: add its objects here.
   */
  const fixtures: Record<string, Fixture> = {
    uid_app: { a: a.tenant.uid, b: b.tenant.uid },
    uidApp: { a: a.tenant.uid, b: b.tenant.uid },
    prefix: { a: 'club', b: 'club' },
    place_uid: both(PLACE),
    company_uid: both('demo-main'),
    'companies/{uid}': both('demo-main'),
    code: { a: 'BIENVENIDA', b: 'BIENVENIDA' },
    product_uid: both(PRODUCT),
    order_uid: { a: a.orderUid, b: b.orderUid, member: true },
    subscription_uid: { a: a.subscriptionUid, b: b.subscriptionUid, member: true },
    'addresses/{uid}': { a: a.addressUid, b: b.addressUid, member: true },
    // Mailed links carry their own secret: the signed-in member does not matter, the app does.
    uidUser: { a: a.links.uid, b: b.links.uid },
    'delete/{uid}': { a: a.links.uid, b: b.links.uid },
    '{uidApp}/{uid}': { a: a.prefixedLinks.uid, b: b.prefixedLinks.uid },
    token: { a: link(a), b: link(b) },
    'programs/{uid}': both('demo-club'),
    program_id: both('demo-club'),
    program_uid: both('demo-club'),
    programUid: both('demo-club'),
    program: both('demo-club'),
    id: both('promo-bienvenida'),
    promotion_id: both('promo-bienvenida'),
    promotionUid: both('promo-bienvenida'),
    promotion: both('promo-bienvenida'),
    raffle_uid: both('raffle-aniversario'),
    poll_uid: both('poll-satisfaccion'),
    poll: both('poll-satisfaccion'),
    event_uid: both('event-feria'),
    'media/{uid}': images,
    file: { a: '320.webp', b: '320.webp' },
    // The admin API: the company in the path, then its objects.
    companyUid: both('demo-main'),
    'categories/{uid}': both('pc-entradas'),
    'products/{uid}': both(PRODUCT),
    'orders/{uid}': { a: a.orderUid, b: b.orderUid },
    // The manager: the controls revoke that role (the staff user keeps the retail routes' own).
    'staff/{uid}': { a: a.tenant.id(MANAGER_UID), b: b.tenant.id(MANAGER_UID) },
    'places/{uid}': both(PLACE),
    'members/{uid}': both(DEMO_MEMBER_UID),
    'cities/{uid}': both('area-lima'),
    'promotions/{uid}': both('promo-bienvenida'),
    'coupons/{uid}': both('coupon-bienvenida'),
    'gift-cards/{uid}': both('gift-demo-50'),
    'raffles/{uid}': both('raffle-aniversario'),
    'polls/{uid}': both('poll-satisfaccion'),
    'events/{uid}': both('event-feria'),
    'ads/{uid}': both('ad-club-1'),
    'landing-sections/{uid}': both('demo-l-bienvenida'),
    // Another product than products/{uid}: the controls delete that one first.
    'availability/{uid}': {
      a: `${a.tenant.id(PLACE)}.${a.tenant.id('p-lomo-saltado')}`,
      b: `${b.tenant.id(PLACE)}.${b.tenant.id('p-lomo-saltado')}`,
    },
  };

  /**
   * Bodies for the routes whose schema has rules a JSON Schema cannot carry (refinements): a sample of
   * the schema would answer 400 before the ids are looked up.
   */
  const password = { password: 'otra-clave-larga', password_confirmation: 'otra-clave-larga' };
  const device = createECDH('prime256v1');
  device.generateKeys();
  const pushSubscription = {
    endpoint: 'https://push.example.com/proof',
    keys: {
      p256dh: device.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    },
  };
  const bodies: Record<string, unknown> = {
    'POST /api/v5/places/{place_uid}/orders/': a.order,
    'POST /api/v5/places/{place_uid}/subscriptions/': { ...a.order, days: [1, 3] },
    'POST /api/v5/me/reset_password/{uidUser}/{token}/': password,
    'POST /api/v5/me/push-subscriptions/': pushSubscription,
    'DELETE /api/v5/me/push-subscriptions/': { endpoint: pushSubscription.endpoint },
  };

  return { t, a, b, fixtures, bodies, close: () => t.close() };
}

export const fixtureValue = (value: FixtureValue, path: string) =>
  typeof value === 'function' ? value(path) : value;
