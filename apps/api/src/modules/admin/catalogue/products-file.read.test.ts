import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readProductsFile } from './products-file.ts';

// Reading an uploaded products file into rows (decision 022), the file alone: which files, headers and
// rows are refused, and what each cell becomes. products-file.test.ts imports them through the API.

const csv = (text: string) => Buffer.from(text, 'utf8');
const codeOf = async (bytes: Buffer) =>
  readProductsFile(bytes).then(
    () => 'read',
    (error: { code?: string; data?: unknown }) => ({ code: error.code, data: error.data }),
  );

/** An XLSX with one sheet of these rows (strings, numbers, booleans, dates, blanks). */
async function xlsx(rows: (string | number | boolean | Date | null)[][]): Promise<Buffer> {
  const { default: writeXlsxFile } = await import('write-excel-file/node');
  const cells = rows.map((row) =>
    row.map((value) =>
      value === null
        ? null
        : value instanceof Date
          ? { value, type: Date, format: 'yyyy-mm-dd' }
          : {
              value,
              type: typeof value === 'number' ? Number : typeof value === 'boolean' ? Boolean : String,
            },
    ),
  );
  return writeXlsxFile(cells as never, { sheet: 'products' }).toBuffer();
}

describe('readProductsFile: CSV', () => {
  it('reads each row with its line in the file, header names trimmed and in any case', async () => {
    const rows = await readProductsFile(
      csv('\uFEFF Title ,PRICE,sku\r\nCausa,12.50,C-1\r\n\r\n,,\r\nLomo,"30",\r\n'),
    );
    expect(rows).toEqual([
      { row: 2, cells: { title: 'Causa', price: '12.50', sku: 'C-1' } },
      { row: 5, cells: { title: 'Lomo', price: '30', sku: '' } },
    ]);
  });

  it('splits on ";" when the header has it and no comma, else on ","', async () => {
    expect(await readProductsFile(csv('title;price\nCausa;12,50\n'))).toEqual([
      { row: 2, cells: { title: 'Causa', price: '12,50' } },
    ]);
    expect(await readProductsFile(csv('title,price,brand\nCausa;A,12.50,B;C\n'))).toEqual([
      { row: 2, cells: { title: 'Causa;A', price: '12.50', brand: 'B;C' } },
    ]);
    // A header with both splits on ",", to its last character (a file of one line too).
    expect(await codeOf(csv('title,price;x\nA,1\n'))).toEqual({
      code: 'IMPORT_COLUMNS',
      data: { unknown_columns: ['price;x'], missing_columns: ['price'], repeated_columns: [] },
    });
    expect(await codeOf(csv('title;price,'))).toEqual({
      code: 'IMPORT_COLUMNS',
      data: { unknown_columns: ['title;price'], missing_columns: ['title', 'price'], repeated_columns: [] },
    });
    // Only the header line decides: a ";" in a later line does not.
    expect(await readProductsFile(csv('title,price\nA;B,1\n'))).toEqual([
      { row: 2, cells: { title: 'A;B', price: '1' } },
    ]);
  });

  it('skips the byte order mark before a quoted first cell', async () => {
    expect(await readProductsFile(csv('\uFEFF"title",price\nA,1\n'))).toEqual([
      { row: 2, cells: { title: 'A', price: '1' } },
    ]);
  });

  it('takes short rows, leaves out blank-named columns, and unguards formula cells', async () => {
    expect(await readProductsFile(csv("title,,price\n'=1+1,x,2\nSolo\n"))).toEqual([
      { row: 2, cells: { title: '=1+1', price: '2' } },
      { row: 3, cells: { title: 'Solo', price: null } },
    ]);
    // A leading quote before text that is no formula stays.
    expect((await readProductsFile(csv("title,price\n'Causa,1\n")))[0]?.cells.title).toBe("'Causa");
  });

  it('refuses a header with unknown, missing or repeated columns, naming each', async () => {
    expect(await codeOf(csv('title,price,colour,Size\nA,1,red,L\n'))).toEqual({
      code: 'IMPORT_COLUMNS',
      data: { unknown_columns: ['colour', 'size'], missing_columns: [], repeated_columns: [] },
    });
    expect(await codeOf(csv('sku\nA\n'))).toEqual({
      code: 'IMPORT_COLUMNS',
      data: { unknown_columns: [], missing_columns: ['title', 'price'], repeated_columns: [] },
    });
    expect(await codeOf(csv('title\nA\n'))).toEqual({
      code: 'IMPORT_COLUMNS',
      data: { unknown_columns: [], missing_columns: ['price'], repeated_columns: [] },
    });
    expect(await codeOf(csv('title,price,Title,,\nA,1,B,,\n'))).toEqual({
      code: 'IMPORT_COLUMNS',
      data: { unknown_columns: [], missing_columns: [], repeated_columns: ['title'] },
    });
    expect(await codeOf(csv(''))).toEqual({
      code: 'IMPORT_COLUMNS',
      data: { unknown_columns: [], missing_columns: ['title', 'price'], repeated_columns: [] },
    });
  });

  it('refuses a file without rows, and one over 10,000 rows', async () => {
    expect(await codeOf(csv('title,price\n\n , \n'))).toMatchObject({ code: 'IMPORT_EMPTY' });
    expect(await codeOf(csv('title,price\n'))).toMatchObject({ code: 'IMPORT_EMPTY' });
    const many = (n: number) => csv(`title,price\n${'A,1\n'.repeat(n)}`);
    expect(await readProductsFile(many(10_000))).toHaveLength(10_000);
    expect(await codeOf(many(10_001))).toMatchObject({ code: 'IMPORT_TOO_MANY_ROWS' });
  });

  it('refuses what is not UTF-8 text, has NUL bytes or is no CSV', async () => {
    expect(await codeOf(Buffer.from([0x74, 0x69, 0xff, 0xfe, 0x0a]))).toMatchObject({
      code: 'IMPORT_FILE_TYPE',
    });
    expect(await codeOf(csv('title,price\nA\0,1\n'))).toMatchObject({ code: 'IMPORT_FILE_TYPE' });
    expect(await codeOf(csv('title,price\n"A,1\n'))).toMatchObject({ code: 'IMPORT_FILE_TYPE' });
  });
});

