import { countShipmentsForStats, matchesShipmentSearch, SHIPMENT_STATUSES, type ShipmentStatus } from '@marketplace/domain/shipment-rules';
import type { SellerShipmentsPage, Shipment } from '../../api';

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
    weight: 2.5,
    service_description: 'UPS Ground',
    charges: 12.5,
    pickup_date: null,
    pickup_request_number: null,
    shipper_address: null,
    recipient_address: null,
    total_quantity: names.length,
    item_quantities: names.map(() => 1),
    item_count: names.length,
    product_images: names.map(() => null),
    item_details: names.map((name) => ({ name, image: null, quantity: 1, price: 10 })),
    items: [],
    shipment_items: [],
    tracking_events: [],
    hasLabel: true,
    actions: { canSchedulePickup: true, canCancelPickup: false, canVoid: true, voidRefusalReason: null, canTrack: true, canViewLabel: overrides.hasLabel ?? true },
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
export function shipmentsPageFor(all: readonly Shipment[], params: URLSearchParams): { success: true } & SellerShipmentsPage {
  const page = Number(params.get('page') ?? '1');
  const limit = Number(params.get('limit') ?? '20');
  const orderId = params.get('orderId');
  const status = params.get('status');
  const q = params.get('q') ?? '';
  const scope = orderId ? all.filter((shipment) => shipment.order_id === orderId) : [...all];
  const matching = scope.filter(
    (shipment) => (!status || shipment.status === status) && matchesShipmentSearch({ id: shipment.id, trackingNumber: shipment.tracking_number ?? shipment.trackingNumber }, q),
  );
  const byStatus = Object.fromEntries(SHIPMENT_STATUSES.map((value) => [value, scope.filter((shipment) => shipment.status === value).length])) as Record<ShipmentStatus, number>;
  return {
    success: true,
    shipments: matching.slice((page - 1) * limit, page * limit),
    pagination: { page, limit, total: matching.length, totalPages: Math.ceil(matching.length / limit) },
    stats: { ...countShipmentsForStats(scope.map((shipment) => ({ status: shipment.status, pickupRequestNumber: shipment.pickup_request_number }))), byStatus },
  };
}
