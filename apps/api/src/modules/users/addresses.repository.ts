import { and, asc, count, desc, eq, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { addresses, users } from './users.schema';

export type AddressRecord = typeof addresses.$inferSelect;
export type NewAddressRecord = typeof addresses.$inferInsert;
export type AddressChanges = Partial<Pick<NewAddressRecord, 'name' | 'line1' | 'line2' | 'city' | 'state' | 'postalCode' | 'country' | 'phone' | 'isDefault'>>;

/** The default first, then the newest. */
export async function findAddressesOfUser(executor: Executor, userId: string): Promise<AddressRecord[]> {
  return executor
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefault), desc(addresses.createdAt), desc(addresses.id));
}

/** The address only when it belongs to the user: another user's address is as absent as a missing one. */
export async function findAddressOfUser(executor: Executor, userId: string, addressId: string): Promise<AddressRecord | null> {
  const [row] = await executor
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
    .limit(1);
  return row ?? null;
}

/**
 * Locks the user's row until the transaction ends, so two address changes of one user run one after
 * the other: two "first" addresses created at once cannot both become the default.
 */
export async function lockAddressBookOf(executor: Executor, userId: string): Promise<void> {
  await executor.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export async function countAddressesOf(executor: Executor, userId: string): Promise<number> {
  const [row] = await executor.select({ total: count() }).from(addresses).where(eq(addresses.userId, userId));
  return row?.total ?? 0;
}

export async function hasAnyAddress(executor: Executor, userId: string): Promise<boolean> {
  const [row] = await executor.select({ id: addresses.id }).from(addresses).where(eq(addresses.userId, userId)).limit(1);
  return row !== undefined;
}

export async function insertAddress(executor: Executor, values: NewAddressRecord): Promise<AddressRecord> {
  const [row] = await executor.insert(addresses).values(values).returning();
  if (!row) throw new Error('insert into addresses returned no row');
  return row;
}

export async function updateAddressOfUser(
  executor: Executor,
  userId: string,
  addressId: string,
  changes: AddressChanges & { updatedAt: Date },
): Promise<AddressRecord | null> {
  const [row] = await executor
    .update(addresses)
    .set(changes)
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
    .returning();
  return row ?? null;
}

/** Clears the default flag on every other address of the user. */
export async function unsetOtherDefaults(executor: Executor, userId: string, keepAddressId: string, now: Date): Promise<void> {
  await executor
    .update(addresses)
    .set({ isDefault: false, updatedAt: now })
    .where(and(eq(addresses.userId, userId), ne(addresses.id, keepAddressId), eq(addresses.isDefault, true)));
}

export async function deleteAddressOfUser(executor: Executor, userId: string, addressId: string): Promise<AddressRecord | null> {
  const [row] = await executor
    .delete(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
    .returning();
  return row ?? null;
}

/** The user's oldest remaining address, which inherits the default when the default is deleted. */
export async function findOldestAddressOfUser(executor: Executor, userId: string): Promise<AddressRecord | null> {
  const [row] = await executor.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(asc(addresses.createdAt), asc(addresses.id)).limit(1);
  return row ?? null;
}
