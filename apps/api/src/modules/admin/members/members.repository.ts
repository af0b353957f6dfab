import type { Executor } from '@storefront/db/client';
import { ledgerEntries, memberships, type programLevels, programs } from '@storefront/db/schema/loyalty';
import { users } from '@storefront/db/schema/users';
import { and, asc, count, desc, eq, inArray, isNull, like, type SQL, sql } from 'drizzle-orm';
import type { PageRequest } from '../../../lib/paging.ts';

export type ProgramRow = typeof programs.$inferSelect;
export type LevelRow = typeof programLevels.$inferSelect;
export type MembershipRow = typeof memberships.$inferSelect;
export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;

export function programsOfCompany(db: Executor, companyUid: string): Promise<ProgramRow[]> {
  return db
    .select()
    .from(programs)
    .where(eq(programs.companyUid, companyUid))
    .orderBy(asc(programs.position), asc(programs.uid));
}

/** What the search matches, read by the service with the retail customer search's rules. */
export type MemberMatch =
  | { by: 'email'; pattern: string }
  | { by: 'phone'; exact: string; digits: string }
  | { by: 'text'; pattern: string; document: string };

function matchOf(match: MemberMatch | undefined): SQL | undefined {
  if (!match) return undefined;
  if (match.by === 'email') return sql`lower(${users.email}) like ${match.pattern}`;
  if (match.by === 'phone')
    return sql`(${match.exact ? eq(users.mobileNumber, match.exact) : like(users.mobileNumber, `%${match.digits}`)} or ${users.documentNumber} = ${match.exact || match.digits})`;
  return sql`(${users.documentNumber} = ${match.document} or ${users.firstName} ilike ${match.pattern} or ${users.lastName} ilike ${match.pattern} or lower(${users.email}) like ${match.pattern})`;
}

const member = {
  user: users,
  joinedAt: sql<Date>`min(${memberships.joinedAt})`.mapWith((value) => new Date(value)),
  blocked: sql<boolean>`bool_or(${memberships.blockedAt} is not null)`.mapWith(Boolean),
};
export interface MemberRow {
  user: typeof users.$inferSelect;
  joinedAt: Date;
  blocked: boolean;
}

const ORDER_COLUMNS = {
  joined_at: sql`min(${memberships.joinedAt})`,
  email: users.email,
  last_name: users.lastName,
} as const;

/** The users with a membership in one of the company's programs (deleted accounts left out). */
export async function listMembers(
  db: Executor,
  companyUid: string,
  filters: { match?: MemberMatch; blocked?: boolean; ordering?: string },
  at: PageRequest,
): Promise<{ rows: MemberRow[]; count: number }> {
  const where = and(eq(programs.companyUid, companyUid), isNull(users.deletedAt), matchOf(filters.match));
  const having =
    filters.blocked === undefined
      ? undefined
      : filters.blocked
        ? sql`bool_or(${memberships.blockedAt} is not null)`
        : sql`not bool_or(${memberships.blockedAt} is not null)`;
  const field = (filters.ordering ?? '-joined_at').replace(/^-/, '') as keyof typeof ORDER_COLUMNS;
  const direction = (filters.ordering ?? '-joined_at').startsWith('-') ? desc : asc;
  const grouped = db
    .select(member)
    .from(memberships)
    .innerJoin(programs, eq(programs.uid, memberships.programUid))
    .innerJoin(users, eq(users.uid, memberships.userUid))
    .where(where)
    .groupBy(users.uid)
    .having(having);
  const [rows, [total]] = await Promise.all([
    grouped.orderBy(direction(ORDER_COLUMNS[field]), direction(users.uid)).limit(at.limit).offset(at.offset),
    db.select({ n: count() }).from(grouped.as('members')),
  ]);
  return { rows: rows as MemberRow[], count: total?.n ?? 0 };
}

export async function findMember(
  db: Executor,
  companyUid: string,
  userUid: string,
): Promise<MemberRow | null> {
  const [row] = await db
    .select(member)
    .from(memberships)
    .innerJoin(programs, eq(programs.uid, memberships.programUid))
    .innerJoin(users, eq(users.uid, memberships.userUid))
    .where(and(eq(programs.companyUid, companyUid), eq(users.uid, userUid), isNull(users.deletedAt)))
    .groupBy(users.uid);
  return (row as MemberRow | undefined) ?? null;
}

/** The member's memberships in the company's programs, with each program. */
export function membershipsOf(db: Executor, companyUid: string, userUid: string) {
  return db
    .select({ membership: memberships, program: programs })
    .from(memberships)
    .innerJoin(programs, eq(programs.uid, memberships.programUid))
    .where(and(eq(programs.companyUid, companyUid), eq(memberships.userUid, userUid)))
    .orderBy(asc(programs.position), asc(programs.uid));
}

/** Locks the member's memberships in the company's programs, in uid order (as every ledger write would). */
export async function lockMemberships(db: Executor, companyUid: string, userUid: string): Promise<string[]> {
  const rows = await db
    .select({ uid: memberships.uid })
    .from(memberships)
    .where(
      and(
        eq(memberships.userUid, userUid),
        inArray(
          memberships.programUid,
          db.select({ uid: programs.uid }).from(programs).where(eq(programs.companyUid, companyUid)),
        ),
      ),
    )
    .orderBy(asc(memberships.uid))
    .for('update');
  return rows.map((row) => row.uid);
}

export async function setBlocked(db: Executor, membershipUids: string[], blockedAt: Date | null) {
  if (membershipUids.length === 0) return;
  await db.update(memberships).set({ blockedAt }).where(inArray(memberships.uid, membershipUids));
}

/** The member's ledger in the company's programs, newest first. */
export async function listLedger(
  db: Executor,
  companyUid: string,
  userUid: string,
  filters: { program?: string; kind?: string },
  at: PageRequest,
) {
  const where = and(
    eq(programs.companyUid, companyUid),
    eq(memberships.userUid, userUid),
    filters.program ? eq(programs.uid, filters.program) : undefined,
    filters.kind ? eq(ledgerEntries.kind, filters.kind) : undefined,
  );
  const staff = sql<
    string | null
  >`(select ${users.email} from ${users} where ${users.uid} = ${ledgerEntries.staffUserUid})`;
  const [rows, [total]] = await Promise.all([
    db
      .select({ entry: ledgerEntries, programUid: programs.uid, staff })
      .from(ledgerEntries)
      .innerJoin(memberships, eq(memberships.uid, ledgerEntries.membershipUid))
      .innerJoin(programs, eq(programs.uid, memberships.programUid))
      .where(where)
      .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.uid))
      .limit(at.limit)
      .offset(at.offset),
    db
      .select({ n: count() })
      .from(ledgerEntries)
      .innerJoin(memberships, eq(memberships.uid, ledgerEntries.membershipUid))
      .innerJoin(programs, eq(programs.uid, memberships.programUid))
      .where(where),
  ]);
  return { rows, count: total?.n ?? 0 };
}
