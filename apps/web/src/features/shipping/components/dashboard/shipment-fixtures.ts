import type { Shipment } from '../../api';

/** A shipment as GET /api/shipments/seller/:userId answers it, for tests. */
export function makeShipment(overrides: Partial<Shipment> & { id: string }): Shipment {
  const names = overrides.product_names ?? ['Desk lamp'];
  const trackingNumber = overrides.tracking_number !== undefined ? overrides.tracking_number : '1Z999AA10123456784';
  const labelUrl = overrides.label_url !== undefined ? overrides.label_url : 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
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
    actions: { canSchedulePickup: true, canCancelPickup: false, canVoid: true, voidRefusalReason: null, canTrack: true, canViewLabel: true },
    ...overrides,
    product_names: names,
    trackingNumber,
    tracking_number: trackingNumber,
    labelUrl,
    label_url: labelUrl,
  };
}
