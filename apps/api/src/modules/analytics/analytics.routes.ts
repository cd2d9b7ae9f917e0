import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  analyticsDatasetQuerySchema,
  analyticsSummaryQuerySchema,
  analyticsSummaryResponseSchema,
  ordersByStatusResponseSchema,
  salesOverTimeResponseSchema,
  topProductsResponseSchema,
} from '@marketplace/contracts/analytics';
import { errorResponseSchema } from '@marketplace/contracts/common';
import { userOf } from '../../plugins/authentication';
import { only } from '../../plugins/route-access';
import type { AnalyticsService, AnalyticsViewer } from './analytics.service';

// docs/product/analytics.md: the dashboard's three datasets and its summary, under /api/analytics.
// Admins see every seller; a seller sees only their own items (buyers get 403).

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

export const analyticsRoutes: FastifyPluginAsyncZod<{ analytics: AnalyticsService }> = async (app, { analytics }) => {
  const common = { tags: ['analytics'], security: [{ bearerAuth: [] }] };
  // The routes let only admins and sellers through (their `access`).
  const viewerOf = (request: Parameters<typeof userOf>[0]): AnalyticsViewer => {
    const user = userOf(request);
    return { id: user.id, role: user.role === 'admin' ? 'admin' : 'seller' };
  };

  app.get(
    '/sales-over-time',
    {
      config: { access: only('seller', 'admin') },
      schema: {
        ...common,
        summary: 'Revenue and orders per day over a 30-day window (page 1 = the latest 30 days)',
        querystring: analyticsDatasetQuerySchema,
        response: { 200: salesOverTimeResponseSchema, ...errors },
      },
    },
    async (request) => analytics.salesOverTime(viewerOf(request), request.query),
  );

  app.get(
    '/top-products',
    {
      config: { access: only('seller', 'admin') },
      schema: {
        ...common,
        summary: 'Products by revenue, 10 per page',
        querystring: analyticsDatasetQuerySchema,
        response: { 200: topProductsResponseSchema, ...errors },
      },
    },
    async (request) => analytics.topProducts(viewerOf(request), request.query),
  );

  app.get(
    '/orders-by-status',
    {
      config: { access: only('seller', 'admin') },
      schema: {
        ...common,
        summary: 'Order items per status',
        querystring: analyticsDatasetQuerySchema,
        response: { 200: ordersByStatusResponseSchema, ...errors },
      },
    },
    async (request) => analytics.ordersByStatus(viewerOf(request), request.query),
  );

  app.get(
    '/summary',
    {
      config: { access: only('seller', 'admin') },
      schema: {
        ...common,
        summary: 'Revenue, orders, items sold and average order value for the last `days` days, with the change against the days before',
        querystring: analyticsSummaryQuerySchema,
        response: { 200: analyticsSummaryResponseSchema, ...errors },
      },
    },
    async (request) => analytics.summary(viewerOf(request), request.query),
  );
};
