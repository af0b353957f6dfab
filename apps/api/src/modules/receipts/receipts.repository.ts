import type { Executor } from '@storefront/db/client';
import { products } from '@storefront/db/schema/catalogue';
import {
  companyEInvoicing,
  placeReceiptSeries,
  receiptCounters,
  receipts,
} from '@storefront/db/schema/receipts';
import { places } from '@storefront/db/schema/tenancy';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';

export type EInvoicingRow = typeof companyEInvoicing.$inferSelect;
export type EInvoicingValues = Omit<typeof companyEInvoicing.$inferInsert, 'companyUid'>;
export type PlaceSeriesRow = typeof placeReceiptSeries.$inferSelect;
export type ReceiptRow = typeof receipts.$inferSelect;

export async function findEInvoicing(db: Executor, companyUid: string): Promise<EInvoicingRow | null> {
  const [row] = await db.select().from(companyEInvoicing).where(eq(companyEInvoicing.companyUid, companyUid));
  return row ?? null;
}

export async function saveEInvoicing(tx: Executor, companyUid: string, values: EInvoicingValues) {
  await tx
    .insert(companyEInvoicing)
    .values({ companyUid, ...values })
    .onConflictDoUpdate({ target: companyEInvoicing.companyUid, set: values });
}

/** Every place of the company with its series (null columns until set), by name. */
export function placesWithSeries(db: Executor, companyUid: string) {
  return db
    .select({
      uid: places.uid,
      name: places.name,
      establishmentCode: placeReceiptSeries.establishmentCode,
      boletaSeries: placeReceiptSeries.boletaSeries,
      facturaSeries: placeReceiptSeries.facturaSeries,
      boletaNoteSeries: placeReceiptSeries.boletaNoteSeries,
      facturaNoteSeries: placeReceiptSeries.facturaNoteSeries,
    })
    .from(places)
    .leftJoin(placeReceiptSeries, eq(placeReceiptSeries.placeUid, places.uid))
    .where(eq(places.companyUid, companyUid))
    .orderBy(asc(places.name), asc(places.uid));
}

/** Replaces the series of the places given (deleted first, so two places may swap a series). */
export async function replacePlaceSeries(tx: Executor, companyUid: string, rows: PlaceSeriesRow[]) {
  if (rows.length === 0) return;
  await tx.delete(placeReceiptSeries).where(
    and(
      eq(placeReceiptSeries.companyUid, companyUid),
      inArray(
        placeReceiptSeries.placeUid,
        rows.map((row) => row.placeUid),
      ),
    ),
  );
  await tx.insert(placeReceiptSeries).values(rows);
}

export async function findPlaceSeries(db: Executor, placeUid: string): Promise<PlaceSeriesRow | null> {
  const [row] = await db.select().from(placeReceiptSeries).where(eq(placeReceiptSeries.placeUid, placeUid));
  return row ?? null;
}

/**
 * The next number of a series, taken in the caller's transaction: the counter row stays locked until it
 * ends, so concurrent issues on one series wait, and a rollback gives the number back (no gap).
 */
export async function takeReceiptNumber(tx: Executor, companyUid: string, series: string): Promise<number> {
  const [row] = await tx
    .insert(receiptCounters)
    .values({ companyUid, series, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [receiptCounters.companyUid, receiptCounters.series],
      set: { lastNumber: sql`${receiptCounters.lastNumber} + 1` },
    })
    .returning({ number: receiptCounters.lastNumber });
  if (!row) throw new Error('receipt counter not returned');
  return row.number;
}

export async function insertReceipt(tx: Executor, row: typeof receipts.$inferInsert): Promise<ReceiptRow> {
  const [inserted] = await tx.insert(receipts).values(row).returning();
  if (!inserted) throw new Error('receipt not returned');
  return inserted;
}

/** The catalogue's prices (cents) of products: a product given for coins keeps no price on its order. */
export async function productPrices(
  db: Executor,
  companyUid: string,
  uids: string[],
): Promise<Map<string, number>> {
  if (uids.length === 0) return new Map();
  const rows = await db
    .select({ uid: products.uid, unitPrice: products.unitPrice })
    .from(products)
    .where(and(eq(products.companyUid, companyUid), inArray(products.uid, uids)));
  return new Map(rows.map((row) => [row.uid, row.unitPrice]));
}

/** Facturas waiting to be sent, locked for this pass (SKIP LOCKED: each is sent by one worker). */
export function lockDueFacturas(tx: Executor, now: Date, limit: number): Promise<ReceiptRow[]> {
  return tx
    .select()
    .from(receipts)
    .where(
      and(eq(receipts.status, 'PENDING'), eq(receipts.type, 'FACTURA'), lte(receipts.nextAttemptAt, now)),
    )
    .orderBy(asc(receipts.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function updateReceipt(
  tx: Executor,
  uid: string,
  values: Partial<
    Pick<
      typeof receipts.$inferInsert,
      'status' | 'hash' | 'xml' | 'cdr' | 'sunatCode' | 'sunatMessage' | 'attempts' | 'nextAttemptAt'
    >
  >,
) {
  await tx
    .update(receipts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(receipts.uid, uid));
}
