import { adminAuditLog } from '@storefront/db/schema/admin';
import { products } from '@storefront/db/schema/catalogue';
import { and, eq, gt, max } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminCall } from '../admin.fixtures.ts';
import { csv, productsFileApp } from './products-file.fixtures.ts';

// The products import of a long file: written in short batches that let other requests in, and undone
// batch by batch when a later one fails.
const { ctx, auditCount, companyProducts, snapshot, upload, noticesHeard } = productsFileApp();

// On PGlite's single connection the short batches are what let another request in: 2,000 rows make a
// thousand of them (20 s). The 10,000 rows of a long file, every one written and audited, run where they
// take 15 s instead of 110, on PostgreSQL: the import's statements are the same on both (decision 037).
const ROWS = process.env.TEST_DATABASE_URL ? 10_000 : 2_000;

describe('a long products import', () => {
  it(`writes a ${ROWS.toLocaleString('en')}-row file in short batches: another company's menu answers while it runs`, async () => {
    const [before, audits] = [await companyProducts(), await auditCount()];
    const pages = ctx.t.app.menuCache.version('demo');
    const lines = Array.from({ length: ROWS }, (_, i) => `LOTE-${i};Plato ${i};${(i % 50) + 1}.50`);
    const running = upload(csv(`sku;title;price\n${lines.join('\n')}\n`));
    // Its first batch is committed: seen from outside while the rest is still to come.
    await expect.poll(companyProducts, { timeout: 120_000, interval: 20 }).toBeGreaterThan(before);
    expect(await companyProducts()).toBeLessThan(before + ROWS);
    const menu = await ctx.t.app.inject({
      url: '/api/v7/places/multi-place-cafe/products/?search=espresso',
      headers: { host: 'multi.localhost' },
    });
    expect(menu.statusCode, menu.body).toBe(200);
    expect(menu.json().results.map((product: { title: string }) => product.title)).toEqual(['Espresso']);
    // It answered before the import's last batch.
    expect(await companyProducts()).toBeLessThan(before + ROWS);
    const res = await running;
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ created: ROWS, updated: 0, unchanged: 0 });
    expect([await companyProducts(), await auditCount()]).toEqual([before + ROWS, audits + ROWS]);
    // New products are sold nowhere yet: no shop's kept menu pages were dropped for them.
    expect(ctx.t.app.menuCache.version('demo')).toBe(pages);
  }, 600_000);

  it('undoes the batches it wrote when a later one fails: a product changed meanwhile answers 409', async () => {
    const heard = await noticesHeard();
    const before = await snapshot();
    const lastAudit = (await ctx.t.db.select({ id: max(adminAuditLog.id) }).from(adminAuditLog))[0]?.id ?? 0;
    const lines = Array.from({ length: 1000 }, (_, i) => `;DESHACER-${i};Plato ${i};5`);
    const running = upload(
      csv(
        `uid;sku;title;price\np-papa-a-la-huancaina;;Papa importada;21\n${lines.join('\n')}\n` +
          'p-causa-limena;;Causa importada;30\n',
      ),
    );
    // The huancaína's batch is written; the causa, in the last one, is changed before the import gets to it.
    await expect.poll(companyProducts, { timeout: 120_000, interval: 20 }).toBeGreaterThan(before.length);
    const edit = await adminCall(ctx.t.app, ctx.tokens.manager, 'PATCH', 'products/p-causa-limena/', {
      title: 'Causa del día',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const res = await running;
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().current).toMatchObject({ uid: 'p-causa-limena', title: 'Causa del día' });
    // The huancaína's batch, the edit of the causa, and the undo's last batch (the huancaína back):
    // the new products, sold nowhere, are deleted without a notice each.
    expect(await heard()).toBe(3);
    // Nothing of the file stays; the edit made meanwhile does.
    const after = await snapshot();
    expect(after.map((row) => row.uid)).toEqual(before.map((row) => row.uid));
    const titleOf = (rows: typeof before, uid: string) => rows.find((row) => row.uid === uid)?.title;
    expect(titleOf(after, 'p-causa-limena')).toBe('Causa del día');
    const papa = (
      await adminCall(ctx.t.app, ctx.tokens.manager, 'GET', 'products/p-papa-a-la-huancaina/')
    ).json();
    expect(papa).toMatchObject({ title: 'Papa a la huancaína', price: '15.00' });
    // The undo is audited like any change: each product created is deleted, the huancaína changed back.
    const lines2 = await ctx.t.db
      .select()
      .from(adminAuditLog)
      .where(and(gt(adminAuditLog.id, lastAudit), eq(adminAuditLog.objectType, 'product')))
      .orderBy(adminAuditLog.id);
    const actions = (action: string) => lines2.filter((line) => line.action === action).length;
    expect(actions('create')).toBeGreaterThan(0);
    expect(actions('delete')).toBe(actions('create'));
    expect(
      lines2.filter((line) => line.objectUid === 'p-papa-a-la-huancaina').map((line) => line.after),
    ).toEqual([
      { title: 'Papa importada', price: '21.00' },
      { title: 'Papa a la huancaína', price: '15.00' },
    ]);
  }, 300_000);

  it('announces the undo of a product offered meanwhile: its menu moved', async () => {
    const heard = await noticesHeard();
    const before = await companyProducts();
    const lines = Array.from({ length: 1000 }, (_, i) => `;OFRECIDO-${i};Plato ${i};5`);
    const running = upload(
      csv(`uid;sku;title;price\n${lines.join('\n')}\np-causa-limena;;Causa otra vez;31\n`),
    );
    await expect.poll(companyProducts, { timeout: 120_000, interval: 20 }).toBeGreaterThan(before);
    const [first] = await ctx.t.db
      .select({ uid: products.uid })
      .from(products)
      .where(eq(products.sku, 'OFRECIDO-0'));
    const offer = await adminCall(ctx.t.app, ctx.tokens.manager, 'POST', 'availability/', {
      place: 'place-miraflores',
      product: first?.uid,
      available: true,
      stock: null,
    });
    expect(offer.statusCode, offer.body).toBe(201);
    const causa = (await adminCall(ctx.t.app, ctx.tokens.manager, 'GET', 'products/p-causa-limena/')).json();
    const edit = await adminCall(ctx.t.app, ctx.tokens.manager, 'PATCH', 'products/p-causa-limena/', {
      title: `${causa.title} (editada)`,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await running).statusCode).toBe(409);
    expect(await companyProducts()).toBe(before);
    // The offer, the edit, and the undo that took the offered product off the menu.
    expect(await heard()).toBe(3);
  }, 300_000);
});
