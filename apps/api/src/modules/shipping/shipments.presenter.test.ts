import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  cancelPickupResponseSchema,
  consolidatedPickupStatusResponseSchema,
  createShipmentsResponseSchema,
  labelRateQuoteResponseSchema,
  pickupQuoteResponseSchema,
  processLabelResponseSchema,
  scheduleConsolidatedPickupResponseSchema,
  schedulePickupResponseSchema,
  shipmentLabelResponseSchema,
  shipmentListResponseSchema,
  shipmentSchema,
  simulationStatusesResponseSchema,
  trackShipmentResponseSchema,
  voidShipmentResponseSchema,
} from '@marketplace/contracts/shipping';
import { shipmentActions } from '@marketplace/domain/shipment-rules';
import { shipmentStatsOf } from './labels.service';
import {
  labelUrlOf,
  presentCancelledPickup,
  presentConsolidatedPickup,
  presentConsolidationStatus,
  presentCreatedShipments,
  presentLabel,
  presentLabelQuote,
  presentPickupQuote,
  presentProcessedLabel,
  presentScheduledPickup,
  presentShipment,
  presentShipmentList,
  presentSimulationStatuses,
  presentTracking,
  presentVoidedShipment,
} from './shipments.presenter';
import type { ListedShipmentRecord, PickupRecord, ShipmentLine, ShipmentRecord } from './shipments.repository';
import type { ShipmentDetails } from './shipments.shared';

// The presenter against the contract: every answer parses with its strict schema (no field the
// contract lacks) and carries every field the contract names (none missing, none undefined).

const NOW = new Date('2030-01-06T12:00:00.000Z');
const LABEL_BYTES = 'R0lGODlhAQABAAAAACw=';

function shipmentRecord(overrides: Partial<ShipmentRecord> = {}): ShipmentRecord {
  return {
    id: 'a0000000-0000-4000-8000-000000000001',
    orderId: 'b0000000-0000-4000-8000-000000000001',
    sellerId: 'c0000000-0000-4000-8000-000000000001',
    status: 'created',
    carrier: 'UPS',
    trackingNumber: '1Z999AA10123456784',
    carrierShipmentId: '1Z999AA10123456784',
    serviceCode: '03',
    serviceDescription: 'UPS Ground',
    labelFormat: 'GIF',
    labelBase64: LABEL_BYTES,
    weightOunces: 40,
    chargesCents: 1317,
    currency: 'USD',
    pickupId: 'd0000000-0000-4000-8000-000000000001',
    shipperAddress: { name: 'Seller Warehouse', line1: '100 Main St', city: 'Austin', state: 'TX', postalCode: '78701', countryCode: 'US' },
    recipientAddress: { name: 'Bea Tester', line1: '1 Elm St', line2: 'Apt 2', city: 'Denver', state: 'CO', postalCode: '80202', countryCode: 'US' },
    trackingEvents: [{ status: 'created', description: 'Label created', occurredAt: '2030-01-06T10:00:00.000Z' }],
    lastTrackedAt: null,
    labelCreatedAt: new Date('2030-01-06T10:00:00.000Z'),
    labelRequestedAt: null,
    pickupRequestedAt: null,
    voidedAt: null,
    createdAt: new Date('2030-01-06T09:00:00.000Z'),
    updatedAt: new Date('2030-01-06T10:00:00.000Z'),
    ...overrides,
  };
}

function pickupRecord(overrides: Partial<PickupRecord> = {}): PickupRecord {
  return {
    id: 'd0000000-0000-4000-8000-000000000001',
    sellerId: 'c0000000-0000-4000-8000-000000000001',
    pickupRequestNumber: 'PRN123',
    pickupDate: '2030-01-07',
    readyTime: '09:00',
    closeTime: '17:00',
    isConsolidated: false,
    baseRateCents: 650,
    additionalChargesCents: 98,
    taxesCents: 139,
    incentivesCents: -50,
    consolidationDiscountCents: 0,
    totalCents: 837,
    currency: 'USD',
    chargeDetails: [{ description: 'Pickup base rate', amountCents: 650 }],
    source: 'carrier API',
    status: 'scheduled',
    createdAt: NOW,
    cancelledAt: null,
    ...overrides,
  };
}

function line(index: number, imageUrl: string | null): ShipmentDetails['lines'][number] {
  const orderItem = {
    id: `e0000000-0000-4000-8000-00000000000${index}`,
    productId: `f0000000-0000-4000-8000-00000000000${index}`,
    title: `Item ${index}`,
    priceCents: 1000 * index,
    quantity: index,
    status: 'shipped',
  } satisfies Partial<ShipmentLine['orderItem']> as ShipmentLine['orderItem'];
  return { shipmentId: 'a0000000-0000-4000-8000-000000000001', quantity: index, isActive: true, orderItem, weightOunces: 20, coverKey: null, imageUrl };
}

