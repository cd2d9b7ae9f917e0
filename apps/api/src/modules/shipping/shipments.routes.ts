import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cancelPickupParamsSchema,
  cancelPickupResponseSchema,
  consolidatedPickupStatusResponseSchema,
  createShipmentsResponseSchema,
  labelRateQuoteResponseSchema,
  pickupFormSchema,
  pickupQuoteResponseSchema,
  processLabelResponseSchema,
  scheduleConsolidatedPickupResponseSchema,
  schedulePickupResponseSchema,
  shipmentErrorSchema,
  shipmentLabelResponseSchema,
  shipmentListQuerySchema,
  shipmentListResponseSchema,
  shipmentOrderParamsSchema,
  shipmentParamsSchema,
  shipmentSellerOrderParamsSchema,
  shipmentSellerParamsSchema,
  simulationStatusesResponseSchema,
  trackShipmentBodySchema,
  trackShipmentResponseSchema,
  voidShipmentResponseSchema,
} from '@marketplace/contracts/shipping';
import { userOf } from '../../plugins/authentication';
import { only, own } from '../../plugins/route-access';
import type { LabelsService } from './labels.service';
import type { PickupsService } from './pickups.service';
import {
  presentCancelledPickup,
  presentConsolidatedPickup,
  presentConsolidationStatus,
  presentCreatedShipments,
  presentLabel,
  presentLabelQuote,
  presentPickupQuote,
  presentProcessedLabel,
  presentScheduledPickup,
  presentShipmentList,
  presentSimulationStatuses,
  presentTracking,
  presentVoidedShipment,
} from './shipments.presenter';
import type { TrackingService } from './tracking.service';

// The seller's shipment calls (docs/product/shipping.md), exactly as the seller screens call them;
// {carrier} is "ups". Every call is a seller's, and every row is the caller's own: another seller's
// shipment, order or list is a 404. Requests and answers are @marketplace/contracts/shipping.

export interface ShipmentRoutesOptions {
  labels: LabelsService;
  pickups: PickupsService;
  tracking: TrackingService;
}

// Every refusal is { error, code?, ... }: the schema lets the code through to the client.
const errors = { 400: shipmentErrorSchema, 401: shipmentErrorSchema, 403: shipmentErrorSchema, 404: shipmentErrorSchema };
const carrierErrors = { ...errors, 409: shipmentErrorSchema, 502: shipmentErrorSchema, 504: shipmentErrorSchema };

