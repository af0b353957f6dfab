import { mailOutbox } from '@storefront/db/schema/accounts';
import { adminAuditLog } from '@storefront/db/schema/admin';
import { appDomains } from '@storefront/db/schema/tenancy';
import { parse } from 'csv-parse/sync';
import { count, desc, gt, sql } from 'drizzle-orm';
import readXlsxFile from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { localNow } from '../catalogue/pickup-schedule.ts';
import { auth, demoMemberToken, firstSlot, pickupBody } from '../orders/orders.fixtures.ts';
import type { AdminRouteEntry } from './access/admin-guard.ts';
import { type AdminTokens, adminTenantFile, adminTokens, as, COMPANY, MEMBER_UID } from './admin.fixtures.ts';

const PLACE = 'place-miraflores';

import { nameOf, prepareCases, request } from './admin-cases.ts';

// Sweeps over every admin write of the route table, each made once with its case from admin-cases.ts:
// it writes exactly one audit line with its before and after; a versioned object (its route takes
// If-Match in the OpenAPI document) refuses another version with 409 and the object as it is, changing
// nothing; and every mail the writes queue links to its app's registered origin, though each request
// came with a foreign Host and X-Forwarded-* headers. And every export (an operation whose document
// takes `format=csv`) guards the cells a spreadsheet would run as formulas, in CSV and XLSX.

let t: Awaited<ReturnType<typeof createTestApp>>;
let tokens: AdminTokens;
let table: AdminRouteEntry[];

/** Headers a client or a misconfigured proxy may send: no link may be built from them. */
const HOSTILE = {
  host: 'evil.example:8443',
  'x-forwarded-host': 'evil.example',
  'x-forwarded-proto': 'https',
  'x-forwarded-port': '8443',
};

/** The writes that write more than one line, and why. */
const AUDIT_LINES: Record<string, number> = {
  // One per card: the case makes two.
  'POST /api/admin/companies/:companyUid/gift-cards/batch/': 2,
};

/** A fresh app with the cases' data for each sweep: the writes' sweep deletes and revokes what others use. */
async function freshApp() {
  t = await createTestApp({ tenantFile: adminTenantFile() });
  tokens = await adminTokens(t.db);
  table = t.app.adminRoutes;
  await prepareCases(t);
}

