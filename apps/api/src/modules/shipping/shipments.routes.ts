import { hasZodFastifySchemaValidationErrors, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageQueryWith } from '@marketplace/contracts/common';
import { labelRateQuoteResponseSchema, pickupQuoteQuerySchema, pickupQuoteResponseSchema, shipmentErrorSchema } from '@marketplace/contracts/shipping-quotes';
import { SHIPMENT_STATUSES } from '@marketplace/domain/shipment-rules';
import { HttpError } from '../../lib/http-errors';
import { userOf } from '../../plugins/authentication';
import { DEFAULT_SHIPMENT_PAGE_SIZE, MAX_SHIPMENT_PAGE_SIZE, type ShipmentsService } from './shipments.service';

// SPEC §7.5, exactly as the seller screens call them; {carrier} is "ups". Every call is a seller's,
// and every row is the caller's own: another seller's shipment, order or list is a 404.

const shipmentParams = z.object({ shipmentId: z.guid({ error: 'Shipment not found' }) });
const pickupParams = z.object({ id: z.guid({ error: 'Shipment not found' }) });
const orderParams = z.object({ orderId: z.guid({ error: 'Order not found' }) });
const userParams = z.object({ userId: z.guid({ error: 'Seller not found' }) });
const userOrderParams = z.object({ userId: z.guid({ error: 'Seller not found' }), orderId: z.guid({ error: 'Order not found' }) });

const pickupBody = z.object({
  pickupDate: z.string({ error: 'Pickup date is required.' }).trim().min(1, 'Pickup date is required.').max(20),
  readyTime: z.string().max(10).optional(),
  closeTime: z.string().max(10).optional(),
});
// The list's optional narrowing (issue #8; SPEC §7.5 names no query, so every field is optional).
const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const listQuery = pageQueryWith({ defaultLimit: DEFAULT_SHIPMENT_PAGE_SIZE, maxLimit: MAX_SHIPMENT_PAGE_SIZE, maxPage: 1_000_000 }).extend({
  status: z.preprocess(emptyToUndefined, z.enum(SHIPMENT_STATUSES, { error: `Status must be one of: ${SHIPMENT_STATUSES.join(', ')}` }).optional()),
  q: z.preprocess(emptyToUndefined, z.string().trim().max(100, 'Search text must be at most 100 characters').optional()),
  orderId: z.preprocess(emptyToUndefined, z.guid({ error: 'Order not found' }).optional()),
});

const trackBody = z
  .object({ simulateStatus: z.string().trim().min(1).max(40).optional() })
  .nullish();

// Answers (SPEC §3 "shipment" with both spellings); loose, so the docs name the fields the screens read.
const money = z.number();
const shipmentSchema = z.looseObject({
  id: z.string(),
  order_id: z.string(),
  seller_id: z.string(),
  status: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  trackingNumber: z.string().nullable(),
  tracking_number: z.string().nullable(),
  labelUrl: z.string().nullable(),
  label_url: z.string().nullable(),
  hasLabel: z.boolean(),
  weight: z.number(),
  service_description: z.string(),
  pickup_date: z.string().nullable(),
  pickup_request_number: z.string().nullable(),
  shipper_address: z.looseObject({ line1: z.string(), city: z.string(), state: z.string(), postalCode: z.string() }).nullable(),
  total_quantity: z.number(),
  item_quantities: z.array(z.number()),
  item_count: z.number(),
  product_names: z.array(z.string()),
  product_images: z.array(z.string().nullable()),
  item_details: z.array(z.object({ name: z.string(), image: z.string().nullable(), quantity: z.number(), price: money })),
  items: z.array(z.looseObject({ quantity: z.number(), order_item: z.looseObject({ title: z.string(), price: money, images: z.array(z.string()) }) })),
  shipment_items: z.array(z.looseObject({ quantity: z.number() })),
});
const rateSchema = z.looseObject({
  total: money,
  currency: z.string(),
  baseRate: money,
  additionalCharges: money,
  taxes: money,
  incentives: money,
  consolidationDiscount: money,
  chargeDetails: z.array(z.object({ description: z.string(), amount: money })),
});
const ok = z.literal(true);
const statusesResponse = z.object({ success: ok, statuses: z.array(z.string()) });
const count = z.number().int();
const listResponse = z.object({
  success: ok,
  // Listed shipments carry hasLabel and null labelUrl/label_url: the bytes come from /label/:shipmentId.
  shipments: z.array(shipmentSchema),
  pagination: z.object({ page: count, limit: count, total: count, totalPages: count }),
  stats: z.object({
    total: count,
    readyToShip: count,
    inTransit: count,
    pendingPickup: count,
    delivered: count,
    byStatus: z.record(z.enum(SHIPMENT_STATUSES), count),
  }),
});
const labelResponse = z.object({ success: ok, labelUrl: z.string(), label_url: z.string() });
const createResponse = z.object({ success: ok, shipments: z.array(shipmentSchema), message: z.string() });
const processResponse = z.looseObject({ success: ok, trackingNumber: z.string(), labelUrl: z.string().nullable(), message: z.string() });
const pickupResponse = z.looseObject({ success: ok, message: z.string(), pickupRequestNumber: z.string(), pickupDate: z.string(), rate: rateSchema });
const messageResponse = z.looseObject({ success: ok, message: z.string() });
const consolidationStatusResponse = z.object({ success: ok, canConsolidate: z.boolean(), potentialSavings: money, shipmentsCount: z.number() });
const consolidatedResponse = z.looseObject({ success: ok, shipmentsCount: z.number(), savings: money, pickupRequestNumber: z.string(), message: z.string() });
const trackResponse = z.looseObject({
  success: ok,
  status: z.string(),
  events: z.array(z.object({ status: z.string(), description: z.string(), occurredAt: z.string(), location: z.string().nullable().optional() })),
  message: z.string(),
});

