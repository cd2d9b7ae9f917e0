// A pickup's charge shared among the order items it collects, in proportion to their value (docs/product/data.md
// "allocation", docs/product/limits.md), so each item's payout carries its part: gross = item total − commission −
// allocated pickup charge. The parts always add up to exactly what the carrier charged.

import { centsToDollars } from './money';

export interface PickupItemValue {
  /** The order item's id; breaks ties between equal remainders so the split is reproducible. */
  id: string;
  /** The item's value in the pickup (price × quantity), in cents. */
  valueCents: number;
}

export interface AllocatedPickupCharge {
  id: string;
  valueCents: number;
  allocatedPickupChargeCents: number;
  /** The item's share of the pickup's value, 0 to 1 (an even share when no item has a value). */
  pickupChargeRatio: number;
}

/**
 * Largest remainder: each item gets the floor of its exact share and the cents left over go one each
 * to the largest remainders, ties to the smaller id. Items come back in the order given.
 */
export function allocatePickupCharge(totalCents: number, items: readonly PickupItemValue[]): AllocatedPickupCharge[] {
  if (!Number.isSafeInteger(totalCents) || totalCents < 0) throw new RangeError(`totalCents must be a non-negative integer, got ${totalCents}`);
  for (const item of items) {
    if (!Number.isSafeInteger(item.valueCents) || item.valueCents < 0) {
      throw new RangeError(`item values must be non-negative integers in cents, got ${item.valueCents} for ${item.id}`);
    }
  }
  if (items.length === 0) {
    if (totalCents !== 0) throw new RangeError('Cannot allocate a pickup charge to no items');
    return [];
  }
  const totalValue = items.reduce((sum, item) => sum + item.valueCents, 0);
  // With no value at all (free items) the charge is split evenly.
  const weights = items.map((item) => BigInt(totalValue === 0 ? 1 : item.valueCents));
  const weightSum = weights.reduce((sum, weight) => sum + weight, 0n);
  // BigInt keeps charge × value exact whatever their sizes.
  const exact = weights.map((weight) => BigInt(totalCents) * weight);
  const shares = exact.map((product) => Number(product / weightSum));
  let leftOver = totalCents - shares.reduce((sum, share) => sum + share, 0);
  const order = items
    .map((item, index) => ({ index, id: item.id, remainder: (exact[index] ?? 0n) % weightSum }))
    .sort((a, b) => (a.remainder === b.remainder ? compareIds(a.id, b.id) : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of order) {
    if (leftOver === 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    leftOver -= 1;
  }
  return items.map((item, index) => ({
    id: item.id,
    valueCents: item.valueCents,
    allocatedPickupChargeCents: shares[index] ?? 0,
    pickupChargeRatio: Number(weights[index] ?? 0n) / Number(weightSum),
  }));
}

/** docs/product/data.md "allocation" for one item, as the API answers it: money in dollars, ratio 0 to 1. */
export interface PickupChargeAllocationFields {
  allocatedPickupCharge: number;
  totalOrderItemsInPickup: number;
  totalOrderValueInPickup: number;
  currentItemValue: number;
  pickupChargeRatio: number;
}

/** The allocation fields of the item `itemId` within a pickup of `items` charged `totalCents`. */
export function pickupChargeAllocationFor(totalCents: number, items: readonly PickupItemValue[], itemId: string): PickupChargeAllocationFields {
  const allocation = allocatePickupCharge(totalCents, items).find((item) => item.id === itemId);
  if (!allocation) throw new RangeError(`Item ${itemId} is not in this pickup`);
  return {
    allocatedPickupCharge: centsToDollars(allocation.allocatedPickupChargeCents),
    totalOrderItemsInPickup: items.length,
    totalOrderValueInPickup: centsToDollars(items.reduce((sum, item) => sum + item.valueCents, 0)),
    currentItemValue: centsToDollars(allocation.valueCents),
    pickupChargeRatio: allocation.pickupChargeRatio,
  };
}

function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
