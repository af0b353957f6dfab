import { MAX_LINE_QUANTITY } from '@storefront/contracts/constants';
import { placeProducts } from '@storefront/db/schema/catalogue';
import { promotions } from '@storefront/db/schema/loyalty';
import { and, eq, isNotNull } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MEMBER_UID } from '../modules/orders/orders.fixtures.ts';
import { issueToken } from '../modules/sessions/sessions.service.ts';
import { hostileValue, mutatedArbitrary, validArbitrary } from './json-schema-arbitrary.ts';
import { type ApiRoute, apiRoutes, fillPath, fixtureKey, routeName } from './route-table.ts';
import { createWorld, fixtureValue, type World } from './world.ts';

const STAFF_UID = '0b9f3c52-6c1e-4d6f-9a53-4f1f2f9f0002';

// Every route of the route table, called with bodies and query strings generated from its schema and
// mutated out of it (impossible and far dates, numeric strings among them), with hostile path ids,
// Host and X-Forwarded-* headers, and with malformed JSON and wrong content types: no answer may be a
// 5xx, and every 4xx must have the spec's error shape. Bodies made to break a business rule must never
// be accepted. FUZZ_RUNS sets the calls per route; FUZZ_SEED replays a run (its seed is printed).

const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
/** One seed per run, printed, so that a failure replays with FUZZ_SEED=<seed>. */
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);
console.log(`fuzz seed ${SEED} (replay: FUZZ_SEED=${SEED} npx vitest run apps/api/src/proofs/fuzz.test.ts)`);
let world: World;
let routes: ApiRoute[];

beforeAll(async () => {
  world = await createWorld();
  // Routes that end the session or the account go last, so that the others keep a signed-in member.
  const last = (route: ApiRoute) => (route.method === 'DELETE' || route.path.includes('logout') ? 1 : 0);
  routes = apiRoutes(world.t.app).sort((x, y) => last(x) - last(y));
}, 120_000);
afterAll(() => world?.close());

/** `{detail}` (401, 403, 404, 429, …) or `{field: [messages]}` with `non_field_errors` (400). */
export function errorShapeProblem(status: number, text: string): string | null {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return 'not JSON';
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'not an object';
  const entries = Object.entries(body);
  if (typeof (body as { detail?: unknown }).detail === 'string') return null;
  if (status === 400 && entries.length > 0) {
    const fieldsOk = entries.some(
      ([, value]) => Array.isArray(value) && value.length > 0 && value.every((m) => typeof m === 'string'),
    );
    if (fieldsOk) return null;
  }
  return 'neither {detail} nor {field: [messages]}';
}

const toQuery = (value: unknown): string => {
  if (!value || typeof value !== 'object' || Array.isArray(value))
    return `q=${encodeURIComponent(JSON.stringify(value))}`;
  const params = new URLSearchParams();
  for (const [key, item] of Object.entries(value)) {
    for (const one of Array.isArray(item) ? item : [item])
      params.append(key, typeof one === 'string' ? one : JSON.stringify(one));
  }
  return params.toString();
};

interface FuzzRequest {
  ids: Record<string, string>;
  query: unknown;
  body: unknown;
  signedIn: boolean;
  /** Host and X-Forwarded-* headers; the tenant's own host when absent. */
  headers: Record<string, string>;
}

/** Hosts that are not a valid host[:port], or not a tenant's: each must be a 4xx, never a 5xx. */
const hostileHost = fc.constantFrom(
  'localhost:abc',
  'localhost:99999',
  'localhost:%',
  'localhost:[',
  'localhost:@evil.example',
  'evil.example',
  '[::1]:8080',
  '',
  ' ',
  'a'.repeat(300),
  'xn--.localhost',
);
const headersArbitrary = (ownHost: string): fc.Arbitrary<Record<string, string>> =>
  fc.record(
    {
      host: fc.oneof({ weight: 3, arbitrary: fc.constant(ownHost) }, hostileHost),
      'x-forwarded-host': fc.oneof(fc.constant(ownHost), hostileHost),
      'x-forwarded-proto': fc.constantFrom('https', 'http', 'javascript', 'a b', '', 'https,http', '%'),
      'x-forwarded-for': fc.constantFrom(
        '203.0.113.9',
        '1.1.1.1, 10.0.0.1',
        'not-an-ip',
        '::1',
        '',
        '999.1.1.1',
      ),
    },
    { requiredKeys: ['host'] },
  );

