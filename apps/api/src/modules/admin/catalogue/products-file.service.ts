import { setImmediate } from 'node:timers/promises';
import {
  type AdminImportRowReport,
  type AdminProduct,
  type AdminProductCreate,
  type AdminProductsImportSummary,
  adminProductCreateSchema,
} from '@storefront/contracts/admin-catalogue';
import { AppError, FIELD_MESSAGES, type FieldErrors } from '@storefront/contracts/errors';
import type { Database, Executor } from '@storefront/db/client';
import { fieldErrorsFromIssues } from '../../../plugins/error-handler.ts';
import type { AdminContext } from '../access/admin-guard.ts';
import * as repo from './catalogue.repository.ts';
import {
  asBody,
  checkProduct,
  deleteProductIn,
  insertProductIn,
  loadProduct,
  productValues,
  updateProductIn,
} from './products.service.ts';
import { type FileRow, productsCsv, productsXlsx, readProductsFile } from './products-file.ts';

// Export and import of the company's products as a file (decision 022). The import is all or nothing:
// every row is checked by the product form's rules first; one refused row and nothing is written. The
// writes then go in short transactions that other requests pass between, and a failed one undoes the
// ones before it (decision 030).

/**
 * How long the import holds the database at a time: on PGlite a transaction holds its one connection
 * and, as it runs in this thread, the event loop; every other request waits for it to end. A read of
 * another shop waits for at most one hold, then runs whole while the import waits (`letOthersIn`).
 */
const HOLD_MS = 20;

/**
 * A turn of the event loop that used more CPU than this ran someone else's callbacks (a request, its
 * queries). CPU time, not the clock: on a loaded machine an idle turn can take milliseconds of waiting
 * for a core, and the import would pause for nobody.
 */
const BUSY_TURN_MICROSECONDS = 1000;

/** The longest the import waits for the others at a time, so that a steady flow of requests cannot stall it. */
const MAX_PAUSE_MS = 200;

/** The limits of an import's holds, pauses and announcements: these constants, or smaller in a test. */
export interface ImportLimits {
  holdMs: number;
  busyTurnMicroseconds: number;
  maxPauseMs: number;
  /** ANNOUNCE_MS, below. */
  announceMs: number;
}

/** CPU time this process used, in microseconds. */
const cpuMicroseconds = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

/**
 * Lets the requests that came in meanwhile run to their answer before going on: one turn of the event
 * loop runs what is ready (a request that arrived, the queries of its handler, which on PGlite resolve
 * within that turn), so the import turns again as long as a turn ran others' work. A single turn would let
 * only a read's first query pass; its next ones would queue behind the import's next transaction.
 */
async function letOthersIn(limits: ImportLimits) {
  const paused = performance.now();
  let turn: number;
  do {
    turn = cpuMicroseconds();
    await setImmediate();
  } while (
    cpuMicroseconds() - turn > limits.busyTurnMicroseconds &&
    performance.now() - paused < limits.maxPauseMs
  );
}

/**
 * Calls `write` on each item in order, in transactions that end before they would hold the database past
 * HOLD_MS (judged by the item written last; at least one item each), with the other requests let in
 * between; `end` closes each transaction (`last`: the items' last one), `committed` hears what each one
 * wrote once it is committed.
 */
async function inShortTransactions<T, R>(
  db: Database,
  limits: ImportLimits,
  items: T[],
  write: (tx: Executor, item: T) => Promise<R>,
  end: (tx: Executor, written: R[], last: boolean) => Promise<void>,
  committed: (written: R[]) => void,
) {
  let next = 0;
  while (next < items.length) {
    const written = await db.transaction(async (tx) => {
      const started = performance.now();
      const done: R[] = [];
      let last: number;
      do {
        const before = performance.now();
        done.push(await write(tx, items[next + done.length] as T));
        last = performance.now() - before;
      } while (next + done.length < items.length && performance.now() - started + last < limits.holdMs);
      await end(tx, done, next + done.length === items.length);
      return done;
    });
    next += written.length;
    committed(written);
    await letOthersIn(limits);
  }
}

