import { setImmediate } from 'node:timers/promises';
import {
  MAX_IMPORT_ROWS,
  PRODUCT_FILE_COLUMNS,
  type ProductFileColumn,
} from '@storefront/contracts/admin-catalogue';
import { AppError } from '@storefront/contracts/errors';
import { centsToDecimal } from '@storefront/contracts/money';
import { parse } from 'csv-parse';
import { csvFile, unguardCell } from '../../../lib/csv.ts';
import type { ProductRow } from './catalogue.repository.ts';

// The products file of the admin site (decision 022): written for export, read for import, as CSV or
// XLSX, the columns of PRODUCT_FILE_COLUMNS. Reading only turns cells into raw values; the product
// rules (zod and the service's) decide what a row may hold.

type Cell = string | number | boolean | null;

/** A product as the file holds it (the list's row: the product and its category's name). */
export interface FileProduct {
  product: ProductRow;
  categoryName: string | null;
}

function cellsOf({ product, categoryName }: FileProduct): Record<ProductFileColumn, Cell> {
  return {
    uid: product.uid,
    sku: product.sku ?? '',
    title: product.title,
    short_description: product.shortDescription,
    description: product.description,
    price: centsToDecimal(product.unitPrice),
    coin_price: product.coinPrice,
    brand: product.brand ?? '',
    category: categoryName ?? '',
    is_redeemable: product.isRedeemable,
    direct_purchase: product.directPurchase,
    is_active: product.isActive,
  };
}

export function productsCsv(products: FileProduct[]): Buffer {
  return csvFile([
    [...PRODUCT_FILE_COLUMNS],
    ...products.map((product) =>
      PRODUCT_FILE_COLUMNS.map((column) => {
        const value = cellsOf(product)[column];
        return value === null ? '' : typeof value === 'boolean' ? String(value) : value;
      }),
    ),
  ]);
}

/** XLSX cells are typed (text stays text, never a formula); prices are numbers a spreadsheet adds up. */
export async function productsXlsx(products: FileProduct[]): Promise<Buffer> {
  const { default: writeXlsxFile } = await import('write-excel-file/node');
  const header = PRODUCT_FILE_COLUMNS.map((value) => ({ value, fontWeight: 'bold' as const }));
  const rows = products.map((product) => {
    const cells = cellsOf(product);
    return PRODUCT_FILE_COLUMNS.map((column) => {
      const value = column === 'price' ? Number(cells.price) : cells[column];
      if (value === null || value === '') return null;
      if (typeof value === 'number') return { value, type: Number };
      if (typeof value === 'boolean') return { value, type: Boolean };
      return { value, type: String };
    });
  });
  return writeXlsxFile([header, ...rows], { sheet: 'products' }).toBuffer();
}

export interface FileRow {
  /** The row's line in the file: the header is line 1. */
  row: number;
  cells: Partial<Record<ProductFileColumn, Cell>>;
}

const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** What an XLSX may unpack to: a few parts, and far more than 10,000 rows of products need. */
const XLSX_MAX_ENTRIES = 200;
const XLSX_MAX_UNPACKED_BYTES = 50 * 1024 * 1024;

/**
 * Refuses a zip bomb (issue 28) from its directory alone, before anything is inflated: the parts and
 * the sizes they declare. The reader below inflates each part to its declared size.
 */
async function checkXlsxSize(bytes: Buffer): Promise<void> {
  const { unzipSync } = await import('fflate');
  let entries = 0;
  let unpacked = 0;
  try {
    unzipSync(bytes, {
      filter: (file) => {
        entries += 1;
        unpacked += file.originalSize;
        return false;
      },
    });
  } catch {
    throw new AppError('IMPORT_FILE_TYPE');
  }
  if (entries > XLSX_MAX_ENTRIES || unpacked > XLSX_MAX_UNPACKED_BYTES)
    throw new AppError('IMPORT_UNPACKS_TOO_LARGE');
}

