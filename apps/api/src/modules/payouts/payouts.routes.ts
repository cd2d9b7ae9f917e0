import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@marketplace/contracts/common';
import {
  accountStatusParamsSchema,
  accountStatusResponseSchema,
  adminPayoutsQuerySchema,
  adminPayoutsResponseSchema,
  checkAccountResponseSchema,
  createExpressAccountBodySchema,
  createExpressAccountResponseSchema,
  createOnboardingLinkBodySchema,
  createPayoutBodySchema,
  createPayoutResponseSchema,
  dashboardLinkResponseSchema,
  onboardingLinkResponseSchema,
  orderItemParamsSchema,
  payoutStatsQuerySchema,
  payoutStatsResponseSchema,
  pickupChargeResponseSchema,
  quickStatsQuerySchema,
  quickStatsResponseSchema,
  sandboxLinkResponseSchema,
  sandboxOnboardingBodySchema,
  sandboxOnboardingResponseSchema,
  sellersResponseSchema,
  shippedOrdersQuerySchema,
  shippedOrdersResponseSchema,
} from '@marketplace/contracts/payouts';
import { userOf } from '../../plugins/authentication';
import type { SandboxConnectProvider } from '../../providers/payment/connect-sandbox';
import type { PayoutsService } from './payouts.service';

// SPEC §7.1 and §7.3 with {provider} = stripe. Sellers reach only their own account (another seller's
// account id is a 404); the admin calls need an admin token, including the shipped-orders list, which
// the spec's client calls without one (issue #5: a deliberate, safer difference).

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const providerErrors = { ...errors, 409: errorResponseSchema, 502: errorResponseSchema };

/** /api/stripe-connect/... */
export const stripeConnectRoutes: FastifyPluginAsyncZod<{ payouts: PayoutsService }> = async (app, { payouts }) => {
  const seller = { tags: ['payouts'], security: [{ bearerAuth: [] }] };
  const sellerOnly = app.requireRole('seller');
  const adminOnly = app.requireRole('admin');

  app.get(
    '/check-account',
    { preValidation: sellerOnly, schema: { ...seller, summary: "The seller's payment account, if any", response: { 200: checkAccountResponseSchema, ...errors } } },
    async (request) => payouts.checkAccount(userOf(request).id),
  );

  app.post(
    '/create-express-account',
    {
      preValidation: sellerOnly,
      schema: { ...seller, summary: 'Creates the seller’s Express account (once) and an onboarding link', body: createExpressAccountBodySchema, response: { 200: createExpressAccountResponseSchema, ...providerErrors } },
    },
    async (request) => {
      const user = userOf(request);
      return payouts.createExpressAccount({ id: user.id, email: user.email }, request.publicOrigin);
    },
  );

  app.post(
    '/create-onboarding-link',
    { preValidation: sellerOnly, schema: { ...seller, summary: 'A fresh onboarding link for the seller’s own account', body: createOnboardingLinkBodySchema, response: { 200: onboardingLinkResponseSchema, ...providerErrors } } },
    async (request) => payouts.createOnboardingLink(userOf(request).id, request.body.accountId, request.publicOrigin),
  );

  app.get(
    '/account-status/:accountId',
    { preValidation: sellerOnly, schema: { ...seller, summary: 'Re-reads the account from the provider', params: accountStatusParamsSchema, response: { 200: accountStatusResponseSchema, ...providerErrors } } },
    async (request) => payouts.accountStatus(userOf(request).id, request.params.accountId),
  );

  app.get(
    '/create-stripe-dashboard-link',
    { preValidation: sellerOnly, schema: { ...seller, summary: 'A login link to the provider’s Express dashboard (complete accounts only)', response: { 200: dashboardLinkResponseSchema, ...providerErrors } } },
    async (request) => payouts.dashboardLink(userOf(request).id),
  );

  const admin = { tags: ['payouts'], security: [{ bearerAuth: [] }] };
  app.get(
    '/admin/payouts',
    { preValidation: adminOnly, schema: { ...admin, summary: 'Payout history, newest first', querystring: adminPayoutsQuerySchema, response: { 200: adminPayoutsResponseSchema, ...errors } } },
    async (request) => payouts.listPayouts(request.query),
  );

  app.get(
    '/pickup-charges/:orderItemId',
    { preValidation: adminOnly, schema: { ...admin, summary: 'The pickup charge info of an order item (SPEC §3), with its allocation', params: orderItemParamsSchema, response: { 200: pickupChargeResponseSchema, ...errors } } },
    async (request) => payouts.pickupCharges(request.params.orderItemId),
  );

  app.post(
    '/payout',
    {
      preValidation: adminOnly,
      schema: { ...admin, summary: 'Pays the seller of a shipped item once; the server computes the amount', body: createPayoutBodySchema, response: { 200: createPayoutResponseSchema, ...providerErrors } },
    },
    async (request) => payouts.createPayout(userOf(request).id, request.body.orderItemId),
  );

  // The provider's webhooks: the signature covers the exact bytes, so this route reads the raw body.
  await app.register(async (webhooks) => {
    webhooks.removeAllContentTypeParsers();
    webhooks.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    webhooks.post(
      '/webhook',
      { schema: { tags: ['payouts'], summary: 'Stripe webhooks (signed); each event is handled once', response: { 200: z.object({ received: z.literal(true), duplicate: z.boolean() }), 400: errorResponseSchema } } },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        return payouts.handleWebhook(Buffer.isBuffer(request.body) ? request.body : Buffer.from(''), typeof signature === 'string' ? signature : undefined);
      },
    );
  });
};