/** `METHOD /api/admin/...:param/` of every operation whose document takes an If-Match header. */
function versionedRoutes(): Set<string> {
  const doc = t.app.swagger() as {
    paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
  };
  const names = new Set<string>();
  for (const [path, operations] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(operations))
      if (op.parameters?.some((p) => p.in === 'header' && p.name === 'if-match'))
        names.add(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`);
  return names;
}

/** The read of the object a versioned write changes: its own URL, or its parent's for an action. */
function readOf(route: AdminRouteEntry, token: string) {
  const parent = (url: string) => url.replace(/[^/]+\/$/, '');
  const own = table.some((r) => r.method === 'GET' && r.url === route.url);
  const { url } = request(route, token);
  return () => t.app.inject({ method: 'GET', url: own ? url : parent(url), headers: as(token) });
}

const lastLineId = async () =>
  (
    await t.db.select({ id: adminAuditLog.id }).from(adminAuditLog).orderBy(desc(adminAuditLog.id)).limit(1)
  )[0]?.id ?? 0;
const linesSince = (id: number) => t.db.select().from(adminAuditLog).where(gt(adminAuditLog.id, id));
const mailCount = async () => (await t.db.select({ n: count() }).from(mailOutbox))[0]?.n ?? 0;

const order = (route: AdminRouteEntry) => (route.method === 'DELETE' ? 1 : 0);

describe('every admin write', () => {
  beforeAll(freshApp);
  afterAll(() => t.close());

  it('writes one audit line, refuses another version, and mails links to the registered origin', async () => {
    const versioned = versionedRoutes();
    const writes = table
      .filter((route) => (route.companyScoped || route.operatorOnly) && route.method !== 'GET')
      .sort((x, y) => order(x) - order(y));
    expect(writes.length).toBeGreaterThanOrEqual(45);
    const failures: string[] = [];
    const mailers = new Set<string>();
    let checkedVersions = 0;
    for (const route of writes) {
      const name = nameOf(route);
      const token = route.operatorOnly ? tokens.operator : tokens.owner;
      const lastLine = await lastLineId();
      const mailsBefore = await mailCount();
      let ifMatch: Record<string, string> = {};
      if (versioned.has(name)) {
        checkedVersions++;
        const read = readOf(route, token);
        const before = await read();
        const version = Number(JSON.parse(before.headers.etag as string));
        const stale = await t.app.inject(
          request(route, token, COMPANY, { ...HOSTILE, 'if-match': `"${version + 1}"` }),
        );
        const after = await read();
        if (stale.statusCode !== 409) failures.push(`${name} other version: ${stale.statusCode}`);
        else if (JSON.stringify(stale.json().current) !== before.body)
          failures.push(`${name} other version: 409 without the current object`);
        if (after.body !== before.body || after.headers.etag !== before.headers.etag)
          failures.push(`${name} other version changed the object`);
        if ((await linesSince(lastLine)).length > 0)
          failures.push(`${name} other version wrote an audit line`);
        ifMatch = { 'if-match': before.headers.etag as string };
      }
      const res = await t.app.inject(request(route, token, COMPANY, { ...HOSTILE, ...ifMatch }));
      if (res.statusCode >= 300) {
        failures.push(`${name}: ${res.statusCode} ${res.body.slice(0, 160)}`);
        continue;
      }
      const lines = await linesSince(lastLine);
      const want = AUDIT_LINES[name] ?? 1;
      if (lines.length !== want) failures.push(`${name}: ${lines.length} audit lines, not ${want}`);
      for (const line of lines) {
        const shape = { create: [false, true], update: [true, true], delete: [true, false] }[line.action];
        const has = (side: unknown) => side !== null && Object.keys(side as object).length > 0;
        if (!shape || has(line.before) !== shape[0] || has(line.after) !== shape[1])
          failures.push(
            `${name}: a ${line.action} line with before ${JSON.stringify(line.before)}, after ${JSON.stringify(line.after)}`,
          );
      }
      if ((await mailCount()) > mailsBefore) mailers.add(name);
    }
    expect(failures).toEqual([]);
    expect(checkedVersions).toBeGreaterThanOrEqual(10);

    // Every link of every mail queued goes to a registered domain of the mail's app, over https (http
    // for a loopback name in development), with no port: none came from the request's headers.
    const domains = await t.db.select().from(appDomains);
    const mails = await t.db.select().from(mailOutbox);
    const linkFailures: string[] = [];
    for (const mail of mails) {
      const registered = domains
        .filter((d) => d.appUid === mail.appUid)
        .map((d) => `${/(^|\.)localhost$|^127\./.test(d.domain) ? 'http' : 'https'}://${d.domain}`);
      const links = mail.text.match(/https?:\/\/[^\s"')]+/g) ?? [];
      for (const link of links)
        if (!registered.includes(new URL(link).origin)) linkFailures.push(`${mail.subject}: ${link}`);
    }
    expect(linkFailures).toEqual([]);
    // The sweep reached the mails: the staff invite and the first owner's invite are welcome links.
    expect([...mailers]).toEqual(
      expect.arrayContaining([
        'POST /api/admin/companies/:companyUid/staff/',
        'POST /api/admin/operator/companies/:companyUid/owners/',
      ]),
    );
  });
});

/** A text cell a spreadsheet would run (lib/csv.ts guards these with a leading quote). */
const FORMULA = /^[=+\-@\t\r]/;
const NUMBER = /^-?\d+(\.\d+)?$/;

/** `path` and query parameter names (with their enums) of every operation that exports a file. */
function exportRoutes() {
  type Parameter = { in: string; name: string; schema: { enum?: string[] } };
  const doc = t.app.swagger() as { paths: Record<string, Record<string, { parameters?: Parameter[] }>> };
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([, op]) =>
        op.parameters?.some((p) => p.in === 'query' && p.name === 'format' && p.schema.enum?.includes('csv')),
      )
      .map(([, op]) => ({ path, query: (op.parameters ?? []).filter((p) => p.in === 'query') })),
  );
}

