import { stateOfPostalCode } from '@marketplace/domain/us-address';
import type { Executor } from '../../db/client';
import { notFound } from '../../lib/http-errors';
import { findAddressOfUser, findDefaultAddressOf, type UserRecord } from '../users';
import type { Destination, DestinationQuery } from './delivery.service';

type SavedAddress = NonNullable<Awaited<ReturnType<typeof findDefaultAddressOf>>>;

// Quotes are by ZIP code, a saved address's too: the summary the buyer saw and the order placed to the typed address
// then ask the carrier the same question, so the shipping they show is the shipping charged.
const fromSaved = (address: SavedAddress): Destination => destinationOfZip(address.postalCode);

/** A ZIP code alone: its state from its prefix, no street. */
export const destinationOfZip = (postalCode: string): Destination => ({
  postalCode: postalCode.slice(0, 5),
  state: stateOfPostalCode(postalCode),
  address: null,
});

/**
 * Where a request quotes to: one of the caller's saved addresses (`addressId`; another person's is a 404), a ZIP code,
 * or — when `orDefault` — the signed-in buyer's default address; else null.
 */
export async function destinationOf(executor: Executor, user: UserRecord | null, query: DestinationQuery, orDefault: boolean): Promise<Destination | null> {
  if (query.addressId !== undefined) {
    const saved = user ? await findAddressOfUser(executor, user.id, query.addressId) : null;
    if (!saved) throw notFound('Address not found');
    return fromSaved(saved);
  }
  if (query.postal_code !== undefined) return destinationOfZip(query.postal_code);
  if (orDefault && user) {
    const saved = await findDefaultAddressOf(executor, user.id);
    if (saved) return fromSaved(saved);
  }
  return null;
}