function requestArbitrary(route: ApiRoute): fc.Arbitrary<FuzzRequest> {
  const own = Object.fromEntries(
    route.pathParams.map((name) => {
      const key = fixtureKey(route.path, name, world.fixtures);
      return [name, key ? fixtureValue(world.fixtures[key]?.a ?? 'x', route.path) : 'x'];
    }),
  );
  const hostileId = fc.oneof(
    fc.string({ maxLength: 80 }),
    hostileValue.map((v) => (typeof v === 'string' ? v : String(JSON.stringify(v)))),
    fc.constant('x'.repeat(600)),
  );
  const ids = fc.record(
    Object.fromEntries(
      route.pathParams.map((name) => [name, fc.oneof(fc.constant(own[name] as string), hostileId)]),
    ),
  ) as fc.Arbitrary<Record<string, string>>;
  const valid = fc.constant(undefined);
  const query = route.query
    ? fc.oneof(validArbitrary(route.query), mutatedArbitrary(route.query))
    : fc.oneof(valid, hostileValue);
  const body = route.body
    ? fc.oneof(validArbitrary(route.body), mutatedArbitrary(route.body))
    : fc.oneof(valid, hostileValue);
  return fc.record({
    ids,
    query,
    body,
    signedIn: fc.boolean(),
    headers: headersArbitrary(world.a.tenant.host),
  });
}

async function send(route: ApiRoute, request: FuzzRequest) {
  const token = route.path.includes('/retail/') ? world.a.staff : world.a.member;
  const queryString = request.query === undefined ? '' : `?${toQuery(request.query)}`;
  const withBody = route.method !== 'GET' && request.body !== undefined;
  return world.t.app.inject({
    method: route.method,
    url: `${fillPath(route.path, request.ids)}${queryString}`,
    headers: {
      host: world.a.tenant.host,
      ...request.headers,
      ...(request.signedIn ? { authorization: `Token ${token}` } : {}),
      ...(withBody ? { 'content-type': 'application/json' } : {}),
    },
    ...(withBody ? { payload: JSON.stringify(request.body) } : {}),
  });
}

/** A call made to break one business rule; `rule` names it in a failure. */
interface RuleBreak {
  rule: string;
  method: 'POST';
  url: string;
  body: unknown;
  as: 'member' | 'staff';
}

