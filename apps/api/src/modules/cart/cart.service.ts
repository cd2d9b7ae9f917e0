import {
  CART_LINE_LIMIT_CODE,
  CART_MESSAGES,
  PERSONALIZATION_ERROR_CODES,
  MAX_CART_LINE_QUANTITY,
  MAX_CART_LINES,
  type AddCartItemRequest,
  type CartItem,
  type CartResponse,
} from '@marketplace/contracts/cart';
import { itemsTotalCents } from '@marketplace/domain/item-paid';
import { centsToDollars } from '@marketplace/domain/money';
import { normalizePersonalization, personalizationProblem } from '@marketplace/domain/personalization';
import { awayMessage, isAway } from '@marketplace/domain/vacation';
import { SHOP_ERROR_CODES } from '@marketplace/contracts/shops';
import { CATALOG_ERROR_CODES } from '@marketplace/contracts/catalog';
import { hasRoomFor } from '@marketplace/domain/user-content-limits';
import type { Database, Executor } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { badRequest, conflict, notFound } from '../../lib/http-errors';
import type { FileStore } from '../../providers/files/port';
import { vacationOf, type UserRecord } from '../users';
import {
  addToCartLine,
  countOtherCartLines,
  deleteCartLine,
  deleteCartLines,
  findCartLine,
  findCartLines,
  findProductForCart,
  lockCartOf,
  setCartLinePersonalization,
  setCartLineRetip,
  takeUnitsFromCartLine,
  type CartLineRecord,
} from './cart.repository';

export interface CartServiceDependencies {
  db: Database;
  files: FileStore;
  clock: Clock;
}

/** A cart line with what it would cost now: the checkout module reads the cart through this. */
export interface PricedCartLine {
  record: CartLineRecord;
  item: CartItem;
  /** Units that can be bought now: 0 when the listing is hidden. */
  availableQuantity: number;
  priceCents: number;
  /** The add-on's price when added and still offered, else 0. */
  retipCents: number;
}

export interface CartService {
  getCart(userId: string): Promise<CartResponse>;
  addItem(
    user: UserRecord,
    input: Required<Omit<AddCartItemRequest, 'variant_id' | 'personalization'>> & Pick<AddCartItemRequest, 'variant_id' | 'personalization'>,
  ): Promise<CartResponse>;
  /** Removes `quantity` units, or the whole line when absent or at least the line's quantity (docs/product/cart-and-wishlist.md). */
  removeItem(userId: string, id: string, quantity: number | undefined): Promise<CartResponse>;
  setRetip(userId: string, id: string, retipAdded: boolean): Promise<CartResponse>;
  /** Gives a line the buyer's text (null or blank: none), checked against what its listing asks now. */
  setPersonalization(userId: string, id: string, personalization: string | null): Promise<CartResponse>;
  clear(userId: string): Promise<CartResponse>;
  /** The lines priced as they are now, read through `executor` (a checkout transaction or the database). */
  priceLines(executor: Executor, userId: string): Promise<PricedCartLine[]>;
  /** Drops the lines a checkout bought (inside its transaction). */
  removeLines(executor: Executor, userId: string, ids: readonly string[]): Promise<void>;
  toResponse(lines: readonly PricedCartLine[]): CartResponse;
}

/** A buyer's text the listing does not take as it is: 400 with its code (docs/product/listings.md "Personalisation"). */
function refusePersonalization(problem: ReturnType<typeof personalizationProblem>): void {
  if (problem === null) return;
  const code = {
    personalization_required: PERSONALIZATION_ERROR_CODES.required,
    personalization_too_long: PERSONALIZATION_ERROR_CODES.tooLong,
    personalization_not_offered: PERSONALIZATION_ERROR_CODES.notOffered,
  }[problem.code];
  throw badRequest(problem.message, { code });
}

