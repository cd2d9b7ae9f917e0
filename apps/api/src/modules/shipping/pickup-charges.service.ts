import { centsToDollars } from '@marketplace/domain/money';
import { allocatePickupCharge, pickupChargeAllocationFor } from '@marketplace/domain/pickup-charge-allocation';
import {
  findActiveLineOfOrderItem,
  findLinesOfShipments,
  findLineValuesOfPickups,
  findPickupsByIds,
  findScheduledPickupsOfOrderItems,
  findShipmentById,
  findShipmentsOfPickup,
  type PickupRecord,
} from './shipments.repository';
import { pickupItemValuesOf, type ShippingDependencies } from './shipments.shared';

// An order item's share of the pickup that collects it: what its seller payout deducts
// (docs/product/payouts.md). The shipping module owns pickups; the payouts module asks here.

/** The pickup charge info of one order item (amounts in dollars, as the payouts' answers show them; the share also in cents). */
export interface PickupChargeInfo {
  hasPickup: boolean;
  pickupRequestNumber: string | null;
  isConsolidatedPickup: boolean;
  shipmentsCount: number;
  packageCount: number;
  totalPickupCharge: number;
  currency: string;
  source: PickupRecord['source'] | null;
  rateDetails: {
    chargeDetails: Array<{ description: string; amount: number }>;
    baseRate: number;
    additionalCharges: number;
    taxes: number;
    incentives: number;
  } | null;
  consolidationDiscount: number;
  allocation: {
    allocatedPickupCharge: number;
    /** The same in cents, for payout arithmetic. */
    allocatedPickupChargeCents: number;
    totalOrderItemsInPickup: number;
    totalOrderValueInPickup: number;
    currentItemValue: number;
    pickupChargeRatio: number;
  } | null;
}

const NO_PICKUP: PickupChargeInfo = {
  hasPickup: false,
  pickupRequestNumber: null,
  isConsolidatedPickup: false,
  shipmentsCount: 0,
  packageCount: 0,
  totalPickupCharge: 0,
  currency: 'USD',
  source: null,
  rateDetails: null,
  consolidationDiscount: 0,
  allocation: null,
};

export function createPickupChargesService({ db }: Pick<ShippingDependencies, 'db'>) {
  return {
    /**
     * The pickup charge info of an order item: the scheduled pickup of its active shipment, and the
     * item's share of its charge (in proportion to value among the items that pickup collects).
     * Without one (not shipped, no pickup, or the pickup cancelled) it has no pickup and no charge.
     */
    async pickupChargeInfoFor(orderItemId: string): Promise<PickupChargeInfo> {
      const line = await findActiveLineOfOrderItem(db, orderItemId);
      if (!line) return { ...NO_PICKUP };
      const shipment = await findShipmentById(db, line.shipmentId);
      if (!shipment?.pickupId) return { ...NO_PICKUP };
      const pickup = (await findPickupsByIds(db, [shipment.pickupId])).get(shipment.pickupId);
      if (!pickup || pickup.status !== 'scheduled') return { ...NO_PICKUP };
      const held = (await findShipmentsOfPickup(db, pickup.id)).filter((row) => row.status !== 'cancelled');
      const lines = (
        await findLinesOfShipments(
          db,
          held.map((row) => row.id),
        )
      ).filter((row) => row.isActive);
      const values = pickupItemValuesOf(lines);
      const allocation = pickupChargeAllocationFor(pickup.totalCents, values, orderItemId);
      const allocatedCents = allocatePickupCharge(pickup.totalCents, values).find((row) => row.id === orderItemId)?.allocatedPickupChargeCents ?? 0;
      return {
        hasPickup: true,
        pickupRequestNumber: pickup.pickupRequestNumber,
        isConsolidatedPickup: pickup.isConsolidated,
        shipmentsCount: held.length,
        packageCount: held.length,
        totalPickupCharge: centsToDollars(pickup.totalCents),
        currency: pickup.currency,
        source: pickup.source,
        rateDetails: {
          chargeDetails: pickup.chargeDetails.map((charge) => ({ description: charge.description, amount: centsToDollars(charge.amountCents) })),
          baseRate: centsToDollars(pickup.baseRateCents),
          additionalCharges: centsToDollars(pickup.additionalChargesCents),
          taxes: centsToDollars(pickup.taxesCents),
          incentives: centsToDollars(pickup.incentivesCents),
        },
        consolidationDiscount: centsToDollars(pickup.consolidationDiscountCents),
        allocation: { ...allocation, allocatedPickupChargeCents: allocatedCents },
      };
    },

    /**
     * Each item's share of its pickup's charge, for many items in two reads (a seller's earnings list):
     * the same share pickupChargeInfoFor gives one item. Items without a scheduled pickup are left out (0).
     */
    async allocatedPickupChargesOf(orderItemIds: readonly string[]): Promise<Map<string, number>> {
      const shares = new Map<string, number>();
      const pickupOf = await findScheduledPickupsOfOrderItems(db, orderItemIds);
      if (pickupOf.length === 0) return shares;
      const totals = new Map(pickupOf.map((row) => [row.pickupId, row.totalCents]));
      const lines = await findLineValuesOfPickups(db, [...totals.keys()]);
      const allocated = new Map<string, number>();
      for (const [pickupId, totalCents] of totals) {
        const values = lines
          .filter((line) => line.pickupId === pickupId)
          .map((line) => ({ id: line.orderItemId, valueCents: line.priceCents * line.quantity }));
        if (values.length === 0) continue;
        for (const row of allocatePickupCharge(totalCents, values)) allocated.set(`${pickupId}:${row.id}`, row.allocatedPickupChargeCents);
      }
      for (const row of pickupOf) shares.set(row.orderItemId, allocated.get(`${row.pickupId}:${row.orderItemId}`) ?? 0);
      return shares;
    },
  };
}

export type PickupChargesService = ReturnType<typeof createPickupChargesService>;
