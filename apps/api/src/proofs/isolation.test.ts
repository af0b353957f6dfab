import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validArbitrary } from './json-schema-arbitrary.ts';
import { type ApiRoute, apiRoutes, fillPath, fixtureKey, type JsonSchema, routeName } from './route-table.ts';
import { createWorld, fixtureValue, type World } from './world.ts';

// The isolation matrix, generated from the route table: every route with an id in its path, called on
// tenant A with one id at a time taken from tenant B, answers 404; a member's object called with
// another member's token answers 404; member routes without a token answer 401; retail routes called
// by a member answer 403. The same call with A's own ids must not answer 404, or the case proves
// nothing. A route whose parameter has no fixture fails: new routes force a case.

let world: World;
let routes: ApiRoute[];

beforeAll(async () => {
  world = await createWorld();
  // The operator's routes span the installation (an operator sees every app): no tenant owns their ids.
  // Only installation operators pass them; their matrix is modules/admin/admin-matrix.test.ts.
  routes = apiRoutes(world.t.app).filter((route) => !route.path.startsWith('/api/admin/operator/'));
}, 120_000);
afterAll(() => world?.close());

/** A value the schema accepts (required keys only), so that validation does not answer before the lookup. */
const sample = (schema: JsonSchema | null) =>
  schema ? fc.sample(validArbitrary(schema, true), { seed: 7, numRuns: 1 })[0] : undefined;

/** Under /me/ but for signed-out members: asking for and following a password reset link. */
const SIGNED_OUT = /\/me\/reset_password\//;
const needsMember = (route: ApiRoute) =>
  (route.path.includes('/me/') || route.path.includes('/retail/')) &&
  !route.pathParams.includes('token') &&
  !SIGNED_OUT.test(route.path);

async function call(route: ApiRoute, values: Record<string, string>, token: string | null) {
  const body = routeName(route) in world.bodies ? world.bodies[routeName(route)] : sample(route.body);
  const query = sample(route.query) as Record<string, string> | undefined;
  const res = await world.t.app.inject({
    method: route.method,
    url: fillPath(route.path, values),
    query,
    headers: {
      host: world.a.tenant.host,
      ...(token ? { authorization: `Token ${token}` } : {}),
    },
    ...(body === undefined ? {} : { payload: body as object }),
  });
  return { status: res.statusCode, body: res.body };
}

describe('isolation matrix', () => {
  it('has a fixture for every path parameter of every route', () => {
    const missing = routes.flatMap((route) =>
      route.pathParams
        .filter((name) => !fixtureKey(route.path, name, world.fixtures))
        .map((name) => `${routeName(route)}: {${name}}`),
    );
    expect(missing, 'add these parameters to the fixtures in proofs/world.ts').toEqual([]);
    expect(routes.filter((route) => route.pathParams.length).length).toBeGreaterThan(30);
  });

  it('answers 404 for another tenant’s and another member’s objects, and not for one’s own', async () => {
    const failures: string[] = [];
    const controls: (() => Promise<void>)[] = [];
    for (const route of routes.filter((r) => r.pathParams.length)) {
      const keys = route.pathParams.map((name) => fixtureKey(route.path, name, world.fixtures) as string);
      const fixtures = keys.map((key) => world.fixtures[key] as NonNullable<(typeof world.fixtures)[string]>);
      const own = Object.fromEntries(
        route.pathParams.map((name, i) => [name, fixtureValue(fixtures[i]?.a as string, route.path)]),
      );
      const name = routeName(route);
      const expectStatus = (label: string, got: { status: number; body: string }, want: number) => {
        if (got.status !== want) failures.push(`${name} ${label}: ${got.status} ${got.body.slice(0, 160)}`);
      };

      // Retail routes are staff work: the tenant cases use A's staff, and a member meets the role check.
      // Admin routes are the owner's (their role matrix is modules/admin/admin-matrix.test.ts).
      const retail = route.path.includes('/retail/');
      const admin = route.path.startsWith('/api/admin/');
      const token = retail ? world.a.staff : admin ? world.a.owner : world.a.member;
      for (const [i, param] of route.pathParams.entries()) {
        const foreign = fixtureValue(fixtures[i]?.b as string, route.path);
        if (foreign === own[param]) continue; // a shared value (a code, a path prefix): not an id
        const got = await call(route, { ...own, [param]: foreign }, token);
        expectStatus(`{${param}} of tenant B`, got, 404);
      }
      const allForeign = Object.fromEntries(
        route.pathParams.map((param, i) => [param, fixtureValue(fixtures[i]?.b as string, route.path)]),
      );
      expectStatus('every id of tenant B', await call(route, allForeign, token), 404);

      if (!retail && !admin && fixtures.some((f) => f.member))
        expectStatus('another member', await call(route, own, world.a.otherMember), 404);
      if (needsMember(route)) expectStatus('no token', await call(route, own, null), 401);
      if (retail) expectStatus('a member without a staff role', await call(route, own, world.a.member), 403);

      // Controls last (some act: a deletion link deletes its member), writes after reads.
      controls.push(async () => {
        const got = await call(route, own, token);
        if (got.status === 404 || got.status >= 500)
          failures.push(`${name} with tenant A's own ids: ${got.status} ${got.body.slice(0, 160)}`);
      });
    }
    const order = (route: ApiRoute) => (route.method === 'DELETE' ? 2 : route.method === 'GET' ? 0 : 1);
    const sorted = routes
      .filter((r) => r.pathParams.length)
      .map((route, i) => ({ route, control: controls[i] as () => Promise<void> }))
      .sort((x, y) => order(x.route) - order(y.route));
    for (const { control } of sorted) await control();
    expect(failures).toEqual([]);
  }, 60_000);

  it('answers 401 without a token on every member route', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((r) => needsMember(r) && !r.pathParams.length)) {
      const got = await call(route, {}, null);
      if (got.status !== 401) failures.push(`${routeName(route)}: ${got.status} ${got.body.slice(0, 160)}`);
    }
    expect(failures).toEqual([]);
  });
});
