import type { Role } from '@marketplace/contracts/auth';
import type { Database } from '../src/db/client';
import { addresses } from '../src/db/schema';
import { hashPassword } from '../src/modules/auth/password';
import { insertUser, type UserRecord } from '../src/modules/users/users.repository';

export const FACTORY_PASSWORD = 'factory-password';

// argon2 is slow on purpose; hash the shared factory password once per test process.
let factoryHash: Promise<string> | undefined;
const factoryPasswordHash = () => (factoryHash ??= hashPassword(FACTORY_PASSWORD));

let sequence = 0;

/** Inserts a user straight into the database (no HTTP), with FACTORY_PASSWORD as password. */
export async function createUser(
  db: Database,
  overrides: Partial<{
    email: string;
    role: Role;
    firstName: string;
    lastName: string;
    companyName: string | null;
    status: 'active' | 'suspended';
    emailVerifiedAt: Date | null;
  }> = {},
): Promise<UserRecord> {
  sequence += 1;
  // This call's number, read before the first await: users made at once get one each (a shop's name is its own).
  const number = sequence;
  const role = overrides.role ?? 'buyer';
  const user = await insertUser(db, {
    email: overrides.email ?? `${role}-${number}-${Math.random().toString(36).slice(2, 8)}@test.example`,
    passwordHash: await factoryPasswordHash(),
    firstName: overrides.firstName ?? 'Test',
    lastName: overrides.lastName ?? `${role[0]?.toUpperCase()}${role.slice(1)} ${number}`,
    role,
    companyName: overrides.companyName ?? (role === 'seller' ? `Test Company ${number}` : null),
    status: overrides.status ?? 'active',
    // Verified unless a test says otherwise (docs/product/accounts.md: unverified sellers cannot list).
    emailVerifiedAt: overrides.emailVerifiedAt === undefined ? new Date() : overrides.emailVerifiedAt,
  });
  if (!user) throw new Error('factory email collided');
  return user;
}

/** The seller's default address in Austin, TX: where their parcels ship from, so labels can be bought for them. */
export async function addShipFromAddress(db: Database, userId: string, name = 'Warehouse'): Promise<void> {
  await db.insert(addresses).values({
    userId,
    name,
    line1: '100 Main St',
    city: 'Austin',
    state: 'TX',
    postalCode: '78701',
    country: 'US',
    phone: '5125550100',
    isDefault: true,
  });
}