export async function exportProducts(ctx: AdminContext, format: 'csv' | 'xlsx'): Promise<Buffer> {
  const rows = await repo.productsForFile(ctx.db, ctx.company.uid);
  return format === 'xlsx' ? productsXlsx(rows) : productsCsv(rows);
}

/** The form's rules, less what the file does not carry (pictures, option groups). */
const fileProductSchema = adminProductCreateSchema.omit({ image_uid: true, option_groups: true });

type Cells = FileRow['cells'];
const textOf = (value: Cells[keyof Cells]) =>
  value === null || value === undefined ? '' : String(value).trim();

const FLAGS: Record<string, boolean> = {
  true: true,
  false: false,
  '1': true,
  '0': false,
  yes: true,
  no: false,
  sí: true,
  si: true,
  verdadero: true,
  falso: false,
};

/** A flag cell: true/false (or sí/no, yes/no, 1/0); anything else is left for zod to refuse. */
function flagOf(value: Cells[keyof Cells]) {
  if (typeof value === 'boolean' || textOf(value) === '') return textOf(value) === '' ? undefined : value;
  return FLAGS[textOf(value).toLowerCase()] ?? textOf(value);
}

/** A row's cells as the product form's body; only the file's columns are set (the others stay as they are). */
function bodyOf(cells: Cells, categoryUid: string | null | undefined): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const has = (column: keyof Cells) => Object.hasOwn(cells, column);
  for (const column of ['title', 'price', 'short_description', 'description'] as const)
    if (has(column)) body[column] = textOf(cells[column]);
  for (const column of ['sku', 'brand'] as const)
    if (has(column)) body[column] = textOf(cells[column]) || null;
  if (has('coin_price')) {
    const coins = cells.coin_price;
    const text = textOf(coins);
    body.coin_price =
      typeof coins === 'number' ? coins : text === '' ? null : /^-?\d+$/.test(text) ? Number(text) : text;
  }
  for (const column of ['is_redeemable', 'direct_purchase', 'is_active'] as const)
    if (has(column)) body[column] = flagOf(cells[column]);
  if (categoryUid !== undefined) body.category_uid = categoryUid;
  return body;
}

/** Groups values by a key (uids of a sku, of a category name). */
function indexBy<T>(items: T[], key: (item: T) => string | null, value: (item: T) => string) {
  const index = new Map<string, string[]>();
  for (const item of items) {
    const name = key(item);
    if (name !== null) index.set(name, [...(index.get(name) ?? []), value(item)]);
  }
  return index;
}

interface Planned {
  /** The product the row updates, or null for a new one. */
  target: AdminProduct | null;
  body: AdminProductCreate;
}

