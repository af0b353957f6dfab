import { setImmediate } from 'node:timers/promises';
import zlib from 'node:zlib';
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
const ZIP_LOCAL_HEADER = 0x04034b50;
const ZIP_DIRECTORY_ENTRY = 0x02014b50;
const ZIP_DIRECTORY_END = Buffer.from([0x50, 0x4b, 0x05, 0x06]);

/** What an XLSX may unpack to: a few parts, and far more than 10,000 rows of products need. */
const XLSX_MAX_ENTRIES = 200;
const XLSX_MAX_UNPACKED_BYTES = 50 * 1024 * 1024;

/** The parts the reader reads (read-excel-file's own filter: the XML and its relations). */
const isWorkbookPart = (name: string) => name.endsWith('.xml') || name.endsWith('.xml.rels');

/** zlib's output at a time: a quarter of the time 16 KiB chunks take to inflate 50 MB. */
const INFLATE_CHUNK_BYTES = 64 * 1024;

/**
 * A deflated part inflated by zlib as it is read, stopped as soon as it passes `limit` bytes (within a
 * chunk or two of zlib's): what the zip's headers say of its size counts for nothing (a part with a data
 * descriptor has no sizes in its local header, and its directory entry may claim 1,000 bytes of 400 MB,
 * issue 43).
 */
async function inflateAtMost(data: Buffer, limit: number): Promise<Buffer> {
  const inflater = zlib.createInflateRaw({ chunkSize: INFLATE_CHUNK_BYTES });
  inflater.end(data);
  const chunks: Buffer[] = [];
  let size = 0;
  // Leaving the loop destroys the inflater: zlib inflates no further than what was read.
  for await (const chunk of inflater as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new AppError('IMPORT_UNPACKS_TOO_LARGE');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

/**
 * The workbook's parts, found by the zip's central directory and unpacked here, together at most
 * XLSX_MAX_UNPACKED_BYTES (issue 28: a zip bomb), in at most XLSX_MAX_ENTRIES entries.
 */
async function xlsxParts(bytes: Buffer): Promise<Record<string, Uint8Array>> {
  const parts: Record<string, Uint8Array> = {};
  try {
    const end = bytes.lastIndexOf(ZIP_DIRECTORY_END);
    if (end < 0) throw new AppError('IMPORT_FILE_TYPE');
    const entries = bytes.readUInt16LE(end + 10);
    if (entries > XLSX_MAX_ENTRIES) throw new AppError('IMPORT_UNPACKS_TOO_LARGE');
    let left = XLSX_MAX_UNPACKED_BYTES;
    let at = bytes.readUInt32LE(end + 16);
    for (let entry = 0; entry < entries; entry++) {
      if (bytes.readUInt32LE(at) !== ZIP_DIRECTORY_ENTRY) throw new AppError('IMPORT_FILE_TYPE');
      const method = bytes.readUInt16LE(at + 10);
      const packed = bytes.readUInt32LE(at + 20);
      const nameEnd = at + 46 + bytes.readUInt16LE(at + 28);
      const local = bytes.readUInt32LE(at + 42);
      const name = bytes.toString('utf8', at + 46, nameEnd);
      at = nameEnd + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
      if (!isWorkbookPart(name)) continue;
      if (bytes.readUInt32LE(local) !== ZIP_LOCAL_HEADER) throw new AppError('IMPORT_FILE_TYPE');
      if (method !== 0 && method !== 8) throw new AppError('IMPORT_FILE_TYPE');
      const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
      const data = bytes.subarray(start, start + packed);
      const part = method === 8 ? await inflateAtMost(data, left) : data;
      if (part.length > left) throw new AppError('IMPORT_UNPACKS_TOO_LARGE');
      left -= part.length;
      parts[name] = part;
    }
  } catch (error) {
    // A read past the file's end (a directory pointing nowhere), or data zlib cannot inflate.
    throw error instanceof AppError ? error : new AppError('IMPORT_FILE_TYPE');
  }
  return parts;
}

/**
 * The reader gets the parts unpacked here, stored as they are: it inflates nothing of the upload, whose
 * parts it would otherwise inflate to whatever end their data has.
 */
async function xlsxTable(bytes: Buffer): Promise<unknown[][]> {
  const parts = await xlsxParts(bytes);
  const [{ zipSync }, { default: readXlsxFile }] = await Promise.all([
    import('fflate'),
    import('read-excel-file/node'),
  ]);
  const stored = zipSync(parts, { level: 0 });
  try {
    const [sheet] = await readXlsxFile(Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength));
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
