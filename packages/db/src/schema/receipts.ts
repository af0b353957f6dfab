import {
  type AnyPgColumn,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { orders } from './orders.ts';
import { apps, companies, places } from './tenancy.ts';

// Electronic receipts for SUNAT (architecture §12, decisions 038 and 039). A recorded receipt is never
// deleted: its foreign keys restrict, so no company, place or order that has one can go either.

/** Binary data: PGlite reads it as a Uint8Array, node-postgres as a Buffer; both come back a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export interface FiscalAddressValue {
  ubigeo: string;
  department: string;
  province: string;
  district: string;
  line: string;
}

/**
 * A company's e-invoicing settings. The SOL password, the PKCS#12 (base64) and its password are sealed
 * with SECRETS_KEY (secrets.ts); the certificate's subject and expiry are kept in clear to show owners.
 */
export const companyEInvoicing = pgTable('company_e_invoicing', {
  companyUid: text()
    .primaryKey()
    .references(() => companies.uid, { onDelete: 'cascade' }),
  enabled: boolean().notNull().default(false),
  environment: text({ enum: ['BETA', 'PRODUCTION'] })
    .notNull()
    .default('BETA'),
  ruc: text(),
  legalName: text(),
  tradeName: text(),
  address: jsonb().$type<FiscalAddressValue | null>(),
  igvPercent: numeric({ precision: 5, scale: 2 }).notNull().default('18.00'),
  solUser: text(),
  solPasswordEncrypted: text(),
  certificateEncrypted: text(),
  certificatePasswordEncrypted: text(),
  certificateSubject: text(),
  certificateNotAfter: timestamp({ withTimezone: true }),
  version: integer().notNull().default(1),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** A place's SUNAT establishment code and its four series; a series belongs to one place of its company. */
export const placeReceiptSeries = pgTable(
  'place_receipt_series',
  {
    placeUid: text()
      .primaryKey()
      .references(() => places.uid, { onDelete: 'cascade' }),
    companyUid: text()
      .notNull()
      .references(() => companies.uid, { onDelete: 'cascade' }),
    establishmentCode: text().notNull(),
    boletaSeries: text().notNull(),
    facturaSeries: text().notNull(),
    boletaNoteSeries: text().notNull(),
    facturaNoteSeries: text().notNull(),
  },
  (t) => [
    unique().on(t.companyUid, t.boletaSeries),
    unique().on(t.companyUid, t.facturaSeries),
    unique().on(t.companyUid, t.boletaNoteSeries),
    unique().on(t.companyUid, t.facturaNoteSeries),
  ],
);

/** The last number taken in a company's series: incremented in the transaction that records the receipt. */
export const receiptCounters = pgTable(
  'receipt_counters',
  {
    companyUid: text()
      .notNull()
      .references(() => companies.uid, { onDelete: 'restrict' }),
    series: text().notNull(),
    lastNumber: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyUid, t.series] })],
);

export const RECEIPT_TYPES = ['BOLETA', 'FACTURA', 'CREDIT_NOTE'] as const;
export const RECEIPT_STATUSES = [
  'PENDING',
  'SENT',
  'ACCEPTED',
  'ACCEPTED_WITH_OBSERVATIONS',
  'REJECTED',
] as const;

/** A receipt as issued (its number and document), then signed and sent by the outbox, with SUNAT's CDR. */
export const receipts = pgTable(
  'receipts',
  {
    uid: uuid().primaryKey().defaultRandom(),
    appUid: text()
      .notNull()
      .references(() => apps.uid, { onDelete: 'restrict' }),
    companyUid: text()
      .notNull()
      .references(() => companies.uid, { onDelete: 'restrict' }),
    placeUid: text()
      .notNull()
      .references(() => places.uid, { onDelete: 'restrict' }),
    orderUid: uuid().references(() => orders.uid, { onDelete: 'restrict' }),
    type: text({ enum: RECEIPT_TYPES }).notNull(),
    series: text().notNull(),
    number: integer().notNull(),
    refersToUid: uuid().references((): AnyPgColumn => receipts.uid, { onDelete: 'restrict' }),
    status: text({ enum: RECEIPT_STATUSES }).notNull().default('PENDING'),
    issuedAt: timestamp({ withTimezone: true }).notNull(),
    currency: text().notNull().default('PEN'),
    /** Cents: the value without IGV, the IGV and the total paid. */
    valueCents: integer().notNull(),
    igvCents: integer().notNull(),
    totalCents: integer().notNull(),
    /** The signature's DigestValue, printed with the QR code: set when the sender signs. */
    hash: text(),
    /** The document as built at issue; signed by the sender (decision 039). */
    xml: text().notNull(),
    /** SUNAT's answer (the R-….zip) and its code and words. */
    cdr: bytea(),
    sunatCode: text(),
    sunatMessage: text(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique().on(t.companyUid, t.series, t.number),
    index().on(t.companyUid, t.issuedAt),
    index().on(t.orderUid),
    index().on(t.status, t.nextAttemptAt),
  ],
);
