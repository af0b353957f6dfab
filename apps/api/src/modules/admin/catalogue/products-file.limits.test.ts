import { products } from '@storefront/db/schema/catalogue';
import { users } from '@storefront/db/schema/users';
import { count, eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hasPostgres } from '../../../test/proof-requirements.ts';
import type { AdminContext } from '../access/admin-guard.ts';
import { adminCall, MANAGER_UID } from '../admin.fixtures.ts';
import { csv, productsFileApp } from './products-file.fixtures.ts';
import { type ImportLimits, importProducts } from './products-file.service.ts';

// The import's holds, pauses and announcements, driven through the service with small limits (the
// route passes none): a few rows a transaction each show what products-file.batches.test.ts shows with
// 10,000 rows at the real limits.
const { ctx, snapshot, noticesHeard } = productsFileApp();

/** The demo company's manager, as the admin guard would hand the service. */
async function managerContext(): Promise<AdminContext> {
  const [user] = await ctx.t.db.select().from(users).where(eq(users.uid, MANAGER_UID));
  if (!user) throw new Error('the manager is missing');
  return {
    db: ctx.t.db,
    language: 'es',
    user,
    company: { uid: 'demo-main', appUid: 'demo', name: 'Demo' },
    role: 'manager',
  };
}

/** An error's message and its causes' (a driver's error under the query's). */
const messagesOf = (error: unknown): string =>
  error instanceof Error ? `${error.message} ${messagesOf(error.cause)}` : '';

/** Runs `body` with a trigger on products (its function's body given), dropped after. */
async function withTrigger(name: string, when: string, plpgsql: string, body: () => Promise<void>) {
  await ctx.t.db.execute(
    sql.raw(`create function ${name}() returns trigger language plpgsql as $$ begin ${plpgsql} end $$`),
  );
  await ctx.t.db.execute(sql.raw(`create trigger ${name} ${when} execute function ${name}()`));
  try {
    await body();
  } finally {
    await ctx.t.db.execute(sql.raw(`drop trigger ${name} on products`));
    await ctx.t.db.execute(sql.raw(`drop function ${name}`));
  }
}

/** New products of this test, each offered at a place: a change to one moves that place's menu. */
async function soldProducts(prefix: string, count: number) {
  const uids: string[] = [];
  for (let i = 0; i < count; i++) {
    const made = await adminCall(ctx.t.app, ctx.tokens.manager, 'POST', 'products/', {
      title: `${prefix} ${i}`,
      price: '1.00',
      sku: `${prefix}-${i}`,
    });
    expect(made.statusCode, made.body).toBe(201);
    const offer = await adminCall(ctx.t.app, ctx.tokens.manager, 'POST', 'availability/', {
      place: 'place-miraflores',
      product: made.json().uid,
      available: true,
      stock: null,
    });
    expect(offer.statusCode, offer.body).toBe(201);
    uids.push(made.json().uid);
  }
  return uids;
}

/**
 * Imports a file with these limits: its summary, or the failure it answered; how often this process
 * heard a change, and others.
 */
async function imported(file: string, limits: Partial<ImportLimits>) {
  const heard = await noticesHeard();
  let announced = 0;
  let failure: unknown;
  const summary = await importProducts(await managerContext(), csv(file), () => announced++, limits).catch(
    (error: unknown) => {
      failure = error;
      return undefined;
    },
  );
  return { summary, failure, announced, heard: await heard() };
}

