import { customType, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { apps, companies } from './tenancy.ts';

/** Binary data: PGlite reads it as a Uint8Array, node-postgres as a Buffer; both come back a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * An image a company uploaded (issue 17). Its uid is derived from the company and the uploaded bytes, so
 * the same file uploaded twice is one image, and what a uid names never changes (served immutable).
 */
export const images = pgTable(
  'images',
  {
    uid: text().primaryKey(),
    appUid: text()
      .notNull()
      .references(() => apps.uid, { onDelete: 'cascade' }),
    companyUid: text()
      .notNull()
      .references(() => companies.uid, { onDelete: 'cascade' }),
    /** The uploaded picture's size, upright (after its EXIF orientation). */
    width: integer().notNull(),
    height: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.companyUid)],
);

/** One stored WebP width of an image; `contentHash` (of `bytes`) is its ETag. */
export const imageFiles = pgTable(
  'image_files',
  {
    imageUid: text()
      .notNull()
      .references(() => images.uid, { onDelete: 'cascade' }),
    width: integer().notNull(),
    bytes: bytea().notNull(),
    contentHash: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.imageUid, t.width] })],
);
