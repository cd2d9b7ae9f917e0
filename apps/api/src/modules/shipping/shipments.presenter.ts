import type {
  CancelPickupResponse,
  ConsolidatedPickupStatusResponse,
  CreateShipmentsResponse,
  LabelRateQuote,
  PickupQuote,
  PickupRate,
  ProcessLabelResponse,
  SchedulePickupResponse,
  ScheduleConsolidatedPickupResponse,
  Shipment,
  ShipmentLabelResponse,
  ShipmentLineItem,
  ShipmentListResponse,
  ShipmentTrackingEvent,
  SimulationStatusesResponse,
  TrackShipmentResponse,
  VoidShipmentResponse,
} from '@marketplace/contracts/shipping';
import { centsToDollars } from '@marketplace/domain/money';
import { itemName } from '@marketplace/domain/variations';
import type { LabelQuote, ShipmentPage } from './labels.service';
import type { ConsolidationStatus, PickupQuoteDetails } from './pickups.service';
import type { PickupRecord, ShipmentRecord, ShipmentTrackingEvent as StoredTrackingEvent } from './shipments.repository';
import { SHIPMENT_MESSAGES, UPS_GROUND, type ShipmentDetails } from './shipments.shared';
import type { ShipmentTracking } from './tracking.service';

// The answers of the shipment calls, shaped once from what the services return, exactly as
// @marketplace/contracts/shipping describes them: dollars with cents, pounds, ISO dates, and the two
// spellings the seller screens read (each pair is one value, written twice).

const LABEL_MEDIA_TYPES: Record<string, string> = { GIF: 'image/gif', PNG: 'image/png', PDF: 'application/pdf', ZPL: 'application/x-zpl' };

/** The label as a data URL (GIF unless the carrier said otherwise). */
export function labelUrlOf(label: { labelBase64: string; labelFormat: string | null }): string {
  const format = (label.labelFormat ?? 'GIF').toUpperCase();
  return `data:${LABEL_MEDIA_TYPES[format] ?? 'application/octet-stream'};base64,${label.labelBase64}`;
}

const poundsOf = (ounces: number) => Math.round((ounces / 16) * 100) / 100;

function trackingEventOf(event: StoredTrackingEvent): ShipmentTrackingEvent {
  return { status: event.status, description: event.description, occurredAt: event.occurredAt, location: event.location ?? null };
}

function pickupRateOf(
  rate: Pick<
    PickupRecord,
    'baseRateCents' | 'additionalChargesCents' | 'taxesCents' | 'incentivesCents' | 'consolidationDiscountCents' | 'totalCents' | 'currency' | 'chargeDetails'
  >,
): PickupRate {
  return {
    total: centsToDollars(rate.totalCents),
    currency: rate.currency,
    baseRate: centsToDollars(rate.baseRateCents),
    additionalCharges: centsToDollars(rate.additionalChargesCents),
    taxes: centsToDollars(rate.taxesCents),
    incentives: centsToDollars(rate.incentivesCents),
    consolidationDiscount: centsToDollars(rate.consolidationDiscountCents),
    chargeDetails: rate.chargeDetails.map((line) => ({ description: line.description, amount: centsToDollars(line.amountCents) })),
  };
}

// ── the shipment ──────────────────────────────────────────────────────────────────────────────