function details(shipment: ShipmentRecord | ListedShipmentRecord, options: { hasLabel: boolean; pickup?: PickupRecord | null }): ShipmentDetails {
  const pickup = options.pickup === undefined ? pickupRecord() : options.pickup;
  return {
    shipment,
    lines: [line(1, '/uploads/one.webp'), line(2, null)],
    pickup,
    hasLabel: options.hasLabel,
    actions: shipmentActions(
      {
        id: shipment.id,
        status: shipment.status,
        createdAt: shipment.createdAt,
        trackingNumber: shipment.trackingNumber,
        hasLabel: options.hasLabel,
        pickupRequestNumber: pickup?.pickupRequestNumber ?? null,
      },
      NOW,
    ),
  };
}

/** Parses with the strict schema (an extra field fails) and checks no field of the schema is missing or undefined. */
function expectExactly<Schema extends z.ZodObject>(schema: Schema, answer: unknown) {
  expect(() => schema.parse(answer)).not.toThrow();
  const record = answer as Record<string, unknown>;
  expect(Object.keys(record).sort()).toEqual(Object.keys(schema.shape).sort());
  for (const key of Object.keys(schema.shape)) expect(record[key], key).not.toBeUndefined();
}

describe('presentShipment', () => {
  it('answers every field of the contract once, both spellings with the same value', () => {
    const answer = presentShipment(details(shipmentRecord(), { hasLabel: true }));
    expectExactly(shipmentSchema, answer);
    expect(answer.labelUrl).toBe(`data:image/gif;base64,${LABEL_BYTES}`);
    expect(answer.label_url).toBe(answer.labelUrl);
    expect(answer.tracking_number).toBe(answer.trackingNumber);
    expect(answer.shipment_items).toBe(answer.items);
    expect(answer).toMatchObject({
      weight: 2.5,
      charges: 13.17,
      pickup_date: '2030-01-07',
      pickup_request_number: 'PRN123',
      total_quantity: 3,
      item_quantities: [1, 2],
      product_images: ['/uploads/one.webp', null],
      item_details: [
        { name: 'Item 1', image: '/uploads/one.webp', quantity: 1, price: 10 },
        { name: 'Item 2', image: null, quantity: 2, price: 20 },
      ],
      shipper_address: { line1: '100 Main St', line2: null, city: 'Austin', state: 'TX', postalCode: '78701' },
      // A stored event without a location is answered with location null.
      tracking_events: [{ status: 'created', description: 'Label created', occurredAt: '2030-01-06T10:00:00.000Z', location: null }],
    });
    expect(answer.items[0]!.order_item).toEqual({
      id: 'e0000000-0000-4000-8000-000000000001',
      title: 'Item 1',
      price: 10,
      status: 'shipped',
      images: ['/uploads/one.webp'],
      product: { id: 'f0000000-0000-4000-8000-000000000001', title: 'Item 1', images: ['/uploads/one.webp'] },
    });
  });

  it('leaves the label bytes out of a listed shipment, which says only that it has one', () => {
    const { labelBase64: _bytes, ...columns } = shipmentRecord();
    const answer = presentShipment(details({ ...columns, hasLabel: true }, { hasLabel: true }));
    expectExactly(shipmentSchema, answer);
    expect(answer).toMatchObject({ hasLabel: true, labelUrl: null, label_url: null });
  });

  it('answers no label and no pickup for a voided shipment', () => {
    const voided = shipmentRecord({ status: 'cancelled', voidedAt: NOW, pickupId: null });
    const answer = presentShipment(details(voided, { hasLabel: false, pickup: null }));
    expectExactly(shipmentSchema, answer);
    expect(answer).toMatchObject({
      hasLabel: false,
      labelUrl: null,
      label_url: null,
      voided_at: NOW.toISOString(),
      pickup_date: null,
      is_consolidated_pickup: false,
    });
    expect(answer.actions).toMatchObject({ canViewLabel: false, canTrack: false, canVoid: false });
  });
});

