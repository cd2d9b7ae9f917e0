import { countShipmentsForStats, matchesShipmentSearch, SHIPMENT_STATUSES, type ShipmentStatus } from '@marketplace/domain/shipment-rules';
import type { LabelRateQuote, PickupQuote, SellerShipmentsPage, Shipment } from '../../api';

/** What the fake list reads of a shipment: any test's shipment that has these is listed as it is. */
type ListedShipmentFacts = Pick<Shipment, 'id' | 'order_id' | 'status' | 'trackingNumber' | 'tracking_number' | 'pickup_request_number'>;

/** The label GET /api/shipments/label/:id answers in tests (a 1×1 GIF). */
export const TEST_LABEL_URL = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';

/** A shipment as GET /api/shipments/seller/:userId lists it (no label bytes, `hasLabel`), for tests. */
export function makeShipment(overrides: Partial<Shipment> & { id: string }): Shipment {
  const names = overrides.product_names ?? ['Desk lamp'];
  const trackingNumber = overrides.tracking_number !== undefined ? overrides.tracking_number : '1Z999AA10123456784';
  return {
    order_id: '5f0c2b7e-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
    seller_id: 'user-seller',
    status: 'created',
    created_at: '2025-03-01T10:00:00.000Z',
    updated_at: '2025-03-01T10:00:00.000Z',
    carrier: 'UPS',
    label_format: 'GIF',
    weight: 2.5,
    service_code: '03',
    service_description: 'UPS Ground',
    charges: 12.5,
    pickup_date: null,
    pickup_request_number: null,
    pickup_ready_time: null,
    pickup_close_time: null,
    is_consolidated_pickup: false,
    shipper_address: null,
    recipient_address: { name: 'Bea Tester', line1: '1 Main St', line2: null, city: 'Austin', state: 'TX', postalCode: '78701', countryCode: 'US' },
    total_quantity: names.length,
    item_quantities: names.map(() => 1),
    item_count: names.length,
    product_images: names.map(() => null),
    item_details: names.map((name) => ({ name, image: null, quantity: 1, price: 10 })),
    items: [],
    shipment_items: [],
    tracking_events: [],
    voided_at: null,
    hasLabel: true,
    actions: {
      canSchedulePickup: true,
      canCancelPickup: false,
      canVoid: true,
      voidRefusalReason: null,
      canTrack: true,
      canViewLabel: overrides.hasLabel ?? true,
    },
    ...overrides,
    product_names: names,
    trackingNumber,
    tracking_number: trackingNumber,
    labelUrl: null,
    label_url: null,
  };
}

/**
 * What the API answers for GET /api/shipments/seller/:userId with these query parameters over the
 * seller's shipments (newest first): the page, its pagination, and stats over all (or the order's).
 */
export function shipmentsPageFor<T extends ListedShipmentFacts>(
  all: readonly T[],
  params: URLSearchParams,
): { success: true } & Omit<SellerShipmentsPage, 'shipments'> & { shipments: T[] } {
  const page = Number(params.get('page') ?? '1');
  const limit = Number(params.get('limit') ?? '20');
  const orderId = params.get('orderId');
  const status = params.get('status');
  const q = params.get('q') ?? '';
  const scope = orderId ? all.filter((shipment) => shipment.order_id === orderId) : [...all];
  const matching = scope.filter(
    (shipment) =>
      (!status || shipment.status === status) &&
      matchesShipmentSearch({ id: shipment.id, trackingNumber: shipment.tracking_number ?? shipment.trackingNumber }, q),
  );
  const byStatus = Object.fromEntries(SHIPMENT_STATUSES.map((value) => [value, scope.filter((shipment) => shipment.status === value).length])) as Record<
    ShipmentStatus,
    number
  >;
  return {
    success: true,
    shipments: matching.slice((page - 1) * limit, page * limit),
    pagination: { page, limit, total: matching.length, totalPages: Math.ceil(matching.length / limit) },
    stats: { ...countShipmentsForStats(scope.map((shipment) => ({ status: shipment.status, pickupRequestNumber: shipment.pickup_request_number }))), byStatus },
  };
}

/** GET /api/shipments/rate-quote/:orderId in tests: UPS Ground, 4 lbs billed, $13.17. */
export function makeLabelRateQuote(orderId: string): LabelRateQuote {
  return {
    success: true,
    orderId,
    shipmentId: null,
    items: [{ orderItemId: 'item-1', title: 'Desk lamp', quantity: 2 }],
    weight: 3.75,
    rate: {
      serviceCode: '03',
      serviceDescription: 'UPS Ground',
      total: 13.17,
      currency: 'USD',
      billingWeight: 4,
      chargeDetails: [
        { description: 'UPS Ground, zone 4, first lb', amount: 9.9 },
        { description: '3 additional lb', amount: 3.27 },
      ],
    },
  };
}

/** A pickup quote in tests: $8.37 for the pickup, 80 % on a $40.00 lamp and 20 % on a $10.00 mug. */
export function makePickupQuote(options: { shipmentIds: string[]; pickupDate: string; consolidated?: boolean }): PickupQuote {
  const [first = 'shipment-1', second = first] = options.shipmentIds;
  return {
    success: true,
    isConsolidatedPickup: options.consolidated ?? false,
    shipmentsCount: options.shipmentIds.length,
    pickupDate: options.pickupDate,
    readyTime: '09:00',
    closeTime: '17:00',
    source: 'carrier API',
    rate: {
      total: 8.37,
      currency: 'USD',
      baseRate: 6.5,
      additionalCharges: 0.98,
      taxes: 1.39,
      incentives: 0.5,
      consolidationDiscount: 0,
      chargeDetails: [
        { description: 'Pickup base rate', amount: 6.5 },
        { description: 'Fuel surcharge', amount: 0.98 },
        { description: 'Online scheduling incentive', amount: -0.5 },
        { description: 'Tax (8%)', amount: 1.39 },
      ],
    },
    allocation: {
      totalOrderItemsInPickup: 2,
      totalOrderValueInPickup: 50,
      items: [
        { orderItemId: 'item-lamp', shipmentId: first, title: 'Desk lamp', quantity: 2, itemValue: 40, allocatedPickupCharge: 6.7, pickupChargeRatio: 0.8 },
        { orderItemId: 'item-mug', shipmentId: second, title: 'Enamel mug', quantity: 1, itemValue: 10, allocatedPickupCharge: 1.67, pickupChargeRatio: 0.2 },
      ],
    },
  };
}