export function presentShipment({ shipment, lines, pickup, hasLabel, actions }: ShipmentDetails): Shipment {
  // Only one shipment's answers carry the label bytes; a list row says whether there is a label.
  const labelUrl =
    hasLabel && 'labelBase64' in shipment && shipment.labelBase64 ? labelUrlOf({ labelBase64: shipment.labelBase64, labelFormat: shipment.labelFormat }) : null;
  const items = lines.map((line): ShipmentLineItem => {
    const images = line.imageUrl ? [line.imageUrl] : [];
    return {
      id: line.orderItem.id,
      quantity: line.quantity,
      order_item: {
        id: line.orderItem.id,
        title: itemName(line.orderItem.title, line.orderItem.variantLabel),
        price: centsToDollars(line.orderItem.priceCents),
        status: line.orderItem.status,
        images,
        product: { id: line.orderItem.productId, title: line.orderItem.title, images },
      },
    };
  });
  const shipper = shipment.shipperAddress;
  const recipient = shipment.recipientAddress;
  return {
    id: shipment.id,
    order_id: shipment.orderId,
    seller_id: shipment.sellerId,
    status: shipment.status,
    created_at: shipment.createdAt.toISOString(),
    updated_at: shipment.updatedAt.toISOString(),
    carrier: shipment.carrier,
    trackingNumber: shipment.trackingNumber,
    tracking_number: shipment.trackingNumber,
    labelUrl,
    label_url: labelUrl,
    hasLabel,
    label_format: shipment.labelFormat,
    weight: poundsOf(shipment.weightOunces),
    service_code: shipment.serviceCode,
    service_description: shipment.serviceDescription,
    charges: shipment.chargesCents === null ? null : centsToDollars(shipment.chargesCents),
    pickup_date: pickup?.pickupDate ?? null,
    pickup_request_number: pickup?.pickupRequestNumber ?? null,
    pickup_ready_time: pickup?.readyTime ?? null,
    pickup_close_time: pickup?.closeTime ?? null,
    is_consolidated_pickup: pickup?.isConsolidated ?? false,
    shipper_address: shipper
      ? { line1: shipper.line1, line2: shipper.line2 ?? null, city: shipper.city, state: shipper.state, postalCode: shipper.postalCode }
      : null,
    recipient_address: {
      name: recipient.name,
      line1: recipient.line1,
      line2: recipient.line2 ?? null,
      city: recipient.city,
      state: recipient.state,
      postalCode: recipient.postalCode,
      countryCode: recipient.countryCode,
    },
    total_quantity: lines.reduce((total, line) => total + line.quantity, 0),
    item_quantities: lines.map((line) => line.quantity),
    item_count: lines.length,
    product_names: lines.map((line) => itemName(line.orderItem.title, line.orderItem.variantLabel)),
    product_images: lines.map((line) => line.imageUrl),
    item_details: lines.map((line) => ({
      name: itemName(line.orderItem.title, line.orderItem.variantLabel),
      image: line.imageUrl,
      quantity: line.quantity,
      price: centsToDollars(line.orderItem.priceCents),
    })),
    items,
    shipment_items: items,
    tracking_events: shipment.trackingEvents.map(trackingEventOf),
    voided_at: shipment.voidedAt?.toISOString() ?? null,
    actions,
  };
}

export function presentShipmentList(page: ShipmentPage): ShipmentListResponse {
  return { success: true, shipments: page.shipments.map(presentShipment), pagination: page.pagination, stats: page.stats };
}

// ── labels ────────────────────────────────────────────────────────────────────────────────────

export function presentLabel(label: { labelBase64: string; labelFormat: string | null }): ShipmentLabelResponse {
  const labelUrl = labelUrlOf(label);
  return { success: true, labelUrl, label_url: labelUrl };
}

export function presentLabelQuote(quote: LabelQuote): LabelRateQuote {
  return {
    success: true,
    orderId: quote.orderId,
    shipmentId: quote.shipmentId,
    items: quote.items.map((item) => ({ orderItemId: item.orderItemId, title: item.title, quantity: item.quantity })),
    weight: poundsOf(quote.weightOunces),
    rate: {
      serviceCode: quote.rate.serviceCode,
      serviceDescription: quote.rate.serviceDescription || UPS_GROUND.description,
      total: centsToDollars(quote.rate.totalCents),
      currency: quote.rate.currency,
      billingWeight: poundsOf(quote.rate.billingWeightOunces),
      chargeDetails: quote.rate.chargeDetails.map((line) => ({ description: line.description, amount: centsToDollars(line.amountCents) })),
    },
  };
}

export function presentCreatedShipments(created: { shipments: ShipmentDetails[]; isNew: boolean }): CreateShipmentsResponse {
  return {
    success: true,
    shipments: created.shipments.map(presentShipment),
    message: created.isNew ? SHIPMENT_MESSAGES.created : SHIPMENT_MESSAGES.alreadyExists,
  };
}

