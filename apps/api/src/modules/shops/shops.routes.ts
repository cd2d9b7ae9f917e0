import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@marketplace/contracts/common';
import { shopParamsSchema, shopResponseSchema } from '@marketplace/contracts/shops';
import { publicAnswering } from '../../plugins/route-access';
import { SEARCH } from '../../security/rate-limits';
import type { ShopsService } from './shops.service';

/** A seller's public shop page (docs/product/shops.md). Registered under `/api/shops`. */
export const shopRoutes: FastifyPluginAsyncZod<{ shops: ShopsService }> = async (app, { shops }) => {
  app.get(
    '/:sellerId',
    {
      config: { access: publicAnswering(404, 'the placeholder id is no seller'), requestLimit: SEARCH },
      schema: {
        tags: ['catalog'],
        summary: "A seller's shop: name, rating, member since, ships from, handling time, return policy and live listing count",
        params: shopParamsSchema,
        response: { 200: shopResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => shops.getShop(request.params.sellerId),
  );
};