// Runs before the route fuzzing, whose logout and deletion routes end sessions: with fresh tokens and
// a control call that must succeed, a refusal here is the rule's, not a lost session's.
describe('bodies made to break a business rule', () => {
  it('are never accepted (too many options, above stock, expired or future promotion, wrong place)', async () => {
    const { a, b, t } = world;
    const id = a.tenant.id;
    const member = await issueToken(t.db, { uid: id(DEMO_MEMBER_UID), appUid: a.tenant.uid });
    const staff = await issueToken(t.db, { uid: id(STAFF_UID), appUid: a.tenant.uid });
    const place = id('place-miraflores');
    const orders = `/api/v5/places/${place}/orders/`;
    const call = (method: 'POST', url: string, body: unknown, token: string) =>
      t.app.inject({
        method,
        url,
        headers: { host: a.tenant.host, authorization: `Token ${token}` },
        payload: body as object,
      });

    // The controls: the same shapes, within the rules, are accepted.
    const lomo = (groups: { uid: string; options: string[] }[]) => ({
      uid: id('p-lomo-saltado'),
      quantity: 1,
      option_groups: groups.map((g) => ({ uid: id(g.uid), options: g.options.map((o) => ({ uid: id(o) })) })),
      direct_purchase: false,
    });
    const termino = ['og-lomo-termino-jugoso', 'og-lomo-termino-a-punto', 'og-lomo-termino-bien-cocido'];
    const extras = [
      'og-lomo-extras-huevo-frito',
      'og-lomo-extras-platano-frito',
      'og-lomo-extras-porcion-de-arroz',
    ];
    const control = await call(
      'POST',
      orders,
      { ...a.order, products: [lomo([{ uid: 'og-lomo-termino', options: [termino[0] as string] }])] },
      member,
    );
    expect(control.statusCode, control.body).toBe(201);

    // Promotions out of their dates: one expired yesterday, one valid only from tomorrow.
    const day = 24 * 60 * 60 * 1000;
    const program = id('demo-club');
    await t.db.insert(promotions).values([
      { uid: 'fuzz-expired', programUid: program, title: 'Vencida', validUntil: new Date(Date.now() - day) },
      { uid: 'fuzz-future', programUid: program, title: 'Futura', validFrom: new Date(Date.now() + day) },
    ]);
    const stocked = await t.db
      .select({ uid: placeProducts.productUid, stock: placeProducts.stock })
      .from(placeProducts)
      .where(and(eq(placeProducts.placeUid, place), isNotNull(placeProducts.stock)));
    const limited = stocked.filter((row) => (row.stock ?? 0) < MAX_LINE_QUANTITY);
    expect(limited.length).toBeGreaterThan(0);

    const line = (uid: string, quantity: number) => ({
      uid,
      quantity,
      option_groups: [],
      direct_purchase: false,
    });
    const breaks: fc.Arbitrary<RuleBreak>[] = [
      // More options than a group's maximum (termino: 1, extras: 2).
      fc
        .oneof(
          fc.subarray(termino, { minLength: 2 }).map((options) => [{ uid: 'og-lomo-termino', options }]),
          fc.subarray(extras, { minLength: 3 }).map((options) => [
            { uid: 'og-lomo-termino', options: [termino[1] as string] },
            { uid: 'og-lomo-extras', options },
          ]),
        )
        .map((groups) => ({
          rule: 'option group maximum',
          method: 'POST' as const,
          url: orders,
          body: { ...a.order, products: [lomo(groups)] },
          as: 'member' as const,
        })),
      // More than the place has in stock.
      fc
        .constantFrom(...limited)
        .chain((row) =>
          fc.integer({ min: (row.stock ?? 0) + 1, max: MAX_LINE_QUANTITY }).map((q) => line(row.uid, q)),
        )
        .map((item) => ({
          rule: 'stock',
          method: 'POST' as const,
          url: orders,
          body: { ...a.order, products: [item] },
          as: 'member' as const,
        })),
      // A promotion out of its dates, by every way of using one.
      fc.constantFrom('fuzz-expired', 'fuzz-future').chain((promotion) =>
        fc.constantFrom<RuleBreak>(
          {
            rule: `promotion dates (${promotion}, purchase)`,
            method: 'POST',
            url: `/api/v5/me/programs/${program}/promotions/${promotion}/purchase`,
            body: {},
            as: 'member',
          },
          {
            rule: `promotion dates (${promotion}, redemption-by-user)`,
            method: 'POST',
            url: '/api/v5/redemption-by-user/',
            body: { program_promotion: promotion },
            as: 'member',
          },
          {
            rule: `promotion dates (${promotion}, qrcode)`,
            method: 'POST',
            url: `/api/v5/me/programs/${program}/promotions/${promotion}/qrcode`,
            body: {},
            as: 'member',
          },
          {
            rule: `promotion dates (${promotion}, retail)`,
            method: 'POST',
            url: '/api/v5/retail/redemptions/',
            body: { place, member: id(DEMO_MEMBER_UID), promotion },
            as: 'staff',
          },
        ),
      ),
      // The wrong place: another tenant's, or one that does not exist.
      fc
        .constantFrom(b.tenant.id('place-miraflores'), 'no-such-place', id('place-miraflores-x'))
        .chain((other) =>
          fc.constantFrom<RuleBreak>(
            {
              rule: `place (${other}, order)`,
              method: 'POST',
              url: `/api/v5/places/${other}/orders/`,
              body: a.order,
              as: 'member',
            },
            {
              rule: `place (${other}, stamp)`,
              method: 'POST',
              url: '/api/v5/retail/stamps/',
              body: { place: other, member: id(DEMO_MEMBER_UID), program },
              as: 'staff',
            },
            {
              rule: `place (${other}, points)`,
              method: 'POST',
              url: '/api/v5/retail/points/',
              body: { place: other, member: id(DEMO_MEMBER_UID), program, amount: 5, description: 'x' },
              as: 'staff',
            },
          ),
        ),
    ];

    const accepted: string[] = [];
    const result = await fc.check(
      fc.asyncProperty(fc.oneof(...breaks), async (attempt) => {
        const res = await call(
          attempt.method,
          attempt.url,
          attempt.body,
          attempt.as === 'staff' ? staff : member,
        );
        if (res.statusCode < 300 || res.statusCode >= 500) {
          accepted.push(
            `${attempt.rule}: ${res.statusCode} ${res.body.slice(0, 160)} for ${JSON.stringify(attempt.body).slice(0, 300)}`,
          );
          return false;
        }
        return true;
      }),
      { numRuns: RUNS * 10, seed: SEED },
    );
    expect(accepted, `seed ${result.seed}`).toEqual([]);
  }, 120_000);
});

