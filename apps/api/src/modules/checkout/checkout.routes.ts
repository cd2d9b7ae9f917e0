import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@marketplace/contracts/common';
import { destinationQuerySchema } from '@marketplace/contracts/delivery';
import {
  CHECKOUT_MESSAGES,
  IDEMPOTENCY_KEY_HEADER,
  checkoutConfigResponseSchema,
  checkoutRequiresActionSchema,
  sandboxAuthenticationRequestSchema,
  checkoutConflictSchema,
  checkoutHeadersSchema,
  checkoutRequestSchema,
  checkoutResponseSchema,
  checkoutSummaryResponseSchema,
  checkoutTotalChangedSchema,
} from '@marketplace/contracts/orders';
import { userOf } from '../../plugins/authentication';
import { SIGNED_IN } from '../../plugins/route-access';
import { MINUTE, perClient } from '../../security/rate-limits';
import type { CheckoutService } from './checkout.service';

// The out-of-stock answer carries its code like every refusal; the shared schema lists only its `items`.

/** Registered under /api: /checkout/config, /checkout/summary and POST /orders/checkout (the fixed call). */
export const checkoutRoutes: FastifyPluginAsyncZod<{ checkout: CheckoutService }> = async (app, { checkout }) => {
  const common = { tags: ['checkout'], security: [{ bearerAuth: [] }] };

  app.get(
    '/checkout/config',
    {
      config: { access: SIGNED_IN },
      schema: { ...common, summary: 'Which payment provider takes the card', response: { 200: checkoutConfigResponseSchema, 401: errorResponseSchema } },
    },
    async () => checkout.getConfig(),
  );

  app.get(
    '/checkout/summary',
    {
      config: { access: SIGNED_IN },
      schema: {
        ...common,
        summary:
          "The cart priced now: totals, each shop's shipping and delivery dates to postal_code (or one of your addresses, addressId), and what changed since the lines were added",
        querystring: destinationQuerySchema,
        response: { 200: checkoutSummaryResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => checkout.getSummary(userOf(request), request.query),
  );

  app.post(
    '/orders/checkout',
    {
      // Card testing tries many cards in a row.
      config: { access: SIGNED_IN, requestLimit: perClient(20, 10 * MINUTE) },
      schema: {
        ...common,
        summary: 'Place the order for the cart and pay (Idempotency-Key header required)',
        headers: checkoutHeadersSchema,
        body: checkoutRequestSchema,
        response: {
          200: checkoutResponseSchema,
          201: checkoutResponseSchema,
          202: checkoutRequiresActionSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          402: errorResponseSchema.loose(),
          409: checkoutTotalChangedSchema.or(checkoutConflictSchema).or(errorResponseSchema),
          422: errorResponseSchema,
          502: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const key = request.headers[IDEMPOTENCY_KEY_HEADER] as string;
      const outcome = await checkout.placeOrder(userOf(request), key.trim(), request.body);
      if (outcome.kind === 'requires_action') {
        const { paymentId, clientSecret } = outcome;
        return reply.code(202).send({ success: false, requiresAction: true, paymentId, clientSecret, message: CHECKOUT_MESSAGES.requiresAction });
      }
      return reply.code(outcome.created ? 201 : 200).send({ success: true, orderId: outcome.orderId });
    },
  );

  // The sandbox's stand-in for the bank's 3-D Secure page; the client secret is the credential, as with Stripe.
  app.post(
    '/checkout/sandbox-authentication',
    {
      config: { access: SIGNED_IN },
      schema: {
        ...common,
        summary: 'Sandbox only: complete or fail the card authentication step of a checkout (404 with Stripe)',
        body: sandboxAuthenticationRequestSchema,
        response: { 200: z.object({ success: z.literal(true) }), 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      await checkout.authenticateInSandbox(request.body.clientSecret, request.body.outcome);
      return { success: true as const };
    },
  );
};
