import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@marketplace/contracts/common';
import {
  IDEMPOTENCY_KEY_HEADER,
  checkoutConfigResponseSchema,
  checkoutConflictSchema,
  checkoutHeadersSchema,
  checkoutRequestSchema,
  checkoutResponseSchema,
  checkoutSummaryResponseSchema,
} from '@marketplace/contracts/orders';
import { userOf } from '../../plugins/authentication';
import type { CheckoutService } from './checkout.service';

// The out-of-stock answer carries its code like every refusal; the shared schema lists only its `items`.

/** Registered under /api: /checkout/config, /checkout/summary and POST /orders/checkout (the fixed call). */
export const checkoutRoutes: FastifyPluginAsyncZod<{ checkout: CheckoutService }> = async (app, { checkout }) => {
  const common = { tags: ['checkout'], security: [{ bearerAuth: [] }] };

  app.get(
    '/checkout/config',
    {
      preValidation: app.authenticate,
      schema: { ...common, summary: 'Which payment provider takes the card', response: { 200: checkoutConfigResponseSchema, 401: errorResponseSchema } },
    },
    async () => checkout.getConfig(),
  );

  app.get(
    '/checkout/summary',
    {
      preValidation: app.authenticate,
      schema: {
        ...common,
        summary: 'The cart priced now: totals, shipping, and what changed since the lines were added',
        response: { 200: checkoutSummaryResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => checkout.getSummary(userOf(request).id),
  );

  app.post(
    '/orders/checkout',
    {
      preValidation: app.authenticate,
      schema: {
        ...common,
        summary: 'Place the order for the cart and pay (Idempotency-Key header required)',
        headers: checkoutHeadersSchema,
        body: checkoutRequestSchema,
        response: {
          200: checkoutResponseSchema,
          201: checkoutResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          402: errorResponseSchema.loose(),
          409: checkoutConflictSchema.or(errorResponseSchema),
          502: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const key = request.headers[IDEMPOTENCY_KEY_HEADER] as string;
      const { orderId, created } = await checkout.placeOrder(userOf(request), key.trim(), request.body);
      return reply.code(created ? 201 : 200).send({ success: true, orderId });
    },
  );
};