describe('every export', () => {
  beforeAll(freshApp);
  afterAll(() => t.close());

  it('guards the cells a spreadsheet would run as formulas, in CSV and XLSX', async () => {
    // Every text an export may carry starts as a formula would: names, titles, places, people.
    await t.db.execute(sql`update products set title = '=HYPERLINK("http://x","y") ' || title`);
    await t.db.execute(sql`update programs set name = '+' || name`);
    await t.db.execute(sql`update promotions set title = '-' || title`);
    await t.db.execute(sql`update places set name = '@' || name`);
    await t.db.execute(sql`update users set first_name = '=1+1', last_name = '+2'`);
    // A sale and a redemption today, so that each table has rows.
    const member = await demoMemberToken(t.db);
    const placed = await t.app.inject({
      method: 'POST',
      url: `/api/v5/places/${PLACE}/orders/`,
      headers: auth(member),
      payload: pickupBody(await firstSlot(t.app, PLACE), [
        { uid: 'p-causa-limena', quantity: 1, option_groups: [], direct_purchase: false },
      ]),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    for (const status of ['ACCEPTED', 'DELIVERED'])
      await t.app.inject({
        method: 'PATCH',
        url: `/api/v5/retail/orders/${placed.json().uid}/`,
        headers: auth(tokens.staff),
        payload: { status },
      });
    const redeemed = await t.app.inject({
      method: 'POST',
      url: '/api/v5/retail/redemptions/',
      headers: auth(tokens.staff),
      payload: { place: PLACE, member: MEMBER_UID, promotion: 'promo-bienvenida' },
    });
    expect(redeemed.statusCode, redeemed.body).toBe(201);

    const values: Record<string, string> = { place: PLACE, date: localNow(new Date(), 'America/Lima').date };
    const routes = exportRoutes();
    expect(routes.map((r) => r.path)).toEqual(
      expect.arrayContaining([
        '/api/admin/companies/{companyUid}/products/export/',
        '/api/admin/companies/{companyUid}/dashboard/export/',
        '/api/v5/retail/redemptions/',
      ]),
    );
    const failures: string[] = [];
    const guardedIn = new Set<string>();
    for (const route of routes) {
      const tables = route.query.find((p) => p.name === 'table')?.schema.enum ?? [null];
      for (const table of tables)
        for (const format of ['csv', 'xlsx']) {
          const query = new URLSearchParams({ format, ...(table ? { table } : {}) });
          for (const p of route.query) if (values[p.name]) query.set(p.name, values[p.name] as string);
          const admin = route.path.startsWith('/api/admin/');
          const res = await t.app.inject({
            url: `${route.path.replace('{companyUid}', COMPANY)}?${query}`,
            headers: admin ? as(tokens.owner) : auth(tokens.staff),
          });
          const name = `${route.path}?${query}`;
          if (res.statusCode !== 200) {
            failures.push(`${name}: ${res.statusCode} ${res.body.slice(0, 120)}`);
            continue;
          }
          const cells =
            format === 'csv'
              ? (parse(res.body, { bom: true }) as string[][]).flat()
              : (await readXlsxFile(res.rawPayload)).flatMap((sheet) => sheet.data.flat());
          for (const cell of cells) {
            if (typeof cell !== 'string') continue;
            // CSV: a guarded text starts with a quote; XLSX: a text cell is never a formula, and reads back whole.
            if (format === 'csv' && FORMULA.test(cell) && !NUMBER.test(cell))
              failures.push(`${name}: unguarded ${JSON.stringify(cell)}`);
            if (format === 'csv' ? /^'[=+\-@]/.test(cell) : FORMULA.test(cell))
              guardedIn.add(`${route.path} ${format}`);
          }
        }
    }
    expect(failures).toEqual([]);
    // Each export carried such texts in both formats (the sweep is not empty).
    expect([...guardedIn].sort()).toEqual(routes.flatMap((r) => [`${r.path} csv`, `${r.path} xlsx`]).sort());
  });
});
