import { and, asc, eq, gt, inArray, not, sql, type SQL } from 'drizzle-orm';
import type { PersonalizationSetting } from '@marketplace/domain/personalization';
import { lockFor } from '../../db/advisory-locks';
import type { Executor } from '../../db/client';
import { products, productVariants } from '../catalog/catalog.schema';
import { users } from '../users/users.schema';
import { cartItems } from './cart.schema';
import { lineImageKeyOf, liveListingStatus } from '../catalog';

/** The line's variant is `variantId` (null: a line without one). */
const isVariant = (variantId: string | null): SQL => (variantId ? eq(cartItems.variantId, variantId) : sql`${cartItems.variantId} is null`);
/** The line's personalisation is `text` (null: none), compared as the table tells lines apart (its digest). */
const isPersonalization = (text: string | null): SQL => sql`${cartItems.personalizationKey} = md5(${text ?? ''})`;

export interface CartLineRecord {
  id: string;
  userId: string;
  productId: string;
  /** The combination chosen (decision 0043) and its label; null for a listing without variants. */
  variantId: string | null;
  variantLabel: string | null;
  quantity: number;
  priceCentsAtAdd: number;
  retipAdded: boolean;
  /** The buyer's text for the seller, or null. */
  personalization: string | null;
  createdAt: Date;
  /** The product's cover image key (images[0]), or null without images. */
  coverKey: string | null;
  product: {
    title: string;
    sellerId: string;
    categoryId: string;
    /** The variant's price and units on sale for a line with one, else the listing's. */
    priceCents: number;
    quantity: number;
    status: 'active' | 'hidden';
    retipPriceCents: number | null;
    retipLabel: string | null;
    /** What the listing asks its buyers to write now, or null. */
    personalization: PersonalizationSetting | null;
    /** The day the seller's shop opens again while it is on vacation (users.schema.ts), else null. */
    sellerVacationUntil: string | null;
    /** The seller's message for buyers while on vacation, else null. */
    sellerVacationMessage: string | null;
    /** The shop's name as buyers see it (the company's, else the seller's own). */
    sellerName: string;
  };
}

/**
 * A line's price and units as a buyer may buy them: its variant's (0 units when the seller switched it off); a
 * line without a variant of a listing that has variants now is not buyable as it is (0 units).
 */
const linePriceCents = sql<number>`coalesce(${productVariants.priceCents}, ${products.priceCents})`.mapWith(Number);
const lineQuantity = sql<number>`(case when ${cartItems.variantId} is null then (case when ${products.hasVariants} then 0 else ${products.quantity} end)
  when ${productVariants.available} then ${productVariants.quantity} else 0 end)`.mapWith(Number);

const lineColumns = {
  id: cartItems.id,
  userId: cartItems.userId,
  productId: cartItems.productId,
  variantId: cartItems.variantId,
  variantLabel: productVariants.label,
  quantity: cartItems.quantity,
  priceCentsAtAdd: cartItems.priceCentsAtAdd,
  retipAdded: cartItems.retipAdded,
  personalization: cartItems.personalization,
  createdAt: cartItems.createdAt,
  // The chosen combination's photo when the seller gave it one (the red mug), else the listing's cover.
  coverKey: lineImageKeyOf(cartItems.productId, productVariants.imageId),
  product: {
    title: products.title,
    sellerId: products.sellerId,
    categoryId: products.categoryId,
    priceCents: linePriceCents,
    quantity: lineQuantity,
    // As a buyer may act on it: a suspended seller's listing reads as hidden (not for sale).
    status: liveListingStatus(),
    retipPriceCents: products.retipPriceCents,
    retipLabel: products.retipLabel,
    personalization: products.personalization,
    sellerVacationUntil: users.vacationUntil,
    sellerVacationMessage: users.vacationMessage,
    sellerName: sql<string>`coalesce(nullif(trim(${users.companyName}), ''), trim(${users.firstName} || ' ' || ${users.lastName}))`,
  },
};