// Every refusal is { error, code?, ... }: the schema lets the code through to the client.
const errors = { 400: shipmentErrorSchema, 401: shipmentErrorSchema, 403: shipmentErrorSchema, 404: shipmentErrorSchema };
const carrierErrors = { ...errors, 409: shipmentErrorSchema, 502: shipmentErrorSchema };

/** `/pickupDate` (or a missing property) → `pickupDate`, as the app's error handler names fields. */
function fieldOf(issue: { instancePath?: string; params?: unknown }): string {
  const path = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  const missing = (issue.params as { missingProperty?: unknown } | undefined)?.missingProperty;
  if (typeof missing === 'string') return path ? `${path}.${missing}` : missing;
  return path;
}

export const shipmentRoutes: FastifyPluginAsyncZod<{ shipments: ShipmentsService }> = async (app, { shipments }) => {
  const common = { tags: ['shipments'], security: [{ bearerAuth: [] }] };
  const sellerOnly = app.requireRole('seller');

  // Bad input is answered as everywhere in the API, plus code 'invalid_request' like the shipment
  // calls' other refusals; everything else goes on to the app's error handler.
  app.setErrorHandler((error) => {
    if (!hasZodFastifySchemaValidationErrors(error)) throw error;
    const issues = error.validation.map((issue) => ({ path: fieldOf(issue), message: issue.message ?? 'Invalid value' }));
    const first = issues[0];
    const summary = first ? (first.path ? `${first.path}: ${first.message}` : first.message) : 'Invalid request';
    throw new HttpError(400, `Invalid request — ${summary}`, { code: 'invalid_request', issues });
  });

  app.get(
    '/simulation-statuses',
    { preValidation: sellerOnly, schema: { ...common, summary: 'Tracking statuses the development-only simulation offers (404 in production)', response: { 200: statusesResponse, ...errors } } },
    async () => shipments.simulationStatuses(),
  );

  app.get(
    '/seller/:userId',
    {
      preValidation: sellerOnly,
      schema: {
        ...common,
        summary: "A page of the seller's shipments, newest first (optionally one order's, one status, or matching q), with stats over all of them; no label bytes",
        params: userParams,
        querystring: listQuery,
        response: { 200: listResponse, ...errors },
      },
    },
    async (request) => shipments.listSellerShipments(userOf(request).id, request.params.userId, request.query),
  );

  app.get(
    '/label/:shipmentId',
    {
      preValidation: sellerOnly,
      schema: {
        ...common,
        summary: "The shipment's label as a data URL (404 'No label URL available' before one is bought, 410 once the shipment is voided)",
        params: shipmentParams,
        response: { 200: labelResponse, ...errors, 410: shipmentErrorSchema },
      },
    },
    async (request) => shipments.label(userOf(request).id, request.params.shipmentId),
  );

  app.get(
    '/rate-quote/:orderId',
    {
      preValidation: sellerOnly,
      schema: {
        ...common,
        summary: "The rate of the UPS label Create Shipment would buy for the order's approved items (buys nothing)",
        params: orderParams,
        response: { 200: labelRateQuoteResponseSchema, ...carrierErrors },
      },
    },
    async (request) => shipments.quoteLabel(userOf(request).id, request.params.orderId),
  );

  app.get(
    '/pickup-quote/:shipmentId',
    {
      preValidation: sellerOnly,
      schema: {
        ...common,
        summary: "The charge of a pickup for a created shipment on the date asked, and each item's share of it (books nothing)",
        params: shipmentParams,
        querystring: pickupQuoteQuerySchema,
        response: { 200: pickupQuoteResponseSchema, ...carrierErrors },
      },
    },
    async (request) => shipments.quotePickup(userOf(request).id, request.params.shipmentId, request.query),
  );

  app.get(
    '/consolidated-pickup-quote/:userId/:orderId',
    {
      preValidation: sellerOnly,
      schema: {
        ...common,
        summary: "The charge of one pickup for all the order's created shipments without one, and each item's share of it (books nothing)",
        params: userOrderParams,
        querystring: pickupQuoteQuerySchema,
        response: { 200: pickupQuoteResponseSchema, ...carrierErrors },
      },
    },
    async (request) => shipments.quoteConsolidatedPickup(userOf(request).id, request.params.userId, request.params.orderId, request.query),
  );

  app.post(
    '/create/:orderId',
    {
      preValidation: sellerOnly,
      schema: { ...common, summary: "Creates the seller's shipment from the order's approved items (a repeat answers the existing one)", params: orderParams, response: { 200: createResponse, ...errors } },
    },
    async (request) => shipments.createShipments(userOf(request).id, request.params.orderId),
  );

  app.post(
    '/process-ups/:shipmentId',
    {
      preValidation: sellerOnly,
      schema: { ...common, summary: 'Buys the UPS label (once) and marks the items shipped', params: shipmentParams, response: { 200: processResponse, ...carrierErrors } },
    },
    async (request) => shipments.processLabel(userOf(request).id, request.params.shipmentId),
  );

  app.post(
    '/schedule-pickup/:shipmentId',
    {
      preValidation: sellerOnly,
      schema: { ...common, summary: 'Schedules a carrier pickup for a created shipment', params: shipmentParams, body: pickupBody, response: { 200: pickupResponse, ...carrierErrors } },
    },
    async (request) => shipments.schedulePickup(userOf(request).id, request.params.shipmentId, request.body),
  );

  app.delete(
    '/cancel-pickup/:id',
    { preValidation: sellerOnly, schema: { ...common, summary: "Cancels the shipment's scheduled pickup", params: pickupParams, response: { 200: messageResponse, ...carrierErrors } } },
    async (request) => shipments.cancelPickup(userOf(request).id, request.params.id),
  );

  app.get(
    '/consolidated-pickup-status/:userId/:orderId',
    { preValidation: sellerOnly, schema: { ...common, summary: "Whether the order's created shipments can share one pickup", params: userOrderParams, response: { 200: consolidationStatusResponse, ...errors } } },
    async (request) => shipments.consolidatedPickupStatus(userOf(request).id, request.params.userId, request.params.orderId),
  );

  app.post(
    '/schedule-consolidated-pickup/:userId/:orderId',
    {
      preValidation: sellerOnly,
      schema: { ...common, summary: "One pickup for all the order's created shipments without one", params: userOrderParams, body: pickupBody, response: { 200: consolidatedResponse, ...carrierErrors } },
    },
    async (request) => shipments.scheduleConsolidatedPickup(userOf(request).id, request.params.userId, request.params.orderId, request.body),
  );

  app.delete(
    '/void/:shipmentId',
    {
      preValidation: sellerOnly,
      schema: { ...common, summary: 'Voids the label (within 24 hours, before pickup); the items return to approved', params: shipmentParams, response: { 200: messageResponse, ...carrierErrors } },
    },
    async (request) => shipments.voidShipment(userOf(request).id, request.params.shipmentId),
  );

  app.put(
    '/track/:shipmentId',
    {
      preValidation: sellerOnly,
      schema: { ...common, summary: 'Refreshes tracking (or, outside production, simulates a status)', params: shipmentParams, body: trackBody, response: { 200: trackResponse, ...carrierErrors } },
    },
    async (request) => shipments.track(userOf(request).id, request.params.shipmentId, request.body?.simulateStatus),
  );
};
