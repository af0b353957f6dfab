import type { Executor } from '@storefront/db/client';
import { programs } from '@storefront/db/schema/loyalty';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { PageRequest } from '../../lib/paging.ts';

// What the back office's lists of a company's campaigns and activities share: the search pattern, the
// ordering, and the rows a program owns (promotions, raffles, polls, ads), whose company is their
// program's.

/** A search as a LIKE pattern that finds it anywhere, its wildcards taken literally. */
export const containing = (search: string) => `%${search.replace(/[\\%_]/g, '\\$&')}%`;

/** The order of a list's `ordering` ("field" or "-field" for descending, one of `columns`), else `fallback`. */
export function orderBy<T extends Record<string, AnyPgColumn>>(
  columns: T,
  ordering: string | undefined,
  fallback: keyof T & string,
): SQL {
  const field = (ordering ?? fallback).replace(/^-/, '');
  const column = columns[field] ?? columns[fallback];
  return ordering?.startsWith('-') ? desc(column as AnyPgColumn) : asc(column as AnyPgColumn);
}

/** A page of rows and the count of all, read side by side. */
export async function pageOf<R>(rows: Promise<R[]>, total: Promise<{ n: number }[]>) {
  const [found, [counted]] = await Promise.all([rows, total]);
  return { rows: found, count: counted?.n ?? 0 };
}

type ProgramOwned = PgTable & { uid: AnyPgColumn; programUid: AnyPgColumn };
type Figures = Record<string, SQL<number>>;
type WithFigures<T extends PgTable, F extends Figures> = T['$inferSelect'] & { [K in keyof F]: number };

/** The rows of a program-owned table with per-row figures (counts), joined to their program. */
function selectOwned<T extends ProgramOwned, F extends Figures>(db: Executor, table: T, figures: F) {
  return db
    .select({ row: table as ProgramOwned, ...figures } as Record<string, ProgramOwned | SQL>)
    .from(table as ProgramOwned)
    .innerJoin(programs, eq(programs.uid, table.programUid));
}

const flatten = <T extends PgTable, F extends Figures>({ row, ...figures }: Record<string, unknown>) =>
  ({ ...(row as object), ...figures }) as WithFigures<T, F>;

/** A page of the company's rows of a program-owned table, ordered then by uid, with their figures. */
export async function listProgramOwned<T extends ProgramOwned, F extends Figures>(
  db: Executor,
  table: T,
  figures: F,
  query: { companyUid: string; where: (SQL | undefined)[]; order: SQL },
  at: PageRequest,
) {
  const where = and(eq(programs.companyUid, query.companyUid), ...query.where);
  const { rows, count: total } = await pageOf(
    selectOwned(db, table, figures)
      .where(where)
      .orderBy(query.order, asc(table.uid))
      .limit(at.limit)
      .offset(at.offset),
    db
      .select({ n: count() })
      .from(table as ProgramOwned)
      .innerJoin(programs, eq(programs.uid, table.programUid))
      .where(where),
  );
  return { rows: rows.map(flatten<T, F>), count: total };
}

/** The company's row of a program-owned table with its figures; `lock` takes the row's lock. */
export async function findProgramOwned<T extends ProgramOwned, F extends Figures>(
  db: Executor,
  table: T,
  figures: F,
  companyUid: string,
  uid: string,
  lock: boolean,
): Promise<WithFigures<T, F> | undefined> {
  const query = selectOwned(db, table, figures).where(
    and(eq(programs.companyUid, companyUid), eq(table.uid, uid)),
  );
  const [row] = lock ? await query.for('update', { of: table as ProgramOwned }) : await query;
  return row && flatten<T, F>(row);
}

/** The position after the last of the program's rows (a new row goes to the end). */
export async function nextPosition(
  db: Executor,
  table: ProgramOwned & { position: AnyPgColumn },
  programUid: string,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(max(${table.position}) + 1, 0)::int` })
    .from(table as ProgramOwned)
    .where(eq(table.programUid, programUid));
  return row?.n ?? 0;
}

/** Saves changes to a row and moves its version on (the admin's optimistic concurrency). */
export async function updateVersioned<T extends PgTable & { uid: AnyPgColumn; version: AnyPgColumn }>(
  db: Executor,
  table: T,
  uid: string,
  changes: Partial<T['$inferInsert']>,
): Promise<void> {
  await db
    .update(table as PgTable)
    .set({ ...changes, version: sql`${table.version} + 1` })
    .where(eq(table.uid, uid));
}