/** The user's cart lines with their products as they are now, oldest line first. */
export async function findCartLines(executor: Executor, userId: string): Promise<CartLineRecord[]> {
  return executor
    .select(lineColumns)
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .innerJoin(users, eq(users.id, products.sellerId))
    .leftJoin(productVariants, eq(productVariants.id, cartItems.variantId))
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
}

export async function findCartLine(executor: Executor, userId: string, id: string): Promise<CartLineRecord | null> {
  const [row] = await executor
    .select(lineColumns)
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .innerJoin(users, eq(users.id, products.sellerId))
    .leftJoin(productVariants, eq(productVariants.id, cartItems.variantId))
    .where(and(eq(cartItems.userId, userId), eq(cartItems.id, id)));
  return row ?? null;
}

export interface CartProductRecord {
  id: string;
  sellerId: string;
  /** Whether the listing is bought by variant (decision 0043). */
  hasVariants: boolean;
  /** The variant asked for, when it is one of the listing's (else null): its price, units and switch. */
  variant: { id: string; priceCents: number; quantity: number; available: boolean } | null;
  priceCents: number;
  quantity: number;
  status: 'active' | 'hidden';
  /** What the listing asks its buyers to write, or null. */
  personalization: PersonalizationSetting | null;
  /** Units of it (of this variant) already in this user's cart, over every line whatever its text (0 without one). */
  inCart: number;
  /** The day the seller's shop opens again while it is on vacation (users.schema.ts), else null. */
  sellerVacationUntil: string | null;
}

/** The product (and the variant asked for) and how many of it the user already has in the cart, in one lookup. */
export async function findProductForCart(executor: Executor, productId: string, variantId: string | null, userId: string): Promise<CartProductRecord | null> {
  const [row] = await executor
    .select({
      id: products.id,
      sellerId: products.sellerId,
      hasVariants: products.hasVariants,
      variantId: productVariants.id,
      variantPriceCents: productVariants.priceCents,
      variantQuantity: productVariants.quantity,
      variantAvailable: productVariants.available,
      priceCents: products.priceCents,
      quantity: products.quantity,
      status: liveListingStatus(),
      personalization: products.personalization,
      inCart: sql<number>`(select coalesce(sum(${cartItems.quantity}), 0) from ${cartItems}
        where ${cartItems.productId} = ${products.id} and ${cartItems.userId} = ${userId} and ${isVariant(variantId)})`.mapWith(Number),
      sellerVacationUntil: users.vacationUntil,
    })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .leftJoin(productVariants, and(eq(productVariants.productId, products.id), variantId ? eq(productVariants.id, variantId) : sql`false`))
    .where(eq(products.id, productId));
  if (!row) return null;
  const { variantId: foundVariant, variantPriceCents, variantQuantity, variantAvailable, ...product } = row;
  const variant =
    foundVariant !== null && variantPriceCents !== null && variantQuantity !== null && variantAvailable !== null
      ? { id: foundVariant, priceCents: variantPriceCents, quantity: variantQuantity, available: variantAvailable }
      : null;
  return { ...product, variant };
}

/**
 * Adds units to the user's line for the product, or makes the line. A line made now remembers
 * today's price; an existing line keeps the price it was first added at, so checkout can say what changed.
 *
 * One statement, so parallel adds cannot pass the caps together: an existing line grows only while
 * it stays within `maxQuantity` and the product's stock as they are when the row is locked. Answers
 * the line's new quantity, or null when the line was left as it was (a cap would be passed).
 */