/** Checks every row against the company's products and the form's rules; writes nothing. */
async function planRows(db: Executor, ctx: AdminContext, rows: FileRow[], limits: ImportLimits) {
  const language = ctx.language;
  const keys = await repo.productKeysOf(db, ctx.company.uid);
  const known = new Set(keys.map((key) => key.uid));
  const bySku = indexBy(
    keys,
    (key) => key.sku,
    (key) => key.uid,
  );
  const byCategory = indexBy(
    await repo.categoryNamesOf(db, ctx.company.uid),
    (category) => category.name.trim().toLowerCase(),
    (category) => category.uid,
  );
  const seen = new Set<string>();
  const report: AdminImportRowReport[] = [];
  const plan: Planned[] = [];
  let since = performance.now();
  for (const { row, cells } of rows) {
    if (performance.now() - since > limits.holdMs) {
      await letOthersIn(limits);
      since = performance.now();
    }
    const errors: FieldErrors = {};
    const add = (field: string, messages: string[]) => {
      errors[field] = [...(errors[field] ?? []), ...messages];
    };
    // Which product: the uid's, else the sku's (when one product has it), else a new one.
    const uid = textOf(cells.uid);
    const sku = textOf(cells.sku);
    let targetUid: string | null = null;
    if (uid && !known.has(uid)) add('uid', [FIELD_MESSAGES.notInCompany[language]]);
    else if (uid) targetUid = uid;
    else if (sku && (bySku.get(sku)?.length ?? 0) > 1) add('sku', [FIELD_MESSAGES.ambiguous[language]]);
    else if (sku) targetUid = bySku.get(sku)?.[0] ?? null;
    const key = targetUid ?? (sku ? `sku ${sku}` : null);
    if (key && seen.has(key)) add(uid ? 'uid' : 'sku', [FIELD_MESSAGES.repeatedInFile[language]]);
    if (key) seen.add(key);

    let categoryUid: string | null | undefined;
    if (Object.hasOwn(cells, 'category')) {
      const found = byCategory.get(textOf(cells.category).toLowerCase());
      if (textOf(cells.category) === '') categoryUid = null;
      else if (!found) add('category', [FIELD_MESSAGES.notInCompany[language]]);
      else if (found.length > 1) add('category', [FIELD_MESSAGES.ambiguous[language]]);
      else categoryUid = found[0];
    }
    const parsed = fileProductSchema.safeParse(bodyOf(cells, categoryUid));
    if (!parsed.success)
      for (const [field, messages] of Object.entries(fieldErrorsFromIssues(parsed.error.issues, language)))
        add(field === 'category_uid' ? 'category' : field, messages);
    if (parsed.success && Object.keys(errors).length === 0) {
      const target = targetUid ? await loadProduct(db, ctx.company.uid, targetUid) : null;
      try {
        // The service's own rules across fields (a redeemable product needs its coin price).
        await checkProduct(
          db,
          ctx,
          targetUid ?? '',
          target ? { ...asBody(target), ...parsed.data } : parsed.data,
        );
        plan.push({ target, body: parsed.data });
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'VALIDATION')) throw error;
        for (const [field, messages] of Object.entries(error.fields ?? {}))
          add(field === 'category_uid' ? 'category' : field, messages);
      }
    }
    if (Object.keys(errors).length > 0) report.push({ row, errors });
  }
  return { report, plan };
}

/** Whether the row would change a stored field of its product (an exported file imports as no change). */
function changes(target: AdminProduct, body: AdminProductCreate): boolean {
  const current: Record<string, unknown> = productValues(asBody(target));
  return Object.entries(productValues(body)).some(([field, value]) => current[field] !== value);
}

/** What the import wrote to one product: its version after, and its fields before (null: created). */
interface Written {
  uid: string;
  version: number;
  before: AdminProductCreate | null;
}

/** Writes a planned row (null: no change); a product changed since the plan read it answers 409 (If-Match). */
async function writeRow(tx: Executor, ctx: AdminContext, { target, body }: Planned): Promise<Written | null> {
  if (!target) {
    const created = await insertProductIn(tx, ctx, body);
    return { uid: created.uid, version: created.version, before: null };
  }
  if (!changes(target, body)) return null;
  const after = await updateProductIn(tx, ctx, target.uid, body, target.version);
  return { uid: target.uid, version: after.version, before: asBody(target) };
}

/** The products updated among these (new ones are sold nowhere yet: no menu to move). */
const updatedIn = (written: (Written | null)[]) => written.flatMap((row) => (row?.before ? [row.uid] : []));

/**
 * How often an import announces its menu changes at most (catalogue_events, and this process's pages):
 * each announcement drops the kept menu pages of every shop of the app (menu-cache.ts), which are kept
 * for a second or more anyway (MENU_CACHE_SECONDS); one per transaction would leave none kept.
 */
const ANNOUNCE_MS = 1000;

/**
 * Ends the transactions of an import and of its undo: the products each one updated move the menus
 * that sell them, in it (the menus' rows follow every step); the change, and any `moved` (a deleted
 * product that was sold), is announced with the first one, then at most every ANNOUNCE_MS, and with the
 * last one. `menusChanged` runs once an announcing transaction is committed.
 */
