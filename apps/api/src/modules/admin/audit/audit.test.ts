import { products } from '@storefront/db/schema/catalogue';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.ts';
import {
  type AdminTokens,
  adminTenantFile,
  adminTokens,
  as,
  COMPANY,
  MANAGER_UID,
  OWNER_UID,
} from '../admin.fixtures.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let tokens: AdminTokens;
const base = `/api/admin/companies/${COMPANY}`;
const get = (path: string, token = tokens.owner) =>
  t.app.inject({ url: `${base}/${path}`, headers: as(token) });
const write = (token: string, method: 'POST' | 'PATCH', path: string, payload: object) =>
  t.app.inject({ method, url: `${base}/${path}`, headers: as(token), payload });

beforeAll(async () => {
  t = await createTestApp({ tenantFile: adminTenantFile() });
  tokens = await adminTokens(t.db);
  await write(tokens.owner, 'PATCH', 'products/p-causa-limena/', { price: '18.50', brand: 'Casa' });
  await write(tokens.manager, 'POST', 'categories/', { name: 'Auditada' });
  await write(tokens.manager, 'PATCH', 'availability/place-cayma.p-causa-limena/', { sold_out: true });
  // No change, no line.
  await write(tokens.manager, 'PATCH', 'products/p-causa-limena/', { price: '18.50' });
});
afterAll(() => t.close());

describe('admin audit log', () => {
  it('records who changed which fields, newest first', async () => {
    const res = await get('audit-log/');
    expect(res.statusCode).toBe(200);
    const { count, results } = res.json();
    expect(count).toBe(3);
    expect(results.map((e: { object_type: string }) => e.object_type)).toEqual([
      'availability',
      'category',
      'product',
    ]);
    expect(results[2]).toMatchObject({
      object_uid: 'p-causa-limena',
      action: 'update',
      user: { uid: OWNER_UID, email: 'dueno@demo.pe' },
      before: { price: '18.00', brand: null },
      after: { price: '18.50', brand: 'Casa' },
    });
    expect(Object.keys(results[2].after).sort()).toEqual(['brand', 'price']);
    expect(results[0]).toMatchObject({ before: { stock: null }, after: { stock: 0 } });
  });

  it('filters by object type, object, user and dates, and pages', async () => {
    const uids = async (query: string) =>
      (await get(`audit-log/?${query}`)).json().results.map((e: { object_type: string }) => e.object_type);
    expect(await uids('object_type=product')).toEqual(['product']);
    expect(await uids('object_uid=place-cayma.p-causa-limena')).toEqual(['availability']);
    expect(await uids(`user=${MANAGER_UID}`)).toEqual(['availability', 'category']);
    // The days of the lines themselves (not the clock's now, which may have passed midnight since).
    const days = (await get('audit-log/'))
      .json()
      .results.map((e: { created_at: string }) => e.created_at.slice(0, 10));
    expect(await uids(`since=${days.at(-1)}&until=${days[0]}`)).toHaveLength(3);
    expect(await uids('until=2000-01-01')).toEqual([]);
    expect(await uids(`since=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).toEqual(
      [],
    );
    const page = (await get('audit-log/?page_size=2&page=2')).json();
    expect(page).toMatchObject({ count: 3, next: null, previous: expect.stringContaining('page_size=2') });
    expect(page.results).toHaveLength(1);
  });

  it('keeps the audit log to the owner and to the company', async () => {
    expect((await get('audit-log/', tokens.manager)).statusCode).toBe(403);
    const rival = await t.app.inject({
      url: '/api/admin/companies/rival-main/audit-log/',
      headers: as(tokens.rivalOwner),
    });
    expect(rival.json().count).toBe(0);
  });

  it('refuses bad filters with 400', async () => {
    for (const query of [
      'object_type=nope',
      'user=not-a-uuid',
      'since=yesterday',
      'until=2026-13-01',
      'page=0',
      'x=1',
    ]) {
      const res = await get(`audit-log/?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
  });

  it('writes a change and its line together or not at all', async () => {
    await t.db.execute(sql`alter table admin_audit_log rename to admin_audit_log_gone`);
    try {
      const res = await write(tokens.owner, 'PATCH', 'products/p-causa-limena/', { price: '99.00' });
      expect(res.statusCode).toBe(500);
    } finally {
      await t.db.execute(sql`alter table admin_audit_log_gone rename to admin_audit_log`);
    }
    const [row] = await t.db
      .select({ price: products.unitPrice })
      .from(products)
      .where(eq(products.uid, 'p-causa-limena'));
    expect(row?.price).toBe(1850);
  });
});
