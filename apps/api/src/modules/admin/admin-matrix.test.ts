import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes } from '../../proofs/route-table.ts';
import { createTestApp } from '../../test/test-app.ts';
import type { AdminRouteEntry } from './access/admin-guard.ts';
import { type AdminTokens, adminTenantFile, adminTokens, as } from './admin.fixtures.ts';
import {
  ACCOUNT_ROUTES,
  type Answer,
  CASES,
  type Caller,
  caseOf,
  nameOf,
  OPERATOR_CASES,
  prepareCases,
  request,
} from './admin-cases.ts';

// The admin authorization matrix: every route registered under /api/admin/ (collected by
// adminRouteTablePlugin) has a case in admin-cases.ts with the answer each caller gets, written there
// as data; a route without one fails the first test. Refusals must be exactly the expected status;
// the callers let through must get past the guard.

let t: Awaited<ReturnType<typeof createTestApp>>;
let tokens: AdminTokens;
let table: AdminRouteEntry[];

beforeAll(async () => {
  t = await createTestApp({ tenantFile: adminTenantFile() });
  tokens = await adminTokens(t.db);
  table = t.app.adminRoutes;
  await prepareCases(t);
});
afterAll(() => t.close());

const tokenOf = (caller: Caller) => (caller === 'anonymous' ? null : tokens[caller]);
/** The route's row: each caller with the answer it must get (the operator last: it may act as owner). */
const answers = (route: AdminRouteEntry) => Object.entries(caseOf(route)?.access ?? {}) as [Caller, Answer][];

describe('admin authorization matrix', () => {
  it('has a case and a role for every admin route, and every admin route is in the OpenAPI document', () => {
    const scoped = table.filter((route) => route.companyScoped);
    expect(scoped.length).toBeGreaterThanOrEqual(17);
    const missing = scoped.filter((route) => !(nameOf(route) in CASES)).map(nameOf);
    expect(missing, 'add a case for these routes to CASES').toEqual([]);
    const roleless = scoped.filter((route) => !route.adminRole).map(nameOf);
    expect(roleless, "give these routes config: { adminRole: 'owner' | 'manager' }").toEqual([]);
    const operatorRoutes = table.filter((route) => route.operatorOnly);
    expect(operatorRoutes.length).toBeGreaterThanOrEqual(5);
    expect(
      operatorRoutes.filter((route) => !(nameOf(route) in OPERATOR_CASES)).map(nameOf),
      'add a case for these routes to OPERATOR_CASES',
    ).toEqual([]);
    expect(
      operatorRoutes.filter((route) => route.adminRole !== 'operator').map(nameOf),
      "give these routes config: { adminRole: 'operator' }",
    ).toEqual([]);
    const other = table.filter((route) => !route.companyScoped && !route.operatorOnly).map(nameOf);
    expect(other.sort(), 'add a case for these routes to ACCOUNT_ROUTES').toEqual([...ACCOUNT_ROUTES].sort());
    expect(Object.keys(CASES).filter((name) => !scoped.some((route) => nameOf(route) === name))).toEqual([]);
    // The document names parameters {companyUid}; the route table :companyUid.
    const documented = new Set(
      apiRoutes(t.app)
        .filter((route) => route.path.startsWith('/api/admin/'))
        .map((route) => `${route.method} ${route.path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    expect(table.map(nameOf).filter((name) => !documented.has(name))).toEqual([]);
  });

  it('gives every caller of a company route the answer of its row', async () => {
    const failures: string[] = [];
    const expectStatus = async (
      label: string,
      route: AdminRouteEntry,
      options: InjectOptions,
      want: number,
    ) => {
      const res = await t.app.inject(options);
      if (res.statusCode !== want)
        failures.push(`${nameOf(route)} ${label}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    };
    const scoped = table.filter((route) => route.companyScoped);
    for (const route of scoped) {
      for (const [caller, want] of answers(route))
        if (want !== 'ok') await expectStatus(caller, route, request(route, tokenOf(caller)), want);
      await expectStatus('bad token', route, request(route, 'nope'), 401);
      await expectStatus('an unknown company', route, request(route, tokens.owner, 'no-such-company'), 404);
    }
    // The callers let through, reads before writes before deletions: the first gets a 2xx, the others
    // get past the guard (a second delete finds nothing, a second offer exists).
    const order = (route: AdminRouteEntry) =>
      route.method === 'GET' ? 0 : route.method === 'DELETE' ? 2 : 1;
    for (const route of [...scoped].sort((x, y) => order(x) - order(y))) {
      const callers = answers(route).filter(([, want]) => want === 'ok');
      for (const [i, [caller]] of callers.entries()) {
        const res = await t.app.inject(request(route, tokenOf(caller)));
        const refused = [401, 403].includes(res.statusCode) || res.statusCode >= 500;
        const failed =
          i === 0 ? res.statusCode >= 300 : refused || (res.statusCode === 404 && route.method !== 'DELETE');
        if (failed) failures.push(`${nameOf(route)} ${caller}: ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('gives every caller of an operator route the answer of its row', async () => {
    const failures: string[] = [];
    for (const route of table.filter((r) => r.operatorOnly)) {
      for (const [caller, want] of answers(route)) {
        const res = await t.app.inject(request(route, tokenOf(caller)));
        const failed = want === 'ok' ? res.statusCode >= 300 : res.statusCode !== want;
        if (failed) failures.push(`${nameOf(route)} ${caller}: ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
      const res = await t.app.inject(request(route, 'nope'));
      if (res.statusCode !== 401) failures.push(`${nameOf(route)} bad token: ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers the account calls by caller', async () => {
    const session = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/admin/session/', headers: as(null), payload });
    expect((await session({ email: 'socio@demo.pe', password: 'Demo1234!' })).statusCode).toBe(400);
    expect((await session({ email: 'tienda@demo.pe', password: 'Demo1234!' })).statusCode).toBe(400);
    expect((await session({ email: 'dueno@demo.pe', password: 'Demo1234!' })).statusCode).toBe(200);
    for (const method of ['GET', 'DELETE'] as const) {
      const url = method === 'GET' ? '/api/admin/me/' : '/api/admin/session/';
      const status = async (token: string | null) =>
        (await t.app.inject({ method, url, headers: as(token) })).statusCode;
      expect(await status(null), `${method} ${url}`).toBe(401);
      expect(await status(tokens.member)).toBe(403);
      expect(await status(tokens.staff)).toBe(403);
    }
  });
});
