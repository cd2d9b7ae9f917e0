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
  orderBooksParamsSchema,
  orderBooksResponseSchema,
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
import { only, PUBLIC, publicAnswering } from '../../plugins/route-access';
import { MINUTE, perAddress } from '../../security/rate-limits';
import type { ConnectAccountsService } from './connect-accounts.service';
import type { OrderBooksService } from './order-books.service';
import {
  accountCheckAnswer,
  paginationOf,
  payoutAnswer,
  payoutStatsAnswer,
  pickupChargeAnswer,
  quickStatsAnswer,
  sellerEntryAnswer,
  shippedOrderItemAnswer,
} from './payout-answers';
import { PAYOUT_MESSAGES } from './payout-messages';
import type { PayoutReportsService } from './payout-reports.service';
import type { PayoutsService } from './payouts.service';
import type { StripeWebhooksService } from './stripe-webhooks.service';

// The seller's Stripe account and the admin's payouts (docs/product/payouts.md, docs/product/api.md).
// Sellers reach only their own account (another seller's account id is a 404); the admin calls need an
// admin token, including the shipped-orders list, which the web client's first design called without
// one (a deliberate, safer difference). The services answer in cents and records; these routes shape
// the answers (payout-answers.ts).

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const providerErrors = { ...errors, 409: errorResponseSchema, 502: errorResponseSchema };

