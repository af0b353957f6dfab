import type { Executor } from '@storefront/db/client';
import { savedAddresses } from '@storefront/db/schema/addresses';
import { users } from '@storefront/db/schema/users';
import { and, count, desc, eq } from 'drizzle-orm';

export type SavedAddressRow = typeof savedAddresses.$inferSelect;
type Owner = { appUid: string; userUid: string };
export type AddressValues = Omit<
  typeof savedAddresses.$inferInsert,
  'uid' | 'appUid' | 'userUid' | 'createdAt' | 'updatedAt'
>;

const owned = (owner: Owner, uid?: string) =>
  and(
    eq(savedAddresses.appUid, owner.appUid),
    eq(savedAddresses.userUid, owner.userUid),
    ...(uid ? [eq(savedAddresses.uid, uid)] : []),
  );

export function listAddresses(db: Executor, owner: Owner): Promise<SavedAddressRow[]> {
  return db
    .select()
    .from(savedAddresses)
    .where(owned(owner))
    .orderBy(desc(savedAddresses.updatedAt), desc(savedAddresses.createdAt));
}

export async function findAddress(db: Executor, owner: Owner, uid: string): Promise<SavedAddressRow | null> {
  const [row] = await db.select().from(savedAddresses).where(owned(owner, uid));
  return row ?? null;
}

/** Locks the member's row: saves of one member queue, so the count they check stays true. */
export async function lockMember(tx: Executor, owner: Owner): Promise<void> {
  await tx
    .select({ uid: users.uid })
    .from(users)
    .where(and(eq(users.uid, owner.userUid), eq(users.appUid, owner.appUid)))
    .for('update');
}

export async function countAddresses(tx: Executor, owner: Owner): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(savedAddresses).where(owned(owner));
  return row?.n ?? 0;
}

export async function insertAddress(
  tx: Executor,
  owner: Owner,
  values: AddressValues,
): Promise<SavedAddressRow> {
  const [row] = await tx
    .insert(savedAddresses)
    .values({ ...values, ...owner })
    .returning();
  if (!row) throw new Error('address not returned');
  return row;
}

export async function updateAddress(
  db: Executor,
  owner: Owner,
  uid: string,
  values: Partial<AddressValues>,
): Promise<SavedAddressRow | null> {
  const [row] = await db
    .update(savedAddresses)
    .set({ ...values, updatedAt: new Date() })
    .where(owned(owner, uid))
    .returning();
  return row ?? null;
}

export async function deleteAddress(db: Executor, owner: Owner, uid: string): Promise<boolean> {
  const rows = await db
    .delete(savedAddresses)
    .where(owned(owner, uid))
    .returning({ uid: savedAddresses.uid });
  return rows.length > 0;
}
