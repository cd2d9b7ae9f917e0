import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminProductPageSchema,
  adminProductsQuerySchema,
  productPageSchema,
  productSearchQuerySchema,
  sellerProductPageSchema,
  sellerProductsQuerySchema,
} from '@marketplace/contracts/catalog';
import { errorResponseSchema } from '@marketplace/contracts/common';
import { userOf } from '../../plugins/authentication';
import { only, PUBLIC } from '../../plugins/route-access';
import { SEARCH } from '../../security/rate-limits';
import type { CatalogueSearchService } from './catalogue-search.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const bearer = [{ bearerAuth: [] }];

/**
 * The catalogue's lists of listings: the public search and browse, the seller's own listings and the
 * admin's catalogue. Registered under `/api`, beside the catalog module's listing routes.
 */
export const catalogueSearchRoutes: FastifyPluginAsyncZod<{ catalogueSearch: CatalogueSearchService }> = async (app, { catalogueSearch }) => {
  // ── public ──
  app.get(
    '/products',
    {
      config: { access: PUBLIC, requestLimit: SEARCH },
      schema: {
        tags: ['catalog'],
        summary: 'Search active listings (typo-tolerant), filter by category, price and seller (their shop), sort and page',
        querystring: productSearchQuerySchema,
        response: { 200: productPageSchema, 400: errorResponseSchema },
      },
    },
    async (request) => catalogueSearch.searchProducts(request.query),
  );

  // ── seller ──
  app.get(
    '/seller/products',
    {
      config: { access: only('seller') },
      schema: {
        tags: ['catalog'],
        summary: 'Your listings, with a low-stock flag and whether each is a draft',
        security: bearer,
        querystring: sellerProductsQuerySchema,
        response: { 200: sellerProductPageSchema, ...errors },
      },
    },
    async (request) => catalogueSearch.listSellerProducts(userOf(request), request.query),
  );

  // ── admin ──
  app.get(
    '/admin/products',
    {
      config: { access: only('admin') },
      schema: {
        tags: ['admin'],
        summary: 'Every listing, active and hidden, and whether each is a draft',
        security: bearer,
        querystring: adminProductsQuerySchema,
        response: { 200: adminProductPageSchema, ...errors },
      },
    },
    async (request) => catalogueSearch.listAdminProducts(request.query),
  );
};