export function createCartService({ db, files, clock }: CartServiceDependencies): CartService {
  async function priceLines(executor: Executor, userId: string): Promise<PricedCartLine[]> {
    const records = await findCartLines(executor, userId);
    const now = clock.now();
    return records.map((record) => {
      const { product } = record;
      const offersRetip = product.retipPriceCents !== null;
      const retipAdded = record.retipAdded && offersRetip;
      const retipCents = retipAdded ? (product.retipPriceCents ?? 0) : 0;
      const availableQuantity = product.status === 'active' ? product.quantity : 0;
      const priceChanged = product.priceCents !== record.priceCentsAtAdd;
      const { coverKey } = record;
      const item: CartItem = {
        id: record.id,
        product_id: record.productId,
        variant_id: record.variantId,
        variant_label: record.variantLabel,
        quantity: record.quantity,
        price: centsToDollars(product.priceCents),
        retip_added: retipAdded,
        retip_price: centsToDollars(retipCents),
        retipAdded,
        retipPrice: centsToDollars(retipCents),
        title: product.title,
        image: coverKey ? files.urlFor(coverKey) : null,
        available_quantity: availableQuantity,
        retip_label: offersRetip ? product.retipLabel : null,
        retip_offered_price: offersRetip ? centsToDollars(product.retipPriceCents ?? 0) : null,
        price_changed: priceChanged,
        previous_price: priceChanged ? centsToDollars(record.priceCentsAtAdd) : null,
        // A shop on vacation: the line stays, but cannot be bought until the shop's day (docs/product/shops.md).
        seller: {
          id: product.sellerId,
          vacation: vacationOf({ vacationUntil: product.sellerVacationUntil, vacationMessage: product.sellerVacationMessage }, now),
          name: product.sellerName,
        },
        personalization: record.personalization,
        personalization_setting: product.personalization,
      };
      return { record, item, availableQuantity, priceCents: product.priceCents, retipCents };
    });
  }

  function toResponse(lines: readonly PricedCartLine[]): CartResponse {
    const totalCents = itemsTotalCents(lines.map((line) => ({ priceCents: line.priceCents, quantity: line.record.quantity })));
    return { items: lines.map((line) => line.item), products_count: lines.length, total_price: centsToDollars(totalCents) };
  }

  const getCart = async (userId: string) => toResponse(await priceLines(db, userId));

  async function findOwnLine(userId: string, id: string) {
    const line = await findCartLine(db, userId, id);
    // Another user's line is answered exactly like a missing one.
    if (!line) throw notFound(CART_MESSAGES.itemNotFound);
    return line;
  }

  return {
    getCart,
    priceLines,
    toResponse,

    async addItem(user, input) {
      // The checks answer the usual refusals; the add itself re-checks both caps atomically, so
      // parallel adds cannot pass them together. When it refuses, the fresh numbers say why; when
      // they do not (the line changed in between), try again.
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const variantId = input.variant_id ?? null;
        const found = await findProductForCart(db, input.product_id, variantId, user.id);
        if (!found || found.status !== 'active') throw notFound(CART_MESSAGES.productNotFound);
        if (found.sellerId === user.id) throw badRequest(CART_MESSAGES.ownProduct);
        // A listing with variants is bought by variant: one of its own, on sale (decision 0043).
        if (found.hasVariants && variantId === null) throw badRequest(CART_MESSAGES.variantRequired, { code: CATALOG_ERROR_CODES.variantRequired });
        if (variantId !== null && (!found.variant || !found.variant.available)) {
          throw badRequest(CART_MESSAGES.invalidVariant, { code: CATALOG_ERROR_CODES.invalidVariant });
        }
        // What the buyer writes for the seller, as the listing asks it (docs/product/listings.md "Personalisation").
        const personalization = normalizePersonalization(input.personalization);
        refusePersonalization(personalizationProblem(found.personalization, personalization));
        const product = found.variant ? { ...found, priceCents: found.variant.priceCents, quantity: found.variant.quantity } : found;
        // A shop on vacation shows its listings, but sells none until its day (docs/product/shops.md).
        if (product.sellerVacationUntil && isAway(product.sellerVacationUntil, clock.now())) {
          throw conflict(awayMessage(product.sellerVacationUntil), { code: SHOP_ERROR_CODES.onVacation, until: product.sellerVacationUntil });
        }
        if (product.quantity <= 0) throw conflict(CART_MESSAGES.outOfStock, { available: 0 });
        const wanted = product.inCart + input.quantity;
        if (wanted > product.quantity) {
          throw conflict(CART_MESSAGES.beyondStock(product.quantity), { available: product.quantity, inCart: product.inCart });
        }
        if (wanted > MAX_CART_LINE_QUANTITY) throw badRequest(CART_MESSAGES.beyondLineCap(MAX_CART_LINE_QUANTITY));
        const added = await db.transaction(async (transaction) => {
          // A new line must find room among the others, counted under the user's cart lock.
          await lockCartOf(transaction, user.id);
          if (!hasRoomFor(await countOtherCartLines(transaction, user.id, { productId: product.id, variantId, personalization }), 1, MAX_CART_LINES)) {
            throw conflict(CART_MESSAGES.tooManyLines, { code: CART_LINE_LIMIT_CODE, limit: MAX_CART_LINES });
          }
          return addToCartLine(transaction, {
            userId: user.id,
            productId: product.id,
            variantId,
            personalization,
            quantity: input.quantity,
            priceCents: product.priceCents,
            maxQuantity: MAX_CART_LINE_QUANTITY,
            now: clock.now(),
          });
        });
        if (added !== null) return getCart(user.id);
      }
      throw conflict(CART_MESSAGES.busy);
    },

    async removeItem(userId, id, quantity) {
      await findOwnLine(userId, id);
      // Taken off in one statement, so parallel removals each count; the whole line goes when no more would stay.
      const isTaken = quantity !== undefined && (await takeUnitsFromCartLine(db, { userId, id }, quantity, clock.now()));
      if (!isTaken) await deleteCartLine(db, { userId, id });
      return getCart(userId);
    },

    async setRetip(userId, id, retipAdded) {
      const line = await findOwnLine(userId, id);
      if (retipAdded && line.product.retipPriceCents === null) throw badRequest(CART_MESSAGES.noAddOn);
      await setCartLineRetip(db, { userId, id }, retipAdded, clock.now());
      return getCart(userId);
    },

    async setPersonalization(userId, id, text) {
      const line = await findOwnLine(userId, id);
      const personalization = normalizePersonalization(text);
      refusePersonalization(personalizationProblem(line.product.personalization, personalization));
      const isSet = await db.transaction(async (transaction) => {
        await lockCartOf(transaction, userId);
        return setCartLinePersonalization(transaction, { userId, id, productId: line.productId, variantId: line.variantId }, personalization, clock.now());
      });
      // Lines are told apart by their text: another line of it already has this one.
      if (!isSet) throw conflict(CART_MESSAGES.samePersonalization);
      return getCart(userId);
    },

    async clear(userId) {
      await deleteCartLines(db, userId);
      return getCart(userId);
    },

    removeLines: (executor, userId, ids) => deleteCartLines(executor, userId, ids),
  };
}