describe('fuzzing every route', () => {
  it('never answers 5xx, and every 4xx has the error shape', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const result = await fc.check(
        fc.asyncProperty(requestArbitrary(route), async (request) => {
          const res = await send(route, request);
          if (res.statusCode >= 500) return false;
          if (res.statusCode >= 400 && res.statusCode !== 405)
            return errorShapeProblem(res.statusCode, res.body) === null;
          return true;
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
      if (result.failed) {
        const request = result.counterexample?.[0] as FuzzRequest;
        const res = await send(route, request);
        failures.push(
          `${routeName(route)} (seed ${result.seed}): ${res.statusCode} ${res.body.slice(0, 200)} for ${JSON.stringify(request).slice(0, 400)}`,
        );
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('answers malformed JSON, wrong content types and oversized bodies with a 4xx in the error shape', async () => {
    const failures: string[] = [];
    const raw: { type: string; payload: string | Buffer }[] = [
      { type: 'application/json', payload: '{"a":' },
      { type: 'application/json', payload: '' },
      { type: 'application/json', payload: 'null' },
      { type: 'application/json', payload: '[1,2,3]' },
      { type: 'application/json', payload: '"text"' },
      { type: 'application/json; charset=latin1', payload: '{}' },
      { type: 'text/plain', payload: 'hola' },
      { type: 'application/x-www-form-urlencoded', payload: 'a=1&b=2' },
      {
        type: 'multipart/form-data; boundary=x',
        payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
      },
      { type: 'application/xml', payload: '<a/>' },
      { type: 'application/json', payload: `{"a":"${'x'.repeat(1_100_000)}"}` },
      { type: 'application/json', payload: `${'['.repeat(5000)}${']'.repeat(5000)}` },
    ];
    for (const route of routes.filter((r) => r.method !== 'GET')) {
      const url = fillPath(
        route.path,
        Object.fromEntries(
          route.pathParams.map((name) => {
            const key = fixtureKey(route.path, name, world.fixtures);
            return [name, key ? fixtureValue(world.fixtures[key]?.a ?? 'x', route.path) : 'x'];
          }),
        ),
      );
      for (const { type, payload } of raw) {
        const res = await world.t.app.inject({
          method: route.method,
          url,
          headers: {
            host: world.a.tenant.host,
            authorization: `Token ${world.a.member}`,
            'content-type': type,
          },
          payload,
        });
        const problem =
          res.statusCode >= 500
            ? '5xx'
            : res.statusCode >= 400
              ? errorShapeProblem(res.statusCode, res.body)
              : null;
        if (problem)
          failures.push(
            `${routeName(route)} ${type} ${payload.slice(0, 20)}…: ${res.statusCode} ${problem} ${res.body.slice(0, 160)}`,
          );
      }
    }
    expect(failures).toEqual([]);
  }, 60_000);
});