describe('readProductsFile: XLSX', () => {
  it('reads typed cells as they are: text as written (never unguarded), numbers, flags, dates as text, blanks as null', async () => {
    const when = new Date(Date.UTC(2031, 0, 2));
    const rows = await readProductsFile(
      await xlsx([
        ['title', 'price', 'is_active', 'brand', 'sku'],
        ["'=1+1", 12.5, true, when, null],
        [null, null, null, null, null],
        ['Lomo', 30, false, 'Casa', 'L-1'],
      ]),
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      row: 2,
      cells: { title: "'=1+1", price: 12.5, is_active: true, sku: null },
    });
    expect(typeof rows[0]?.cells.brand).toBe('string');
    expect(rows[0]?.cells.brand).toContain('2031');
    expect(rows[1]).toEqual({
      row: 4,
      cells: { title: 'Lomo', price: 30, is_active: false, brand: 'Casa', sku: 'L-1' },
    });
  });

  it('leaves out a column without a header cell', async () => {
    const rows = await readProductsFile(
      await xlsx([
        ['title', null, 'price'],
        ['Causa', 'nota', 12],
      ]),
    );
    expect(rows).toEqual([{ row: 2, cells: { title: 'Causa', price: 12 } }]);
  });

  it('refuses a zip that is no workbook, and one that would unpack to too much', async () => {
    const notBook = Buffer.from(zipSync({ 'a.txt': new Uint8Array([1, 2, 3]) }));
    expect(await codeOf(notBook)).toMatchObject({ code: 'IMPORT_FILE_TYPE' });
    const broken = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(40, 7)]);
    expect(await codeOf(broken)).toMatchObject({ code: 'IMPORT_FILE_TYPE' });
    const files: Record<string, Uint8Array> = {};
    for (let i = 0; i < 201; i++) files[`part${i}.xml`] = new Uint8Array([60]);
    expect(await codeOf(Buffer.from(zipSync(files)))).toMatchObject({ code: 'IMPORT_UNPACKS_TOO_LARGE' });
    const wide = Buffer.from(zipSync({ 'big.xml': new Uint8Array(50 * 1024 * 1024 + 1) }));
    expect(await codeOf(wide)).toMatchObject({ code: 'IMPORT_UNPACKS_TOO_LARGE' });
  });

  it('takes 200 parts and 50 MB unpacked', async () => {
    const files: Record<string, Uint8Array> = {};
    for (let i = 0; i < 200; i++) files[`part${i}.xml`] = new Uint8Array([60]);
    // Within both bounds the reader gets the file (and finds no workbook in it).
    expect(await codeOf(Buffer.from(zipSync(files)))).toMatchObject({ code: 'IMPORT_FILE_TYPE' });
    const full = Buffer.from(zipSync({ 'big.xml': new Uint8Array(50 * 1024 * 1024) }));
    expect(await codeOf(full)).toMatchObject({ code: 'IMPORT_FILE_TYPE' });
  });
});
