import zlib from 'node:zlib';
import { adminAuditLog } from '@storefront/db/schema/admin';
import { parse } from 'csv-parse/sync';
import { and, eq, gt, max, sql } from 'drizzle-orm';
import { strToU8, unzipSync, zipSync } from 'fflate';
import readXlsxFile from 'read-excel-file/node';
import { describe, expect, it, vi } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import { picture } from '../../media/image-test-files.ts';
import { adminCall } from '../admin.fixtures.ts';
import { csv, productsFileApp } from './products-file.fixtures.ts';

// The long imports (10,000 rows in short batches, and undoing them) are products-file.batches.test.ts.
const { ctx, auditCount, productCount, snapshot, exported, upload, menu } = productsFileApp();

/**
 * A zip whose one part, the first sheet, has no sizes in its local header (flag bit 3: they follow its
 * data, in a data descriptor) and whose central directory claims 1,000 bytes, while its deflated spaces
 * inflate to `size` bytes.
 */
async function descriptorBomb(size: number): Promise<Buffer> {
  const deflater = zlib.createDeflateRaw({ level: 9 });
  const deflated = (async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of deflater) chunks.push(chunk);
    return Buffer.concat(chunks);
  })();
  const spaces = Buffer.alloc(1024 * 1024, ' ');
  for (let written = 0; written < size; written += spaces.length) deflater.write(spaces);
  deflater.end();
  const data = await deflated;
  const name = Buffer.from('xl/worksheets/sheet1.xml');
  const claimed = 1000;
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4); // version needed
  local.writeUInt16LE(0x0008, 6); // sizes and CRC in the data descriptor
  local.writeUInt16LE(8, 8); // deflated
  local.writeUInt16LE(name.length, 26);
  const descriptor = Buffer.alloc(16);
  descriptor.writeUInt32LE(0x08074b50, 0);
  descriptor.writeUInt32LE(data.length, 8);
  descriptor.writeUInt32LE(claimed, 12);
  const entry = Buffer.alloc(46);
  entry.writeUInt32LE(0x02014b50, 0);
  entry.writeUInt16LE(20, 4); // version made by
  entry.writeUInt16LE(20, 6);
  entry.writeUInt16LE(0x0008, 8);
  entry.writeUInt16LE(8, 10);
  entry.writeUInt32LE(data.length, 20);
  entry.writeUInt32LE(claimed, 24);
  entry.writeUInt16LE(name.length, 28);
  const directoryAt = local.length + name.length + data.length + descriptor.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(entry.length + name.length, 12);
  end.writeUInt32LE(directoryAt, 16);
  return Buffer.concat([local, name, data, descriptor, entry, name, end]);
}

/** Counts the bytes zlib inflates for any inflater (ours, or a reader's) while `run` runs. */
async function inflatedWhile<T>(run: () => Promise<T>): Promise<{ result: T; inflated: number }> {
  let inflated = 0;
  const create = zlib.createInflateRaw;
  const spy = vi.spyOn(zlib, 'createInflateRaw').mockImplementation((options) => {
    const inflater = create(options);
    const push = inflater.push.bind(inflater);
    inflater.push = (chunk, encoding) => {
      if (chunk) inflated += chunk.length;
      return push(chunk, encoding);
    };
    return inflater;
  });
  try {
    return { result: await run(), inflated };
  } finally {
    spy.mockRestore();
  }
}