export const shipmentRoutes: FastifyPluginAsyncZod<ShipmentRoutesOptions> = async (app, { labels, pickups, tracking }) => {
  const common = { tags: ['shipments'], security: [{ bearerAuth: [] }] };

  app.get(
    '/simulation-statuses',
    {
      config: { access: only('seller') },
      schema: {
        ...common,
        summary: 'Tracking statuses the development-only simulation offers (404 in production)',
        response: { 200: simulationStatusesResponseSchema, ...errors },
      },
    },
    async () => presentSimulationStatuses(tracking.simulationStatuses()),
  );

  app.get(
    '/seller/:userId',
    {
      config: { access: own(only('seller'), 'userId') },
      schema: {
        ...common,
        summary:
          "A page of the seller's shipments, newest first (optionally one order's, one status, or matching q), with stats over all of them; no label bytes",
        params: shipmentSellerParamsSchema,
        querystring: shipmentListQuerySchema,
        response: { 200: shipmentListResponseSchema, ...errors },
      },
    },
    async (request) => presentShipmentList(await labels.listSellerShipments(userOf(request).id, request.params.userId, request.query)),
  );

  app.get(
    '/label/:shipmentId',
    {
      config: { access: only('seller') },
      schema: {
        ...common,
        summary: "The shipment's label as a data URL (404 'No label URL available' before one is bought, 410 once the shipment is voided)",
        params: shipmentParamsSchema,
        response: { 200: shipmentLabelResponseSchema, ...errors, 410: shipmentErrorSchema },
      },
    },
    async (request) => presentLabel(await labels.label(userOf(request).id, request.params.shipmentId)),
  );

  app.get(
    '/rate-quote/:orderId',
    {
      config: { access: only('seller') },
      schema: {
        ...common,
        summary: "The rate of the UPS label Create Shipment would buy for the order's approved items (buys nothing)",
        params: shipmentOrderParamsSchema,
        response: { 200: labelRateQuoteResponseSchema, ...carrierErrors },
      },
    },
    async (request) => presentLabelQuote(await labels.quoteLabel(userOf(request).id, request.params.orderId)),
  );

  app.get(
    '/pickup-quote/:shipmentId',
    {
      config: { access: only('seller') },
      schema: {
        ...common,
        summary: "The charge of a pickup for a created shipment on the date asked, and each item's share of it (books nothing)",
        params: shipmentParamsSchema,
        querystring: pickupFormSchema,
        response: { 200: pickupQuoteResponseSchema, ...carrierErrors },
      },
    },
    async (request) => presentPickupQuote(await pickups.quotePickup(userOf(request).id, request.params.shipmentId, request.query)),
  );

  app.get(
    '/consolidated-pickup-quote/:userId/:orderId',
    {
      config: { access: own(only('seller'), 'userId') },
      schema: {
        ...common,
        summary: "The charge of one pickup for all the order's created shipments without one, and each item's share of it (books nothing)",
        params: shipmentSellerOrderParamsSchema,
        querystring: pickupFormSchema,
        response: { 200: pickupQuoteResponseSchema, ...carrierErrors },
      },
    },
    async (request) =>
      presentPickupQuote(await pickups.quoteConsolidatedPickup(userOf(request).id, request.params.userId, request.params.orderId, request.query)),
  );

  app.post(
    '/create/:orderId',
    {
      config: { access: only('seller') },
      schema: {
        ...common,
        summary: "Creates the seller's shipment from the order's approved items (a repeat answers the existing one)",
        params: shipmentOrderParamsSchema,
        response: { 200: createShipmentsResponseSchema, ...errors },
      },
    },
    async (request) => presentCreatedShipments(await labels.createShipments(userOf(request).id, request.params.orderId)),
  );

  app.post(
    '/process-ups/:shipmentId',
    {
      config: { access: only('seller') },
      schema: {
        ...common,
        summary: 'Buys the UPS label (once) and marks the items shipped',
        params: shipmentParamsSchema,
        response: { 200: processLabelResponseSchema, ...carrierErrors },
      },
    },
    async (request) => presentProcessedLabel(await labels.processLabel(userOf(request).id, request.params.shipmentId)),
  );

  app.post(
    '/schedule-pickup/:shipmentId',
    {
      config: { access: only('seller') },
      schema: {
        ...common,
        summary: 'Schedules a carrier pickup for a created shipment',
        params: shipmentParamsSchema,
        body: pickupFormSchema,
        response: { 200: schedulePickupResponseSchema, ...carrierErrors },
      },
    },
    async (request) => presentScheduledPickup(await pickups.schedulePickup(userOf(request).id, request.params.shipmentId, request.body)),
  );

  app.delete(
    '/cancel-pickup/:id',
    {
      config: { access: only('seller') },
      schema: {
        ...common,
        summary: "Cancels the shipment's scheduled pickup",
        params: cancelPickupParamsSchema,
        response: { 200: cancelPickupResponseSchema, ...carrierErrors },
      },
    },
    async (request) => presentCancelledPickup(await pickups.cancelPickup(userOf(request).id, request.params.id)),
  );

  app.get(
    '/consolidated-pickup-status/:userId/:orderId',
    {
      config: { access: own(only('seller'), 'userId') },
      schema: {
        ...common,
        summary: "Whether the order's created shipments can share one pickup",
        params: shipmentSellerOrderParamsSchema,
        response: { 200: consolidatedPickupStatusResponseSchema, ...errors },
      },
    },
    async (request) => presentConsolidationStatus(await pickups.consolidatedPickupStatus(userOf(request).id, request.params.userId, request.params.orderId)),
  );

  app.post(
    '/schedule-consolidated-pickup/:userId/:orderId',
    {
      config: { access: own(only('seller'), 'userId') },
      schema: {
        ...common,
        summary: "One pickup for all the order's created shipments without one",
        params: shipmentSellerOrderParamsSchema,
        body: pickupFormSchema,
        response: { 200: scheduleConsolidatedPickupResponseSchema, ...carrierErrors },
      },
    },
    async (request) =>
      presentConsolidatedPickup(await pickups.scheduleConsolidatedPickup(userOf(request).id, request.params.userId, request.params.orderId, request.body)),
  );

  app.delete(
    '/void/:shipmentId',
    {
      config: { access: only('seller') },
      schema: {
        ...common,
        summary: 'Voids the label (within 24 hours, before pickup); the items return to approved',
        params: shipmentParamsSchema,
        response: { 200: voidShipmentResponseSchema, ...carrierErrors },
      },
    },
    async (request) => presentVoidedShipment(await labels.voidShipment(userOf(request).id, request.params.shipmentId)),
  );

  app.put(
    '/track/:shipmentId',
    {
      config: { access: only('seller') },
      schema: {
        ...common,
        summary: 'Refreshes tracking (or, outside production, simulates a status)',
        params: shipmentParamsSchema,
        body: trackShipmentBodySchema,
        response: { 200: trackShipmentResponseSchema, ...carrierErrors },
      },
    },
    async (request) => presentTracking(await tracking.track(userOf(request).id, request.params.shipmentId, request.body?.simulateStatus)),
  );
};