describe('the limits of a products import', () => {
  it('announces menu changes with its first transaction, then at most every announceMs, and with its last', async () => {
    const uids = await soldProducts('AVISO', 4);
    const file = (price: number) =>
      `uid;title;price\n${uids.map((uid, i) => `${uid};Aviso ${i};${price}`).join('\n')}\n`;
    // A row a transaction, four of them: announced with the first and the last only...
    expect(await imported(file(2), { holdMs: 0, announceMs: Number.POSITIVE_INFINITY })).toEqual({
      summary: { created: 0, updated: 4, unchanged: 0 },
      announced: 2,
      heard: 2,
    });
    // ...or with every one, when nothing holds the announcements back...
    expect(await imported(file(3), { holdMs: 0, announceMs: 0 })).toEqual({
      summary: { created: 0, updated: 4, unchanged: 0 },
      announced: 4,
      heard: 4,
    });
    // ...and once for one transaction that holds every row.
    expect(await imported(file(4), { holdMs: Number.POSITIVE_INFINITY, announceMs: 0 })).toEqual({
      summary: { created: 0, updated: 4, unchanged: 0 },
      announced: 1,
      heard: 1,
    });
    // New products are sold nowhere: the transactions that only create them announce nothing.
    const created = `uid;sku;title;price\n${uids[0]};;Aviso 0;5\n;AVISO-NUEVO-1;Nuevo 1;5\n;AVISO-NUEVO-2;Nuevo 2;5\n`;
    expect(await imported(created, { holdMs: 0, announceMs: 0 })).toEqual({
      summary: { created: 2, updated: 1, unchanged: 0 },
      announced: 1,
      heard: 1,
    });
    // The menus followed: the place sells each product at the file's last price.
    const menu = await ctx.t.app.inject({
      url: '/api/v7/places/place-miraflores/products/?search=aviso',
      headers: { host: 'localhost' },
    });
    const prices = (menu.json().results as { title: string; unit_price: string }[]).map((product) => [
      product.title,
      Number(product.unit_price),
    ]);
    expect(prices.sort()).toEqual([
      ['Aviso 0', 5],
      ['Aviso 1', 4],
      ['Aviso 2', 4],
      ['Aviso 3', 4],
    ]);
  });

  it("lets other requests in between its transactions: another shop's menu answers while it runs", async () => {
    const [sold] = await soldProducts('PASO', 1);
    const lines = Array.from({ length: 150 }, (_, i) => `;PASO-NUEVO-${i};Paso ${i};5`);
    let firstCommitted = () => {};
    const committed = new Promise<void>((resolve) => {
      firstCommitted = resolve;
    });
    let finished = false;
    const running = importProducts(
      await managerContext(),
      csv(`uid;sku;title;price\n${sold};;Paso vendido;6\n${lines.join('\n')}\n`),
      () => firstCommitted(),
      { holdMs: 0, announceMs: Number.POSITIVE_INFINITY },
    ).finally(() => {
      finished = true;
    });
    // The first transaction (the product sold) announced its change once committed: the import runs.
    await committed;
    // On PGlite a transaction holds the one connection: a query asked now is answered before the next
    // transaction begins, in the pause between them (on PostgreSQL it has a connection of its own).
    const written = ctx.t.db.select({ n: count() }).from(products).where(like(products.sku, 'PASO-NUEVO-%'));
    if (!hasPostgres()) expect((await written)[0]?.n).toBe(0);
    const menu = await ctx.t.app.inject({
      url: '/api/v7/places/multi-place-cafe/products/?search=espresso',
      headers: { host: 'multi.localhost' },
    });
    expect(menu.statusCode, menu.body).toBe(200);
    expect(menu.json().results.map((product: { title: string }) => product.title)).toEqual(['Espresso']);
    expect(finished).toBe(false);
    expect(await running).toEqual({ created: 150, updated: 1, unchanged: 0 });
  });

  it('ends however busy the others keep it: it waits for them at most maxPauseMs at a time', async () => {
    const lines = Array.from({ length: 3 }, (_, i) => `OCUPADO-${i};Ocupado ${i};5`);
    // Every turn of the event loop counts as the others' work, as under a steady flow of requests.
    const summary = await importProducts(
      await managerContext(),
      csv(`sku;title;price\n${lines.join('\n')}\n`),
      () => {},
      { holdMs: 0, busyTurnMicroseconds: -1, maxPauseMs: 1 },
    );
    expect(summary).toEqual({ created: 3, updated: 0, unchanged: 0 });
  });

  it('undoing a failed import, passes over a product deleted meanwhile and undoes the rest', async () => {
    const made = await adminCall(ctx.t.app, ctx.tokens.manager, 'POST', 'products/', {
      title: 'Borrable',
      price: '3.00',
    });
    expect(made.statusCode, made.body).toBe(201);
    const uid = made.json().uid as string;
    const before = (await snapshot()).map((row) => row.uid).filter((row) => row !== uid);
    // Written while the import runs: the product the file's second row updates is deleted by the third
    // row's insert; the fourth row is refused. A row a transaction: the first three are committed.
    await withTrigger(
      'delete_meanwhile',
      `before insert on products for each row when (new.sku = 'BORRA-1' or new.title = 'Rechazado')`,
      `if new.title = 'Rechazado' then raise exception 'refused by the test'; end if;
       delete from products where uid = '${uid}';
       return new;`,
      async () => {
        const { failure, announced, heard } = await imported(
          `uid;sku;title;price\n;ANTES-1;Antes;5\n${uid};;Borrable cambiado;4\n;BORRA-1;Borra;5\n;RECHAZADO;Rechazado;5\n`,
          { holdMs: 0 },
        );
        // The import answers the failure that stopped it, not the product it could not put back.
        expect(messagesOf(failure)).toMatch(/refused by the test/);
        expect(String(failure)).not.toMatch(/NOT_FOUND/);
        // The update was announced with its transaction; the undo deleted products sold nowhere, and
        // had nothing to put back: it announced nothing.
        expect([announced, heard]).toEqual([1, 1]);
      },
    );
    // The products it created before and after the deleted one are deleted again.
    expect((await snapshot()).map((row) => row.uid)).toEqual(before);
  });

  it('announces the undo of a product it created that was offered meanwhile: its menu moved', async () => {
    const before = (await snapshot()).map((row) => row.uid);
    // The second row's insert offers the first row's product at a place; the third row is refused.
    await withTrigger(
      'offer_meanwhile',
      `before insert on products for each row when (new.sku = 'OFRECE-1' or new.title = 'Rechazado')`,
      `if new.title = 'Rechazado' then raise exception 'refused by the test'; end if;
       insert into place_products (place_uid, product_uid)
         select 'place-miraflores', uid from products where sku = 'OFRECIDO-1';
       return new;`,
      async () => {
        const { failure, announced, heard } = await imported(
          'sku;title;price\nOFRECIDO-1;Ofrecido;5\nOFRECE-1;Ofrece;5\nRECHAZO-1;Rechazado;5\n',
          { holdMs: 0 },
        );
        expect(messagesOf(failure)).toMatch(/refused by the test/);
        // The import created products only (no announcement); the undo's deletion of the offered one did.
        expect([announced, heard]).toEqual([1, 1]);
      },
    );
    expect((await snapshot()).map((row) => row.uid)).toEqual(before);
  });

  it('answers a failure of the undo itself, leaving what it could not undo, rather than hide it', async () => {
    const skus = async () =>
      (await snapshot()).flatMap((row) => (row.sku?.startsWith('QUEDA-') ? [row.sku] : []));
    // The database refuses to delete the first row's product; the file's last row is refused.
    await withTrigger(
      'refuse_insert',
      `before insert on products for each row when (new.title = 'Rechazado')`,
      `raise exception 'refused by the test';`,
      () =>
        withTrigger(
          'keep_product',
          `before delete on products for each row when (old.sku = 'QUEDA-1')`,
          `raise exception 'kept by the test';`,
          async () => {
            const failure = await importProducts(
              await managerContext(),
              csv('sku;title;price\nQUEDA-1;Queda;5\nQUEDA-2;Se va;5\nQUEDA-3;Rechazado;5\n'),
              () => {},
              { holdMs: 0 },
            ).catch((error: unknown) => error);
            expect(messagesOf(failure)).toMatch(/kept by the test/);
            // Undone newest first: the second row's product is gone, the first's stays.
            expect(await skus()).toEqual(['QUEDA-1']);
          },
        ),
    );
    await ctx.t.db.execute(sql`delete from products where sku = 'QUEDA-1'`);
  });
});