async function xlsxTable(bytes: Buffer): Promise<unknown[][]> {
  await checkXlsxSize(bytes);
  const { default: readXlsxFile } = await import('read-excel-file/node');
  try {
    const [sheet] = await readXlsxFile(bytes);
    return sheet?.data ?? [];
  } catch {
    throw new AppError('IMPORT_FILE_TYPE');
  }
}

/** How much CSV text is parsed at a time: a 10,000-row file in one go held the event loop for 50-150 ms. */
const CSV_SLICE_CHARS = 64 * 1024;

/**
 * UTF-8 text without NUL bytes; `;` separates the cells when the header line has it and no comma.
 * Parsed in slices with the other requests let in between (a cell may span slices).
 */
async function csvTable(bytes: Buffer): Promise<unknown[][]> {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new AppError('IMPORT_FILE_TYPE');
  }
  if (text.includes('\0')) throw new AppError('IMPORT_FILE_TYPE');
  const header = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = header.includes(';') && !header.includes(',') ? ';' : ',';
  // Blank lines stay records (skipped below), so that a row's number is its row in a spreadsheet.
  // Stryker disable next-line BooleanLiteral: the TextDecoder above has dropped a BOM already.
  const parser = parse({ bom: true, delimiter, relax_column_count: true });
  const records: unknown[][] = [];
  const read = (async () => {
    for await (const record of parser) records.push(record);
  })();
  read.catch(() => {}); // awaited below; a parse error must not go unhandled while slices are written
  try {
    for (let at = 0; at < text.length && !parser.destroyed; at += CSV_SLICE_CHARS) {
      parser.write(text.slice(at, at + CSV_SLICE_CHARS));
      await setImmediate();
    }
    parser.end();
    await read;
  } catch {
    throw new AppError('IMPORT_FILE_TYPE');
  }
  return records;
}

const blank = (value: unknown) => value === null || value === undefined || String(value).trim() === '';

/**
 * The rows of an uploaded file, CSV or XLSX by its content (an XLSX is a zip), each with its line. A
 * file that is neither, a header naming an unknown column or lacking title or price, no rows or too
 * many are refused as a whole (400).
 */
export async function readProductsFile(bytes: Buffer): Promise<FileRow[]> {
  const isXlsx = bytes.subarray(0, 4).equals(ZIP_SIGNATURE);
  const table = isXlsx ? await xlsxTable(bytes) : await csvTable(bytes);
  const [header = [], ...lines] = table;
  const columns = header.map((name) =>
    String(name ?? '')
      .trim()
      .toLowerCase(),
  );
  const unknown = columns.filter(
    (name) => name !== '' && !(PRODUCT_FILE_COLUMNS as readonly string[]).includes(name),
  );
  const missing = (['title', 'price'] as const).filter((name) => !columns.includes(name));
  const repeated = columns.filter((name, at) => name !== '' && columns.indexOf(name) !== at);
  if (unknown.length > 0 || missing.length > 0 || repeated.length > 0)
    throw new AppError('IMPORT_COLUMNS', undefined, {
      unknown_columns: unknown,
      missing_columns: missing,
      repeated_columns: repeated,
    });
  const rows: FileRow[] = [];
  lines.forEach((line, at) => {
    if (line.every(blank)) return;
    const cells: FileRow['cells'] = {};
    columns.forEach((name, index) => {
      if (name === '') return;
      const value = line[index];
      cells[name as ProductFileColumn] =
        typeof value === 'string'
          ? isXlsx
            ? value
            : unguardCell(value)
          : typeof value === 'number' || typeof value === 'boolean'
            ? value
            : value === undefined || value === null
              ? null
              : // A date cell, or anything else a spreadsheet may hold: its text, for the rules to judge.
                String(value);
    });
    rows.push({ row: at + 2, cells });
  });
  if (rows.length === 0) throw new AppError('IMPORT_EMPTY');
  if (rows.length > MAX_IMPORT_ROWS) throw new AppError('IMPORT_TOO_MANY_ROWS');
  return rows;
}