export async function addToCartLine(
  executor: Executor,
  values: {
    userId: string;
    productId: string;
    variantId: string | null;
    personalization: string | null;
    quantity: number;
    priceCents: number;
    maxQuantity: number;
    now: Date;
  },
): Promise<number | null> {
  const grown = sql`${cartItems.quantity} + excluded.quantity`;
  const stock = values.variantId
    ? sql`(select ${productVariants.quantity} from ${productVariants} where ${productVariants.id} = excluded.variant_id)`
    : sql`(select ${products.quantity} from ${products} where ${products.id} = excluded.product_id)`;
  const [row] = await executor
    .insert(cartItems)
    .values({
      userId: values.userId,
      productId: values.productId,
      variantId: values.variantId,
      personalization: values.personalization,
      quantity: values.quantity,
      priceCentsAtAdd: values.priceCents,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .onConflictDoUpdate({
      target: [cartItems.userId, cartItems.productId, cartItems.variantId, cartItems.personalizationKey],
      set: { quantity: grown, updatedAt: values.now },
      setWhere: sql`${grown} <= least(${values.maxQuantity}::integer, ${stock})`,
    })
    .returning({ quantity: cartItems.quantity });
  return row ? row.quantity : null;
}

/**
 * Takes `units` off the line in one statement, only while some stay (so parallel removals each count);
 * false when the line has `units` or fewer (the caller removes the whole line) or is gone.
 */
export async function takeUnitsFromCartLine(executor: Executor, where: { userId: string; id: string }, units: number, now: Date): Promise<boolean> {
  const rows = await executor
    .update(cartItems)
    .set({ quantity: sql`${cartItems.quantity} - ${units}`, updatedAt: now })
    .where(and(eq(cartItems.userId, where.userId), eq(cartItems.id, where.id), gt(cartItems.quantity, units)))
    .returning({ id: cartItems.id });
  return rows.length > 0;
}

export async function setCartLineRetip(executor: Executor, where: { userId: string; id: string }, retipAdded: boolean, now: Date): Promise<void> {
  await executor
    .update(cartItems)
    .set({ retipAdded, updatedAt: now })
    .where(and(eq(cartItems.userId, where.userId), eq(cartItems.id, where.id)));
}

/**
 * Makes one user's cart changes that may add a line wait for each other until the transaction ends,
 * so parallel adds of different products cannot pass the line cap together (a lock on a key of its own).
 */
export async function lockCartOf(executor: Executor, userId: string): Promise<void> {
  await lockFor(executor, 'cart', userId);
}

/** The user's lines other than the one for `productId` in `variantId` (null: the listing without variants) with `personalization`. */
export async function countOtherCartLines(
  executor: Executor,
  userId: string,
  line: { productId: string; variantId: string | null; personalization: string | null },
): Promise<number> {
  const [row] = await executor
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(cartItems)
    .where(
      and(eq(cartItems.userId, userId), not(and(eq(cartItems.productId, line.productId), isVariant(line.variantId), isPersonalization(line.personalization))!)),
    );
  return row?.total ?? 0;
}

/**
 * Gives a line another text. False when the user has another line of the same listing and variant with that
 * text already (lines are told apart by it), or the line is gone. Run it under the user's cart lock.
 */
export async function setCartLinePersonalization(
  executor: Executor,
  line: { userId: string; id: string; productId: string; variantId: string | null },
  personalization: string | null,
  now: Date,
): Promise<boolean> {
  const [taken] = await executor
    .select({ id: cartItems.id })
    .from(cartItems)
    .where(
      and(
        eq(cartItems.userId, line.userId),
        eq(cartItems.productId, line.productId),
        isVariant(line.variantId),
        isPersonalization(personalization),
        not(eq(cartItems.id, line.id)),
      ),
    );
  if (taken) return false;
  const rows = await executor
    .update(cartItems)
    .set({ personalization, updatedAt: now })
    .where(and(eq(cartItems.userId, line.userId), eq(cartItems.id, line.id)))
    .returning({ id: cartItems.id });
  return rows.length > 0;
}

export async function deleteCartLine(executor: Executor, where: { userId: string; id: string }): Promise<void> {
  await executor.delete(cartItems).where(and(eq(cartItems.userId, where.userId), eq(cartItems.id, where.id)));
}

export async function deleteCartLines(executor: Executor, userId: string, ids?: readonly string[]): Promise<void> {
  if (ids && ids.length === 0) return;
  await executor.delete(cartItems).where(and(eq(cartItems.userId, userId), ids ? inArray(cartItems.id, [...ids]) : undefined));
}