/** /api/user/sellers, /api/admin/payoutStats/..., /api/orders/get-all-shipped-orders (admin). */
export const payoutAdminRoutes: FastifyPluginAsyncZod<{ payouts: PayoutsService }> = async (app, { payouts }) => {
  const common = { tags: ['payouts'], security: [{ bearerAuth: [] }] };
  const adminOnly = app.requireRole('admin');

  app.get('/user/sellers', { preValidation: adminOnly, schema: { ...common, summary: 'Every seller, for the payout filters', response: { 200: sellersResponseSchema, ...errors } } }, async () => payouts.listSellers());

  app.get(
    '/admin/payoutStats/stats',
    { preValidation: adminOnly, schema: { ...common, summary: 'Payout analytics over 7, 30, 90 or 365 days', querystring: payoutStatsQuerySchema, response: { 200: payoutStatsResponseSchema, ...errors } } },
    async (request) => payouts.payoutStats({ dateRange: request.query.dateRange, sellerId: request.query.sellerId }),
  );

  app.get(
    '/admin/payoutStats/quick-stats',
    { preValidation: adminOnly, schema: { ...common, summary: 'This month, last month and active sellers', querystring: quickStatsQuerySchema, response: { 200: quickStatsResponseSchema, ...errors } } },
    async (request) => payouts.quickStats(request.query),
  );

  app.get(
    '/orders/get-all-shipped-orders',
    { preValidation: adminOnly, schema: { ...common, summary: 'Shipped and delivered order items with their payout state', querystring: shippedOrdersQuerySchema, response: { 200: shippedOrdersResponseSchema, ...errors } } },
    async (request) => payouts.shippedOrders(request.query),
  );
};

/** /api/sandbox/connect/...: the embedded provider's own onboarding and dashboard pages (no login; the link token is the credential). */
export const sandboxConnectRoutes: FastifyPluginAsyncZod<{ sandbox: SandboxConnectProvider }> = async (app, { sandbox }) => {
  const params = z.object({ token: z.string().min(16).max(200) });
  const common = { tags: ['sandbox'] };
  const linkErrors = { 400: errorResponseSchema, 404: errorResponseSchema, 410: errorResponseSchema };

  app.get(
    '/links/:token',
    { schema: { ...common, summary: 'What a sandbox onboarding or dashboard link shows', params, response: { 200: sandboxLinkResponseSchema, ...linkErrors } } },
    async (request) => sandbox.describeLink(request.params.token),
  );

  app.post(
    '/links/:token/complete',
    { schema: { ...common, summary: 'Submits the sandbox onboarding form', params, body: sandboxOnboardingBodySchema, response: { 200: sandboxOnboardingResponseSchema, ...linkErrors } } },
    async (request) => ({ success: true as const, ...(await sandbox.completeOnboarding(request.params.token, request.body)) }),
  );
};
