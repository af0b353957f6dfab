import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostileValue, mutatedArbitrary, validArbitrary } from './json-schema-arbitrary.ts';
import { type ApiRoute, apiRoutes, fillPath, fixtureKey, routeName } from './route-table.ts';
import { createWorld, fixtureValue, type World } from './world.ts';

// Every route of the route table, called with bodies and query strings generated from its schema and
// mutated out of it, with hostile path ids, and with malformed JSON and wrong content types: no answer
// may be a 5xx, and every 4xx must have the spec's error shape. FUZZ_RUNS sets the calls per route.

const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
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
}

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
  return fc.record({ ids, query, body, signedIn: fc.boolean() });
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
      ...(request.signedIn ? { authorization: `Token ${token}` } : {}),
      ...(withBody ? { 'content-type': 'application/json' } : {}),
    },
    ...(withBody ? { payload: JSON.stringify(request.body) } : {}),
  });
}

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
        { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? Date.now() % 100_000), endOnFailure: true },
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