function menuMover(ctx: AdminContext, announceMs: number, menusChanged: () => void) {
  let unannounced = false;
  let announcing = false;
  let announcedAt = -announceMs;
  return {
    /** Menus moved in the transaction under way, by a step that wrote them itself. */
    moved: () => {
      unannounced = true;
    },
    end: async (tx: Executor, written: (Written | null)[], last: boolean) => {
      const uids = updatedIn(written);
      if (uids.length > 0) {
        await repo.refreshMenus(tx, uids, await repo.placesSelling(tx, uids));
        unannounced = true;
      }
      announcing = unannounced && (last || performance.now() - announcedAt >= announceMs);
      if (announcing) await repo.announceCatalogueChange(tx, ctx.company.appUid, ctx.company.uid);
    },
    committed: () => {
      if (!announcing) return;
      [unannounced, announcing, announcedAt] = [false, false, performance.now()];
      menusChanged();
    },
  };
}

/**
 * Undoes what the import wrote, newest first and in short transactions too, audited like any change:
 * created products are deleted, updated ones get their fields back. A product someone changed after the
 * import wrote it is left as they made it (their write came later, as it would after a finished import).
 */
async function undo(
  ctx: AdminContext,
  limits: ImportLimits,
  written: Written[],
  menus: ReturnType<typeof menuMover>,
) {
  await inShortTransactions(
    ctx.db,
    limits,
    [...written].reverse(),
    async (tx, { uid, version, before }) => {
      try {
        // A new product is sold nowhere, unless someone offered it since: only then a menu moved.
        if (!before) {
          if ((await deleteProductIn(tx, ctx, uid, version)).length > 0) menus.moved();
        } else await updateProductIn(tx, ctx, uid, before, version);
        return { uid, version, before };
      } catch (error) {
        // Refused before any write (no statement failed), so the transaction goes on.
        if (error instanceof AppError && ['STALE_VERSION', 'NOT_FOUND'].includes(error.code)) return null;
        throw error;
      }
    },
    menus.end,
    menus.committed,
  );
}

/**
 * Creates or updates the products of a CSV or XLSX file, each audited, all or nothing: refuses the whole
 * file (400 `{rows: [{row, errors}]}`) when any row breaks a rule, writing nothing; else writes it in
 * short transactions and, when one fails, undoes the ones before it and answers that failure.
 * `menusChanged` runs after the transactions that announce menu changes (this process's page cache).
 * `limits` are for tests (the route passes none).
 */
export async function importProducts(
  ctx: AdminContext,
  file: Buffer,
  menusChanged: () => void,
  {
    holdMs = HOLD_MS,
    busyTurnMicroseconds = BUSY_TURN_MICROSECONDS,
    maxPauseMs = MAX_PAUSE_MS,
    announceMs = ANNOUNCE_MS,
  }: Partial<ImportLimits> = {},
): Promise<AdminProductsImportSummary> {
  const limits = { holdMs, busyTurnMicroseconds, maxPauseMs, announceMs };
  const rows = await readProductsFile(file);
  const { report, plan } = await planRows(ctx.db, ctx, rows, limits);
  if (report.length > 0) throw new AppError('IMPORT_ROWS_REFUSED', undefined, { rows: report });
  const summary = { created: 0, updated: 0, unchanged: 0 };
  const written: Written[] = [];
  const menus = menuMover(ctx, announceMs, menusChanged);
  try {
    await inShortTransactions(
      ctx.db,
      limits,
      plan,
      (tx, planned) => writeRow(tx, ctx, planned),
      menus.end,
      (done) => {
        for (const row of done) {
          if (row) written.push(row);
          summary[!row ? 'unchanged' : row.before ? 'updated' : 'created'] += 1;
        }
        menus.committed();
      },
    );
  } catch (error) {
    // The undo's last transaction announces what this one's committed transactions had not yet.
    await undo(ctx, limits, written, menus);
    throw error;
  }
  return summary;
}
