import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@marketplace/contracts/common';
import { earningsCsvQuerySchema, earningsQuerySchema, earningsResponseSchema } from '@marketplace/contracts/earnings';
import { userOf } from '../../plugins/authentication';
import { only } from '../../plugins/route-access';
import type { EarningsService } from './earnings.service';

// /api/seller/earnings and its CSV (docs/product/payouts.md, "Earnings page"): a seller's own items only,
// read by the id in their token; there is no way to name another seller.

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

export const sellerEarningsRoutes: FastifyPluginAsyncZod<{ earnings: EarningsService }> = async (app, { earnings }) => {
  const common = { tags: ['payouts'], security: [{ bearerAuth: [] }] };

  app.get(
    '/earnings',
    {
      config: { access: only('seller') },
      schema: {
        ...common,
        summary: 'The seller’s sold items with their payouts laid out and where each stands, and this and last month’s totals',
        querystring: earningsQuerySchema,
        response: { 200: earningsResponseSchema, ...errors },
      },
    },
    async (request) => earnings.listEarnings(userOf(request).id, request.query),
  );

  app.get(
    '/earnings.csv',
    {
      config: { access: only('seller') },
      schema: {
        ...common,
        summary: 'The same rows as a CSV file (every page, the newest 10,000 at most)',
        querystring: earningsCsvQuerySchema,
        produces: ['text/csv'],
        response: errors,
      },
    },
    async (request, reply) => {
      const { csv, truncated, fileName } = await earnings.earningsCsv(userOf(request).id, request.query);
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="${fileName}"`)
          .header('Cache-Control', 'private, no-store')
          .header('X-Earnings-Truncated', truncated ? 'true' : 'false')
          // Text skips the JSON serializer; the typed reply only knows the JSON answers.
          .send(Buffer.from(csv, 'utf8') as never)
      );
    },
  );
};
