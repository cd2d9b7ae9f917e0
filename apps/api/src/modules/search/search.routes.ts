import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@marketplace/contracts/common';
import { aiSearchQuerySchema, aiSearchResponseSchema } from '@marketplace/contracts/search';
import { PUBLIC } from '../../plugins/route-access';
import { MINUTE, perClient } from '../../security/rate-limits';
import type { SearchService } from './search.service';

/** AI search: public, like the catalogue it searches. Registered under `/api/search`. */
export const searchRoutes: FastifyPluginAsyncZod<{ search: SearchService }> = async (app, { search }) => {
  app.get(
    '/ai',
    {
      // Its page asks once at each load (60 loads a minute), and a new question a second besides (docs/product/limits-abuse.md).
      config: { access: PUBLIC, requestLimit: perClient(120, MINUTE) },
      schema: {
        tags: ['search'],
        summary: 'Search active listings in plain language: the query is read into removable filters, then ranked',
        querystring: aiSearchQuerySchema,
        response: { 200: aiSearchResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) => search.searchByDescription(request.query),
  );
};
