import { SHOP_ERROR_CODES, SHOP_NOT_FOUND_MESSAGE, type ShopResponse } from '@marketplace/contracts/shops';
import { DEFAULT_PAGE_SIZE } from '@marketplace/contracts/catalog';
import type { ReturnPolicy } from '@marketplace/contracts/returns';
import { hasVisibleCharacter } from '@marketplace/domain/visible-names';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/http-errors';
import { findDefaultShippingProfile, sellerRating } from '../catalog';
import type { CatalogueSearchService } from '../search';
import { findDefaultAddressOf, findUserById, vacationOf, type UserRecord } from '../users';
import { hasPublicShop } from './shop-directory.repository';

export interface ShopsService {
  /** A seller's shop: a 404 `shop_not_found` for an unknown id, someone who is not a seller, or a suspended seller. */
  getShop(sellerId: string): Promise<ShopResponse>;
}

export interface ShopsServiceDependencies {
  db: Database;
  clock: Clock;
  /** The catalogue: how many live listings the seller has (the same search the shop page lists them with). */
  products: Pick<CatalogueSearchService, 'searchProducts'>;
  /** The returns module's policy of a seller (its default when they never set one). */
  returnPolicyOf: (sellerId: string) => Promise<ReturnPolicy>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The name as it is, or null when it shows nothing (a name stored before names had to, docs/product/validation.md). */
const shownName = (name: string | null | undefined) => (name && hasVisibleCharacter(name) ? name.trim() : null);

/** The name a shop goes by: the company's, else "Sam S." (first name and last initial, never the full name); never a name that shows nothing. */
export function shopNameOf(seller: Pick<UserRecord, 'companyName' | 'firstName' | 'lastName'>): string {
  const company = shownName(seller.companyName);
  if (company) return company;
  const initial = [...seller.lastName].find((character) => hasVisibleCharacter(character));
  return [shownName(seller.firstName), initial ? `${initial.toUpperCase()}.` : ''].filter(Boolean).join(' ') || 'Independent seller';
}

export function createShopsService({ db, clock, products, returnPolicyOf }: ShopsServiceDependencies): ShopsService {
  return {
    async getShop(sellerId) {
      const shopNotFound = () => notFound(SHOP_NOT_FOUND_MESSAGE, { code: SHOP_ERROR_CODES.notFound });
      if (!UUID.test(sellerId)) throw shopNotFound();
      // The seller and what their shop shows, asked for together (one wait for the database, not two: a shop
      // page's render waits for this answer); for an id that names no public shop the rest is thrown away.
      const [seller, address, rating, policy, listings, defaultProfile] = await Promise.all([
        findUserById(db, sellerId),
        findDefaultAddressOf(db, sellerId),
        sellerRating(db, sellerId),
        returnPolicyOf(sellerId),
        // Counted by the shop page's own first page (relevance, DEFAULT_PAGE_SIZE, as the page asks for it), so a
        // render asking for both at once shares one statement (the search's short cache joins the two).
        products.searchProducts({ sellerId, sort: 'relevance', page: 1, limit: DEFAULT_PAGE_SIZE }),
        findDefaultShippingProfile(db, sellerId),
      ]);
      if (!seller || !hasPublicShop(seller)) throw shopNotFound();
      return {
        seller: {
          id: seller.id,
          name: shopNameOf(seller),
          companyName: shownName(seller.companyName),
          memberSince: seller.createdAt.toISOString(),
          shipsFromState: address?.state ?? null,
          rating,
          // The most days its default shipping profile takes (docs/product/shipping.md), else what the seller said.
          handlingDays: defaultProfile ? Math.max(defaultProfile.handlingDays.max, 1) : (seller.handlingDays ?? null),
          returnPolicy: { acceptsReturns: policy.windowDays > 0, windowDays: policy.windowDays, restockingFeePercent: policy.restockingFeePercent },
          vacation: vacationOf(seller, clock.now()),
        },
        listingCount: listings.total,
      };
    },
  };
}
