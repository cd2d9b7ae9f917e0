import { ACCOUNT_ERROR_CODES, shopNameTakenMessage } from '@marketplace/contracts/auth';
import type { Executor } from '../../db/client';
import { conflict, type HttpError } from '../../lib/http-errors';
import { findShopNameHolder } from './users.repository';

// Two shops cannot read alike (docs/product/shops.md, "The shop's name"): a company name is compared by
// its key (@marketplace/domain/visible-names), looked up before it is written and held by the unique index
// on the key (users.schema.ts) when two requests ask for it at once.

/** The 409 for a company name that reads like another shop's, on the `companyName` field. */
export function shopNameTaken(companyName: string): HttpError {
  const message = shopNameTakenMessage(companyName);
  return conflict(message, { code: ACCOUNT_ERROR_CODES.shopNameTaken, field: 'companyName', issues: [{ path: 'companyName', message }] });
}

/** Refuses (409) a company name that reads like a shop's other than `ownerId`'s. */
export async function assertShopNameFree(executor: Executor, companyName: string, ownerId?: string): Promise<void> {
  const holder = await findShopNameHolder(executor, companyName);
  if (holder !== null && holder !== ownerId) throw shopNameTaken(companyName);
}