describe('products export and import', () => {
  it('exports every product of the company as CSV and XLSX in the import columns', async () => {
    const rows = parse((await exported('csv')).toString('utf8'), { bom: true }) as string[][];
    expect(rows[0]).toEqual([
      'uid',
      'sku',
      'title',
      'short_description',
      'description',
      'price',
      'coin_price',
      'brand',
      'category',
      'is_redeemable',
      'direct_purchase',
      'is_active',
    ]);
    const total = (await adminCall(ctx.t.app, ctx.tokens.manager, 'GET', 'products/')).json().count;
    expect(rows).toHaveLength(total + 1);
    const causa = rows.find((row) => row[0] === 'p-causa-limena');
    expect(causa?.[5]).toMatch(/^\d+\.\d\d$/);
    const [sheet] = await readXlsxFile(await exported('xlsx'));
    expect(sheet?.data).toHaveLength(total + 1);
    expect(sheet?.data.find((row) => row[0] === 'p-causa-limena')?.[5]).toBeTypeOf('number');
    // Another company's products are not in it.
    const rival = await adminCall(ctx.t.app, ctx.tokens.rivalOwner, 'GET', 'products/export/?format=csv');
    expect(rival.statusCode).toBe(404);
  });

  it('imports its own export, CSV or XLSX, as no change at all', async () => {
    const pages = ctx.t.app.menuCache.changes();
    for (const format of ['csv', 'xlsx'] as const) {
      const before = await snapshot();
      const audits = await auditCount();
      const res = await upload(await exported(format), 'es', `productos.${format}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ created: 0, updated: 0, unchanged: before.length });
      expect(await snapshot()).toEqual(before);
      expect(await auditCount()).toBe(audits);
    }
    // Nothing moved: no change was counted, so no kept menu page of any shop was dropped.
    expect(ctx.t.app.menuCache.changes()).toBe(pages);
  });

  it('guards cells a spreadsheet would run as formulas, and imports them back unchanged', async () => {
    const tricky = {
      '=HYPERLINK("http://x","y")': 'title',
      '+51 cmd': 'brand',
      '-2+3': 'short_description',
      '@SUM(A1)': 'description',
    };
    const edit = await adminCall(ctx.t.app, ctx.tokens.manager, 'PATCH', 'products/p-causa-limena/', {
      title: '=HYPERLINK("http://x","y")',
      brand: '+51 cmd',
      short_description: '-2+3',
      description: '@SUM(A1)',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const file = await exported('csv');
    const rows = parse(file.toString('utf8'), { bom: true }) as string[][];
    const row = rows.find((cells) => cells[0] === 'p-causa-limena') ?? [];
    const header = rows[0] ?? [];
    for (const [value, column] of Object.entries(tricky))
      expect(row[header.indexOf(column)]).toBe(`'${value}`);
    const before = await snapshot();
    const res = await upload(file);
    expect(res.json().updated).toBe(0);
    expect(await snapshot()).toEqual(before);
  });

  it('creates rows naming no product and updates those matched by uid or sku, each audited, in one go', async () => {
    await adminCall(ctx.t.app, ctx.tokens.manager, 'PATCH', 'products/p-chicha-morada/', { sku: 'CHICHA-1' });
    const audits = await auditCount();
    const res = await upload(
      csv(
        'sku;title;price;category;is_active\n' +
          'NUEVO-1;Tamal verde;8.5;Entradas;sí\n' +
          'CHICHA-1;Chicha morada;7.00;;false\n',
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ created: 1, updated: 1, unchanged: 0 });
    const found = await adminCall(ctx.t.app, ctx.tokens.manager, 'GET', 'products/?search=tamal%20verde');
    expect(found.json().results[0]).toMatchObject({
      sku: 'NUEVO-1',
      price: '8.50',
      is_active: true,
      category: { name: 'Entradas' },
    });
    const chicha = (
      await adminCall(ctx.t.app, ctx.tokens.manager, 'GET', 'products/p-chicha-morada/')
    ).json();
    expect(chicha).toMatchObject({ price: '7.00', is_active: false, category: null });
    expect(await auditCount()).toBe(audits + 2);
    // The same file again matches both rows by sku: nothing new.
    const again = await upload(
      csv('sku;title;price\nNUEVO-1;Tamal verde;8.5\nCHICHA-1;Chicha morada;7.00\n'),
    );
    expect(again.json()).toEqual({ created: 0, updated: 0, unchanged: 2 });
  });

  it('moves the menus that sell the products it updates, past their kept pages', async () => {
    const lomo = async () =>
      (await menu('localhost', 'place-miraflores', 'lomo saltado')).find(
        (product) => product.title === 'Lomo saltado',
      );
    const price = Number((await lomo())?.unit_price);
    const res = await upload(csv(`uid;title;price\np-lomo-saltado;Lomo saltado;${price + 1}\n`));
    expect(res.json()).toEqual({ created: 0, updated: 1, unchanged: 0 });
    expect(Number((await lomo())?.unit_price)).toBe(price + 1);
  });

  it('undoes the transactions it committed when a later one fails, newest first, each undo audited', async () => {
    const lomo = async () =>
      (await menu('localhost', 'place-miraflores', 'lomo saltado')).find(
        (product) => product.title === 'Lomo saltado',
      )?.unit_price;
    const [products, price] = [(await snapshot()).map((row) => row.uid), await lomo()];
    // A row that changes nothing, written as none, has nothing to undo.
    const papa = (
      await adminCall(ctx.t.app, ctx.tokens.manager, 'GET', 'products/p-papa-a-la-huancaina/')
    ).json();
    const lastAudit = (await ctx.t.db.select({ id: max(adminAuditLog.id) }).from(adminAuditLog))[0]?.id ?? 0;
    // The database refuses the file's last row, as a failure no check foresees. 150 rows before it
    // take far more than one transaction's 20 ms, so some are committed by then.
    await ctx.t.db.execute(
      sql.raw(`create function refuse_product() returns trigger language plpgsql as $$
        begin raise exception 'refused by the test'; end $$`),
    );
    await ctx.t.db.execute(
      sql.raw(`create trigger refuse_product before insert on products for each row
        when (new.title = 'Rechazado') execute function refuse_product()`),
    );
    try {
      const lines = Array.from({ length: 150 }, (_, i) => `;DESHACER-${i};Plato ${i};5`);
      const res = await upload(
        csv(
          `uid;sku;title;price\np-lomo-saltado;;Lomo importado;99\np-papa-a-la-huancaina;;${papa.title};${papa.price}\n` +
            `${lines.join('\n')}\n;RECHAZADO;Rechazado;5\n`,
        ),
      );
      expect(res.statusCode).toBe(500);
    } finally {
      await ctx.t.db.execute(sql`drop trigger refuse_product on products`);
      await ctx.t.db.execute(sql`drop function refuse_product`);
    }
    // Nothing of the file stays, on the products or on the menu that sells the lomo.
    expect((await snapshot()).map((row) => row.uid)).toEqual(products);
    expect(
      (await adminCall(ctx.t.app, ctx.tokens.manager, 'GET', 'products/p-lomo-saltado/')).json(),
    ).toMatchObject({ title: 'Lomo saltado', price });
    expect(await lomo()).toBe(price);
    // What was written and undone is audited: the lomo changed first and back last, each product created
    // deleted in the reverse order.
    const audited = await ctx.t.db
      .select()
      .from(adminAuditLog)
      .where(and(gt(adminAuditLog.id, lastAudit), eq(adminAuditLog.objectType, 'product')))
      .orderBy(adminAuditLog.id);
    const uids = (action: string) =>
      audited.filter((line) => line.action === action).map((line) => line.objectUid);
    expect(uids('create').length).toBeGreaterThan(0);
    expect(uids('delete')).toEqual(uids('create').reverse());
    expect(audited.map((line) => line.objectUid).filter((uid) => uid === 'p-lomo-saltado')).toHaveLength(2);
    expect([audited[0], audited.at(-1)]).toMatchObject([
      { objectUid: 'p-lomo-saltado', action: 'update', after: { title: 'Lomo importado', price: '99.00' } },
      { objectUid: 'p-lomo-saltado', action: 'update', after: { title: 'Lomo saltado', price } },
    ]);
  });

  it('leaves a product someone changed after the import wrote it as they made it, when undoing', async () => {
    const products = (await snapshot()).map((row) => row.uid);
    // Written while the import runs: the papa, which the file changes first, is edited once the
    // import has written it (at the 100th new row); the file's last row is refused.
    await ctx.t.db.execute(
      sql.raw(`create function edit_meanwhile() returns trigger language plpgsql as $$
        begin
          if new.title = 'Rechazado' then raise exception 'refused by the test'; end if;
          update products set title = 'Papa del día', version = version + 1 where uid = 'p-papa-a-la-huancaina';
          return new;
        end $$`),
    );
    await ctx.t.db.execute(
      sql.raw(`create trigger edit_meanwhile before insert on products for each row
        when (new.sku = 'MIENTRAS-100' or new.title = 'Rechazado') execute function edit_meanwhile()`),
    );
    try {
      const lines = Array.from({ length: 150 }, (_, i) => `;MIENTRAS-${i};Plato ${i};5`);
      const res = await upload(
        csv(
          `uid;sku;title;price\np-papa-a-la-huancaina;;Papa importada;21\n${lines.join('\n')}\n` +
            ';RECHAZADO;Rechazado;5\n',
        ),
      );
      expect(res.statusCode).toBe(500);
    } finally {
      await ctx.t.db.execute(sql`drop trigger edit_meanwhile on products`);
      await ctx.t.db.execute(sql`drop function edit_meanwhile`);
    }
    expect((await snapshot()).map((row) => row.uid)).toEqual(products);
    expect(
      (await adminCall(ctx.t.app, ctx.tokens.manager, 'GET', 'products/p-papa-a-la-huancaina/')).json(),
    ).toMatchObject({ title: 'Papa del día', price: '21.00' });
  });

  it('changes only the columns a file has, and reads coin prices and flags as a spreadsheet writes them', async () => {
    const product = async (uid: string) =>
      (await adminCall(ctx.t.app, ctx.tokens.manager, 'GET', `products/${uid}/`)).json();
    // A product of this test's own, with the fields a file of fewer columns must leave alone.
    const made = await adminCall(ctx.t.app, ctx.tokens.manager, 'POST', 'products/', {
      title: 'Tamal verde',
      short_description: 'De maíz y culantro',
      price: '8.00',
      brand: 'Casa',
      sku: 'TAMAL-1',
      category_uid: 'pc-entradas',
    });
    expect(made.statusCode, made.body).toBe(201);
    const uid = made.json().uid as string;
    const renamed = await upload(csv(`uid,title,price\n${uid},Tamal de la casa,9\n`));
    expect(renamed.json()).toEqual({ created: 0, updated: 1, unchanged: 0 });
    expect(await product(uid)).toMatchObject({
      title: 'Tamal de la casa',
      price: '9.00',
      short_description: 'De maíz y culantro',
      brand: 'Casa',
      sku: 'TAMAL-1',
      category: { name: 'Entradas' },
      is_active: true,
    });
    // A typed FALSE of a spreadsheet switches the product off.
    const off = await writeXlsxFile(
      [
        ['uid', 'title', 'price', 'is_active'].map((value) => ({ value })),
        [
          { value: uid },
          { value: 'Tamal de la casa' },
          { value: 9, type: Number },
          { value: false, type: Boolean },
        ],
      ],
      { sheet: 'products' },
    ).toBuffer();
    expect((await upload(off, 'es', 'productos.xlsx')).json()).toEqual({
      created: 0,
      updated: 1,
      unchanged: 0,
    });
    expect((await product(uid)).is_active).toBe(false);
    // Coins as text of digits are a number; anything else is refused on its row.
    const coins = await upload(csv('sku,title,price,coin_price,is_redeemable\nCANJE-1,Canje,5,120,true\n'));
    expect(coins.json()).toEqual({ created: 1, updated: 0, unchanged: 0 });
    const found = await adminCall(ctx.t.app, ctx.tokens.manager, 'GET', 'products/?search=CANJE-1');
    expect(found.json().results).toMatchObject([{ title: 'Canje', coin_price: 120, is_redeemable: true }]);
    // Only digits: not a number JavaScript would read from an exponent or a hexadecimal either.
    const bad = await upload(csv('title,price,coin_price\nA,5,x12\nB,5,12x\nC,5,-\nD,5,1e3\nE,5,0x10\n'));
    expect(
      bad.json().rows.map((row: { row: number; errors: object }) => [row.row, Object.keys(row.errors)]),
    ).toEqual([
      [2, ['coin_price']],
      [3, ['coin_price']],
      [4, ['coin_price']],
      [5, ['coin_price']],
      [6, ['coin_price']],
    ]);
    // Two new rows with one sku.
    const twice = await upload(csv('sku;title;price\nDOBLE-1;A;1\nDOBLE-1;B;2\n'));
    expect(twice.json().rows).toEqual([{ row: 3, errors: { sku: ['Se repite en otra fila del archivo.'] } }]);
  });

  it('reads a flag written true/false, 1/0, yes/no, sí/no or verdadero/falso, in any case', async () => {
    const flags = {
      1: true,
      0: false,
      yes: true,
      no: false,
      Sí: true,
      si: true,
      VERDADERO: true,
      falso: false,
    };
    const lines = Object.keys(flags).map((flag) => `BANDERA-${flag},Bandera ${flag},1,${flag}`);
    const res = await upload(csv(`sku,title,price,is_active\n${lines.join('\n')}\n`));
    expect(res.json()).toEqual({ created: lines.length, updated: 0, unchanged: 0 });
    const read = Object.fromEntries(
      (await snapshot()).flatMap((row) =>
        row.sku?.startsWith('BANDERA-') ? [[row.sku.slice('BANDERA-'.length), row.isActive]] : [],
      ),
    );
    expect(read).toEqual(flags);
  });

  it('refuses the whole file when one row is wrong, with each row and field, in es and en', async () => {
    const before = await snapshot();
    const [products0, audits] = [await productCount(), await auditCount()];
    const file = csv(
      'uid,title,price,coin_price,category,is_redeemable\n' +
        ',Producto bueno,10,,,false\n' +
        ',Producto malo,diez,,,false\n' +
        'p-no-existe,Otro,1,,,\n' +
        ',Canjeable,5,,Nada,true\n',
    );
    const res = await upload(file);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().rows).toEqual([
      { row: 3, errors: { price: ['Valor no válido.'] } },
      { row: 4, errors: { uid: ['No existe en esta empresa.'] } },
      { row: 5, errors: { category: ['No existe en esta empresa.'] } },
    ]);
    expect(res.json().non_field_errors[0]).toMatch(/no se importó nada/);
    const english = await upload(file, 'en');
    expect(english.json().rows[0]).toEqual({ row: 3, errors: { price: ['Invalid value.'] } });
    // A redeemable product without a coin price: the form's own rule across fields.
    const coins = await upload(csv('title,price,is_redeemable\nCanjeable,5,true\n'));
    expect(coins.json().rows).toEqual([{ row: 2, errors: { coin_price: ['Este campo es requerido'] } }]);
    // Two rows for one product.
    const twice = await upload(csv('uid,title,price\np-causa-limena,A,1\np-causa-limena,B,2\n'));
    expect(twice.json().rows).toEqual([{ row: 3, errors: { uid: ['Se repite en otra fila del archivo.'] } }]);
    expect(await snapshot()).toEqual(before);
    expect([await productCount(), await auditCount()]).toEqual([products0, audits]);
  });

  it('names the field a row cannot settle: a sku or category several share, a change that breaks a rule with the fields it leaves', async () => {
    const post = async (path: string, body: object) => {
      const res = await adminCall(ctx.t.app, ctx.tokens.manager, 'POST', path, body);
      expect(res.statusCode, res.body).toBe(201);
      return res.json().uid as string;
    };
    for (const title of ['Doble uno', 'Doble dos'])
      await post('products/', { title, price: '1.00', sku: 'DOBLE-SKU' });
    // Names are matched in any case.
    await post('categories/', { name: 'Dobles' });
    await post('categories/', { name: 'dobles' });
    const redeemable = await post('products/', {
      title: 'Canje fijo',
      price: '1.00',
      is_redeemable: true,
      coin_price: 50,
    });
    const before = await snapshot();
    const ambiguous = 'Varios productos tienen este valor.';
    const sku = await upload(csv('sku,title,price\nDOBLE-SKU,Otro,1\n'));
    expect(sku.json().rows).toEqual([{ row: 2, errors: { sku: [ambiguous] } }]);
    const category = await upload(csv('title,price,category\nCon categoría,1,DOBLES\n'));
    expect(category.json().rows).toEqual([{ row: 2, errors: { category: [ambiguous] } }]);
    // Emptying the coin price of a redeemable product the file does not mark again.
    const coins = await upload(csv(`uid,title,price,coin_price\n${redeemable},Canje fijo,1,\n`));
    expect(coins.json().rows).toEqual([{ row: 2, errors: { coin_price: ['Este campo es requerido'] } }]);
    // A file without the coin column leaves the coin price as it is.
    const kept = await upload(csv(`uid,title,price\n${redeemable},Canje fijo,1\n`));
    expect(kept.json()).toEqual({ created: 0, updated: 0, unchanged: 1 });
    expect(await snapshot()).toEqual(before);
  });

  it('reads an XLSX made by a spreadsheet, and reports its bad rows too', async () => {
    const sheet = (rows: (string | number | boolean | null)[][]) =>
      writeXlsxFile(
        rows.map((row) => row.map((value) => (value === null ? null : { value }))),
        {},
      ).toBuffer();
    const bad = await upload(
      await sheet([
        ['title', 'price', 'is_active'],
        ['Queso', 12.5, true],
        ['', 3, true],
      ]),
      'en',
      'p.xlsx',
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().rows).toEqual([{ row: 3, errors: { title: ['This field is required'] } }]);
    const good = await upload(
      await sheet([
        ['title', 'price'],
        ['Queso fresco', 12.5],
      ]),
      'es',
      'p.xlsx',
    );
    expect(good.json()).toEqual({ created: 1, updated: 0, unchanged: 0 });
  });

  it('refuses an XLSX that would unpack to more than it may (a zip bomb)', async () => {
    const sheet = await writeXlsxFile([[{ value: 'title' }, { value: 'price' }]]).toBuffer();
    const entries = unzipSync(new Uint8Array(sheet));
    const xml = 'xl/worksheets/sheet1.xml';
    const spaces = strToU8(' '.repeat(60 * 1024 * 1024));
    const bomb = Buffer.from(zipSync({ ...entries, [xml]: spaces }, { level: 9 }));
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const many = Buffer.from(
      zipSync({
        ...entries,
        ...Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`x/${i}.xml`, strToU8('')])),
      }),
    );
    const before = await snapshot();
    for (const [file, language, message] of [
      [bomb, 'es', 'El archivo XLSX descomprimido pasa de 50 MB o de 200 partes. Divídelo en varios.'],
      [many, 'en', 'The XLSX file unpacks to more than 50 MB or 200 parts. Split it into several.'],
    ] as const) {
      const res = await upload(file, language, 'productos.xlsx');
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ non_field_errors: [message] });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses an XLSX whose part hides its size in a data descriptor, inflating no more than 50 MB of it', async () => {
    const MB = 1024 * 1024;
    const bomb = await descriptorBomb(100 * MB);
    expect(bomb.length).toBeLessThan(MB / 4);
    const before = await snapshot();
    const { result: res, inflated } = await inflatedWhile(() => upload(bomb, 'en', 'productos.xlsx'));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      non_field_errors: ['The XLSX file unpacks to more than 50 MB or 200 parts. Split it into several.'],
    });
    // zlib stopped at the cap, within two of its 64 KiB chunks: not at the 100 MB the part holds.
    expect(inflated).toBeGreaterThan(50 * MB);
    expect(inflated).toBeLessThanOrEqual(50 * MB + 2 * 64 * 1024);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a file that is not a products CSV or XLSX, changing nothing', async () => {
    const count0 = await productCount();
    const refusals = [
      await upload(await picture('png', 10, 10), 'es', 'foto.csv'),
      await upload(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), 'es', 'roto.xlsx'),
      await upload(csv('name,cost\nCausa,1\n')),
      await upload(csv('title,price\n')),
    ];
    for (const res of refusals) expect(res.statusCode, res.body).toBe(400);
    expect(refusals[0]?.json().non_field_errors).toEqual([
      'El archivo no es un CSV (UTF-8) ni un XLSX que se pueda leer.',
    ]);
    expect(refusals[2]?.json()).toMatchObject({
      unknown_columns: ['name', 'cost'],
      missing_columns: ['title', 'price'],
    });
    const plain = await adminCall(ctx.t.app, ctx.tokens.manager, 'POST', 'products/import/', { title: 'x' });
    expect(plain.statusCode).toBe(400);
    expect(await productCount()).toBe(count0);
  });
});
