import type { z } from 'zod';
import { ADDRESS_LIMIT_CODE, ADDRESS_LIMIT_MESSAGE, MAX_ADDRESSES_PER_USER } from '@marketplace/contracts/users';
import type { Address, createAddressRequestSchema, updateAddressRequestSchema } from '@marketplace/contracts/users';
import { hasRoomFor } from '@marketplace/domain/user-content-limits';
import type { Database } from '../../db/client';
import { conflict, notFound } from '../../lib/http-errors';
import type { Clock } from '../../lib/clock';
import {
  countAddressesOf,
  deleteAddressOfUser,
  findAddressOfUser,
  findAddressesOfUser,
  findOldestAddressOfUser,
  hasAnyAddress,
  insertAddress,
  lockAddressBookOf,
  unsetOtherDefaults,
  updateAddressOfUser,
  type AddressChanges,
  type AddressRecord,
} from './addresses.repository';

export const ADDRESS_NOT_FOUND_MESSAGE = 'Address not found';

/** Parsed requests: the contract has already trimmed and normalised state, ZIP code and country. */
type CreateAddressInput = z.output<typeof createAddressRequestSchema>;
type UpdateAddressInput = z.output<typeof updateAddressRequestSchema>;

export interface AddressesService {
  listAddresses(userId: string): Promise<Address[]>;
  createAddress(userId: string, input: CreateAddressInput): Promise<Address>;
  updateAddress(userId: string, addressId: string, input: UpdateAddressInput): Promise<Address>;
  deleteAddress(userId: string, addressId: string): Promise<void>;
}

export function toAddressDto(address: AddressRecord): Address {
  return {
    id: address.id,
    name: address.name,
    line1: address.line1,
    line2: address.line2 ?? null,
    city: address.city,
    state: address.state,
    postal_code: address.postalCode,
    country: address.country,
    phone: address.phone ?? null,
    isDefault: address.isDefault,
  };
}

/** '' and null both mean "none" for the optional lines. */
const blankToNull = (value: string | null | undefined) => (value === undefined ? undefined : value === null || value === '' ? null : value);

// The address book keeps exactly one default while it has addresses: the first address becomes it,
// choosing another moves it, and deleting it passes it to the oldest remaining address. Each change
// runs in one transaction that holds the user's row, so concurrent changes cannot leave two defaults.
export function createAddressesService(deps: { db: Database; clock: Clock }): AddressesService {
  return {
    async listAddresses(userId) {
      return (await findAddressesOfUser(deps.db, userId)).map(toAddressDto);
    },

    async createAddress(userId, input) {
      return deps.db.transaction(async (tx) => {
        await lockAddressBookOf(tx, userId);
        // Counted under the lock, so parallel adds cannot pass the cap together (docs/product/limits.md).
        if (!hasRoomFor(await countAddressesOf(tx, userId), 1, MAX_ADDRESSES_PER_USER)) {
          throw conflict(ADDRESS_LIMIT_MESSAGE, { code: ADDRESS_LIMIT_CODE, limit: MAX_ADDRESSES_PER_USER });
        }
        const isFirst = !(await hasAnyAddress(tx, userId));
        const now = deps.clock.now();
        const address = await insertAddress(tx, {
          userId,
          name: input.name,
          line1: input.line1,
          line2: blankToNull(input.line2) ?? null,
          city: input.city,
          state: input.state,
          postalCode: input.postal_code,
          country: input.country,
          phone: blankToNull(input.phone) ?? null,
          isDefault: isFirst || input.isDefault === true,
          createdAt: now,
          updatedAt: now,
        });
        if (address.isDefault) await unsetOtherDefaults(tx, userId, address.id, now);
        return toAddressDto(address);
      });
    },

    async updateAddress(userId, addressId, input) {
      return deps.db.transaction(async (tx) => {
        await lockAddressBookOf(tx, userId);
        const existing = await findAddressOfUser(tx, userId, addressId);
        if (!existing) throw notFound(ADDRESS_NOT_FOUND_MESSAGE);
        const now = deps.clock.now();
        const changes: AddressChanges = {
          name: input.name,
          line1: input.line1,
          line2: blankToNull(input.line2),
          city: input.city,
          state: input.state,
          postalCode: input.postal_code,
          country: input.country,
          phone: blankToNull(input.phone),
          // Unsetting the only default would leave the book without one; choosing another does that.
          isDefault: input.isDefault === true ? true : undefined,
        };
        const definedChanges = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as AddressChanges;
        const address = await updateAddressOfUser(tx, userId, addressId, { ...definedChanges, updatedAt: now });
        if (!address) throw notFound(ADDRESS_NOT_FOUND_MESSAGE);
        if (input.isDefault === true) await unsetOtherDefaults(tx, userId, address.id, now);
        return toAddressDto(address);
      });
    },

    async deleteAddress(userId, addressId) {
      await deps.db.transaction(async (tx) => {
        await lockAddressBookOf(tx, userId);
        const deleted = await deleteAddressOfUser(tx, userId, addressId);
        if (!deleted) throw notFound(ADDRESS_NOT_FOUND_MESSAGE);
        if (!deleted.isDefault) return;
        const heir = await findOldestAddressOfUser(tx, userId);
        if (heir) await updateAddressOfUser(tx, userId, heir.id, { isDefault: true, updatedAt: deps.clock.now() });
      });
    },
  };
}