describe('the answers of the shipment calls', () => {
  const created = details(shipmentRecord(), { hasLabel: true });

  it('match their contracts exactly', () => {
    const stats = shipmentStatsOf([{ status: 'created', count: 2, awaitingPickup: 1 }]);
    expectExactly(
      shipmentListResponseSchema,
      presentShipmentList({ shipments: [created], pagination: { page: 1, limit: 20, total: 1, totalPages: 1 }, stats }),
    );
    expectExactly(shipmentLabelResponseSchema, presentLabel({ labelBase64: LABEL_BYTES, labelFormat: null }));
    expectExactly(createShipmentsResponseSchema, presentCreatedShipments({ shipments: [created], isNew: true }));
    expectExactly(processLabelResponseSchema, presentProcessedLabel({ shipment: created, trackingNumber: '1Z999AA10123456784', isNew: true }));
    expectExactly(voidShipmentResponseSchema, presentVoidedShipment(shipmentRecord()));
    expectExactly(schedulePickupResponseSchema, presentScheduledPickup(pickupRecord()));
    expectExactly(cancelPickupResponseSchema, presentCancelledPickup(pickupRecord()));
    expectExactly(consolidatedPickupStatusResponseSchema, presentConsolidationStatus({ canConsolidate: true, potentialSavingsCents: 300, shipmentsCount: 2 }));
    expectExactly(
      scheduleConsolidatedPickupResponseSchema,
      presentConsolidatedPickup({ pickup: pickupRecord({ isConsolidated: true }), shipmentsCount: 2, savingsCents: 300 }),
    );
    expectExactly(simulationStatusesResponseSchema, presentSimulationStatuses(['in_transit', 'delivered']));
    expectExactly(
      trackShipmentResponseSchema,
      presentTracking({
        status: 'in_transit',
        trackingNumber: '1Z999AA10123456784',
        estimatedDeliveryDate: null,
        events: [],
        simulatedStatus: null,
        isUpdated: true,
      }),
    );
    expectExactly(
      labelRateQuoteResponseSchema,
      presentLabelQuote({
        orderId: 'b0000000-0000-4000-8000-000000000001',
        shipmentId: null,
        items: [{ orderItemId: 'e0000000-0000-4000-8000-000000000001', title: 'Item 1', quantity: 1 }],
        weightOunces: 60,
        rate: {
          serviceCode: '03',
          serviceDescription: '',
          totalCents: 1317,
          currency: 'USD',
          billingWeightOunces: 64,
          chargeDetails: [{ description: 'UPS Ground', amountCents: 1317 }],
          transitDays: 2,
        },
      }),
    );
    expectExactly(
      pickupQuoteResponseSchema,
      presentPickupQuote({
        isConsolidatedPickup: false,
        shipmentsCount: 1,
        window: { pickupDate: '2030-01-07', readyTime: '09:00', closeTime: '17:00' },
        source: 'carrier API',
        rate: {
          baseRateCents: 650,
          additionalChargesCents: 98,
          taxesCents: 139,
          incentivesCents: -50,
          consolidationDiscountCents: 0,
          totalCents: 837,
          currency: 'USD',
          chargeDetails: [{ description: 'Pickup base rate', amountCents: 650 }],
        },
        totalOrderItemsInPickup: 1,
        totalOrderValueInPickupCents: 1000,
        shares: [
          { orderItemId: 'e1', shipmentId: 's1', title: 'Item 1', quantity: 1, valueCents: 1000, allocatedPickupChargeCents: 837, pickupChargeRatio: 1 },
        ],
      }),
    );
  });

  it('words each outcome as the seller screens show it', () => {
    expect(presentCreatedShipments({ shipments: [created], isNew: false }).message).toBe('Shipment already exists for these items');
    expect(presentProcessedLabel({ shipment: created, trackingNumber: '1Z', isNew: false })).toMatchObject({
      message: 'UPS label already created for this shipment',
      labelUrl: labelUrlOf({ labelBase64: LABEL_BYTES, labelFormat: 'GIF' }),
    });
    expect(presentConsolidatedPickup({ pickup: pickupRecord(), shipmentsCount: 2, savingsCents: 300 }).message).toBe(
      'Consolidated pickup scheduled for 2 shipments! Savings: $3.00',
    );
    const tracked = { status: 'delivered' as const, trackingNumber: '1Z', estimatedDeliveryDate: null, events: [] };
    expect(presentTracking({ ...tracked, simulatedStatus: 'delivered', isUpdated: true }).message).toBe('Tracking simulated to status: delivered');
    expect(presentTracking({ ...tracked, simulatedStatus: null, isUpdated: true }).message).toBe('Tracking information updated!');
    expect(presentTracking({ ...tracked, simulatedStatus: null, isUpdated: false }).message).toBe('No new tracking information from UPS yet.');
  });

  it('names the label file by its format', () => {
    expect(labelUrlOf({ labelBase64: 'AA', labelFormat: null })).toBe('data:image/gif;base64,AA');
    expect(labelUrlOf({ labelBase64: 'AA', labelFormat: 'pdf' })).toBe('data:application/pdf;base64,AA');
    expect(labelUrlOf({ labelBase64: 'AA', labelFormat: 'TIFF' })).toBe('data:application/octet-stream;base64,AA');
  });
});