/** /api/stripe-connect/... */
export const stripeConnectRoutes: FastifyPluginAsyncZod<{
  accounts: ConnectAccountsService;
  payouts: PayoutsService;
  reports: PayoutReportsService;
  webhooks: StripeWebhooksService;
}> = async (app, { accounts, payouts, reports, webhooks }) => {
  const seller = { tags: ['payouts'], security: [{ bearerAuth: [] }] };

  app.get(
    '/check-account',
    {
      config: { access: only('seller') },
      schema: { ...seller, summary: "The seller's payment account, if any", response: { 200: checkAccountResponseSchema, ...errors } },
    },
    async (request) => accountCheckAnswer(await accounts.accountOf(userOf(request).id)),
  );

  app.post(
    '/create-express-account',
    {
      config: { access: only('seller') },
      schema: {
        ...seller,
        summary: 'Creates the seller’s Express account (once) and an onboarding link',
        body: createExpressAccountBodySchema,
        response: { 200: createExpressAccountResponseSchema, ...providerErrors },
      },
    },
    async (request) => {
      const user = userOf(request);
      const { account, onboardingUrl } = await accounts.createExpressAccount({ id: user.id, email: user.email }, request.publicOrigin);
      return { success: true as const, accountId: account.accountId, onboardingUrl, status: account.status, message: PAYOUT_MESSAGES.created };
    },
  );

  app.post(
    '/create-onboarding-link',
    {
      config: { access: only('seller') },
      schema: {
        ...seller,
        summary: 'A fresh onboarding link for the seller’s own account',
        body: createOnboardingLinkBodySchema,
        response: { 200: onboardingLinkResponseSchema, ...providerErrors },
      },
    },
    async (request) => ({ success: true as const, ...(await accounts.createOnboardingLink(userOf(request).id, request.body.accountId, request.publicOrigin)) }),
  );

  app.get(
    '/account-status/:accountId',
    {
      config: { access: only('seller') },
      schema: {
        ...seller,
        summary: 'Re-reads the account from the provider',
        params: accountStatusParamsSchema,
        response: { 200: accountStatusResponseSchema, ...providerErrors },
      },
    },
    async (request) => {
      const { account, provider } = await accounts.refreshAccount(userOf(request).id, request.params.accountId);
      return {
        success: true as const,
        status: account.status,
        accountId: account.accountId,
        detailsSubmitted: provider.detailsSubmitted,
        payoutsEnabled: provider.payoutsEnabled,
        requirements: provider.requirementsDue,
      };
    },
  );

  app.get(
    '/create-stripe-dashboard-link',
    {
      config: { access: only('seller') },
      schema: {
        ...seller,
        summary: 'A login link to the provider’s Express dashboard (complete accounts only)',
        response: { 200: dashboardLinkResponseSchema, ...providerErrors },
      },
    },
    async (request) => ({ success: true as const, loginUrl: (await accounts.dashboardLink(userOf(request).id)).url }),
  );

  const admin = { tags: ['payouts'], security: [{ bearerAuth: [] }] };
  app.get(
    '/admin/payouts',
    {
      config: { access: only('admin') },
      schema: {
        ...admin,
        summary: 'Payout history, newest first',
        querystring: adminPayoutsQuerySchema,
        response: { 200: adminPayoutsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { rows, totalItems } = await reports.listPayouts(request.query);
      return { success: true as const, data: { payouts: rows.map(payoutAnswer), pagination: paginationOf(page, limit, totalItems) } };
    },
  );

  app.get(
    '/pickup-charges/:orderItemId',
    {
      config: { access: only('admin') },
      schema: {
        ...admin,
        summary: 'The pickup charge info of an order item, with its allocation',
        params: orderItemParamsSchema,
        response: { 200: pickupChargeResponseSchema, ...errors },
      },
    },
    async (request) => ({ success: true as const, ...pickupChargeAnswer(await payouts.pickupChargeOf(request.params.orderItemId)) }),
  );

  app.post(
    '/payout',
    {
      config: { access: only('admin') },
      schema: {
        ...admin,
        summary: 'Pays the seller of a shipped item once; the server computes the amount',
        body: createPayoutBodySchema,
        response: { 200: createPayoutResponseSchema, ...providerErrors },
      },
    },
    async (request) => {
      const payout = await payouts.createPayout(userOf(request).id, request.body.orderItemId);
      return { success: true as const, message: payout.netCents > 0 ? PAYOUT_MESSAGES.paid : PAYOUT_MESSAGES.nothingToTransfer, payout: payoutAnswer(payout) };
    },
  );

  // The provider's webhooks: the signature covers the exact bytes, so this route reads the raw body.
  await app.register(async (rawBodyScope) => {
    rawBodyScope.removeAllContentTypeParsers();
    rawBodyScope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    rawBodyScope.post(
      '/webhook',
      {
        // Checked by its signature. Stripe's deliveries come from a few addresses and must not be refused in a burst.
        config: { access: publicAnswering(400, 'no valid signature'), requestLimit: perAddress(6000, MINUTE) },
        schema: {
          tags: ['payouts'],
          summary: 'Stripe webhooks, platform and Connect (signed with either secret); each event is handled once, an event of the other mode is ignored',
          response: {
            200: z.object({ received: z.literal(true), duplicate: z.boolean(), ignored: z.literal('livemode_mismatch').optional() }),
            400: errorResponseSchema,
          },
        },
      },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        const answer = await webhooks.handleWebhook(
          Buffer.isBuffer(request.body) ? request.body : Buffer.from(''),
          typeof signature === 'string' ? signature : undefined,
        );
        return { received: true as const, ...answer };
      },
    );
  });
};

/** /api/user/sellers, /api/admin/payoutStats/..., /api/orders/get-all-shipped-orders (admin). */
export const payoutAdminRoutes: FastifyPluginAsyncZod<{ reports: PayoutReportsService; books: OrderBooksService }> = async (app, { reports, books }) => {
  const common = { tags: ['payouts'], security: [{ bearerAuth: [] }] };

  app.get(
    '/admin/orders/:orderId/books',
    {
      config: { access: only('admin') },
      schema: {
        ...common,
        summary: 'Where every cent of an order went, shop by shop: payouts, shipping credited, labels charged, the platform, refunds',
        params: orderBooksParamsSchema,
        response: { 200: orderBooksResponseSchema, ...errors },
      },
    },
    async (request) => books.booksOf(request.params.orderId),
  );

  app.get(
    '/user/sellers',
    {
      config: { access: only('admin') },
      schema: { ...common, summary: 'Every seller, for the payout filters', response: { 200: sellersResponseSchema, ...errors } },
    },
    async () => ({ success: true as const, sellers: (await reports.listSellers()).map(sellerEntryAnswer) }),
  );

  app.get(
    '/admin/payoutStats/stats',
    {
      config: { access: only('admin') },
      schema: {
        ...common,
        summary: 'Payout analytics over 7, 30, 90 or 365 days',
        querystring: payoutStatsQuerySchema,
        response: { 200: payoutStatsResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: payoutStatsAnswer(await reports.payoutStats({ dateRange: request.query.dateRange, sellerId: request.query.sellerId })),
    }),
  );

  app.get(
    '/admin/payoutStats/quick-stats',
    {
      config: { access: only('admin') },
      schema: {
        ...common,
        summary: 'This month, last month and active sellers',
        querystring: quickStatsQuerySchema,
        response: { 200: quickStatsResponseSchema, ...errors },
      },
    },
    async (request) => ({ success: true as const, data: quickStatsAnswer(await reports.quickStats(request.query)) }),
  );

  app.get(
    '/orders/get-all-shipped-orders',
    {
      config: { access: only('admin') },
      schema: {
        ...common,
        summary: 'Shipped and delivered order items with their payout state',
        querystring: shippedOrdersQuerySchema,
        response: { 200: shippedOrdersResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { rows, totalItems } = await reports.shippedOrders(request.query);
      return {
        success: true as const,
        message: totalItems === 0 ? 'No shipped orders yet' : `${totalItems} shipped order items`,
        data: { orderItems: rows.map(shippedOrderItemAnswer), pagination: paginationOf(page, limit, totalItems) },
      };
    },
  );
};

/** /api/sandbox/connect/...: the embedded provider's own onboarding and dashboard pages (no login; the link token is the credential). */
export const sandboxConnectRoutes: FastifyPluginAsyncZod<{ sandbox: SandboxConnectProvider }> = async (app, { sandbox }) => {
  const params = z.object({ token: z.string().min(16).max(200) });
  const common = { tags: ['sandbox'] };
  const linkErrors = { 400: errorResponseSchema, 404: errorResponseSchema, 410: errorResponseSchema };

  app.get(
    '/links/:token',
    {
      config: { access: PUBLIC },
      schema: { ...common, summary: 'What a sandbox onboarding or dashboard link shows', params, response: { 200: sandboxLinkResponseSchema, ...linkErrors } },
    },
    async (request) => sandbox.describeLink(request.params.token),
  );

  app.post(
    '/links/:token/complete',
    {
      config: { access: PUBLIC },
      schema: {
        ...common,
        summary: 'Submits the sandbox onboarding form',
        params,
        body: sandboxOnboardingBodySchema,
        response: { 200: sandboxOnboardingResponseSchema, ...linkErrors },
      },
    },
    async (request) => ({ success: true as const, ...(await sandbox.completeOnboarding(request.params.token, request.body)) }),
  );
};
