import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { ShippingAddressSnapshot } from '../../db/columns';
import { addresses, users } from './users.schema';

// How other modules name the people in their rows (a dispute's buyer and seller, a chat's other
// participant, a return's parties) and reach a seller's address, without reading the users tables.

export interface PersonRecord {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  companyName: string | null;
  phone: string | null;
  role: (typeof users.$inferSelect)['role'];
  status: (typeof users.$inferSelect)['status'];
}

const personColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  companyName: users.companyName,
  phone: users.phone,
  role: users.role,
  status: users.status,
};

/** The people of `ids` by id, in one read; ids that match no one are absent. */
export async function findPeople(executor: Executor, ids: readonly string[]): Promise<Map<string, PersonRecord>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await executor.select(personColumns).from(users).where(inArray(users.id, unique));
  return new Map(rows.map((row) => [row.id, row]));
}

/** Every active admin: who is told when something needs the marketplace's attention (a dispute opened). */
export async function findActiveAdmins(executor: Executor): Promise<PersonRecord[]> {
  return executor
    .select(personColumns)
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.status, 'active')))
    .orderBy(asc(users.createdAt));
}

export type AddressRecord = typeof addresses.$inferSelect;

/** A user's contact and their default address (else their oldest): where a parcel goes back to them. */
export async function findContactWithDefaultAddress(
  executor: Executor,
  userId: string,
): Promise<{ person: PersonRecord | null; address: AddressRecord | null }> {
  const [[person], address] = await Promise.all([
    executor.select(personColumns).from(users).where(eq(users.id, userId)),
    findDefaultAddressOf(executor, userId),
  ]);
  return { person: person ?? null, address };
}

/** A user's default address, else their oldest; null with none. */
export async function findDefaultAddressOf(executor: Executor, userId: string): Promise<AddressRecord | null> {
  const [address] = await executor
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefault), asc(addresses.createdAt), asc(addresses.id))
    .limit(1);
  return address ?? null;
}

/**
 * A user's default address as a label prints it (the address's name, else theirs; the address's phone,
 * else theirs): where a seller's parcels come from and where returns go back to. Null until they have
 * both an account and an address.
 */
export async function findShippingContactOf(executor: Executor, userId: string): Promise<ShippingAddressSnapshot | null> {
  const { person, address } = await findContactWithDefaultAddress(executor, userId);
  if (!person || !address) return null;
  return {
    name: address.name || `${person.firstName} ${person.lastName}`.trim(),
    companyName: person.companyName,
    phone: address.phone ?? person.phone,
    email: person.email,
    line1: address.line1,
    line2: address.line2,
    city: address.city,
    state: address.state,
    postalCode: address.postalCode,
    countryCode: address.country,
  };
}