export function presentProcessedLabel(processed: { shipment: ShipmentDetails; trackingNumber: string; isNew: boolean }): ProcessLabelResponse {
  const shipment = presentShipment(processed.shipment);
  return {
    success: true,
    trackingNumber: processed.trackingNumber,
    labelUrl: shipment.labelUrl,
    message: processed.isNew ? SHIPMENT_MESSAGES.processed : SHIPMENT_MESSAGES.alreadyProcessed,
    shipment,
  };
}

export function presentVoidedShipment(shipment: Pick<ShipmentRecord, 'id'>): VoidShipmentResponse {
  return { success: true, message: SHIPMENT_MESSAGES.voided, shipmentId: shipment.id, status: 'cancelled' };
}

// ── pickups ───────────────────────────────────────────────────────────────────────────────────

export function presentPickupQuote(quote: PickupQuoteDetails): PickupQuote {
  return {
    success: true,
    isConsolidatedPickup: quote.isConsolidatedPickup,
    shipmentsCount: quote.shipmentsCount,
    pickupDate: quote.window.pickupDate,
    readyTime: quote.window.readyTime,
    closeTime: quote.window.closeTime,
    source: quote.source,
    rate: pickupRateOf(quote.rate),
    allocation: {
      totalOrderItemsInPickup: quote.totalOrderItemsInPickup,
      totalOrderValueInPickup: centsToDollars(quote.totalOrderValueInPickupCents),
      items: quote.shares.map((share) => ({
        orderItemId: share.orderItemId,
        shipmentId: share.shipmentId,
        title: share.title,
        quantity: share.quantity,
        itemValue: centsToDollars(share.valueCents),
        allocatedPickupCharge: centsToDollars(share.allocatedPickupChargeCents),
        pickupChargeRatio: share.pickupChargeRatio,
      })),
    },
  };
}

export function presentScheduledPickup(pickup: PickupRecord): SchedulePickupResponse {
  return {
    success: true,
    message: SHIPMENT_MESSAGES.pickupScheduled,
    pickupRequestNumber: pickup.pickupRequestNumber,
    pickupDate: pickup.pickupDate,
    readyTime: pickup.readyTime,
    closeTime: pickup.closeTime,
    rate: pickupRateOf(pickup),
  };
}

export function presentCancelledPickup(pickup: Pick<PickupRecord, 'pickupRequestNumber'>): CancelPickupResponse {
  return { success: true, message: SHIPMENT_MESSAGES.pickupCancelled, pickupRequestNumber: pickup.pickupRequestNumber };
}

export function presentConsolidationStatus(status: ConsolidationStatus): ConsolidatedPickupStatusResponse {
  return {
    success: true,
    canConsolidate: status.canConsolidate,
    potentialSavings: centsToDollars(status.potentialSavingsCents),
    shipmentsCount: status.shipmentsCount,
  };
}

export function presentConsolidatedPickup(booked: { pickup: PickupRecord; shipmentsCount: number; savingsCents: number }): ScheduleConsolidatedPickupResponse {
  return {
    success: true,
    shipmentsCount: booked.shipmentsCount,
    savings: centsToDollars(booked.savingsCents),
    pickupRequestNumber: booked.pickup.pickupRequestNumber,
    pickupDate: booked.pickup.pickupDate,
    rate: pickupRateOf(booked.pickup),
    message: SHIPMENT_MESSAGES.consolidated(booked.shipmentsCount, booked.savingsCents),
  };
}

// ── tracking ──────────────────────────────────────────────────────────────────────────────────

export function presentSimulationStatuses(statuses: readonly string[]): SimulationStatusesResponse {
  return { success: true, statuses: [...statuses] };
}

export function presentTracking(tracking: ShipmentTracking): TrackShipmentResponse {
  let message: string = SHIPMENT_MESSAGES.trackingUpdated;
  if (tracking.simulatedStatus !== null) message = SHIPMENT_MESSAGES.trackingSimulated(tracking.simulatedStatus);
  else if (!tracking.isUpdated) message = SHIPMENT_MESSAGES.noNewTracking;
  return {
    success: true,
    status: tracking.status,
    trackingNumber: tracking.trackingNumber,
    estimatedDeliveryDate: tracking.estimatedDeliveryDate,
    events: tracking.events.map(trackingEventOf),
    message,
  };
}
