import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminProductDetailSchema,
  adminUpdateProductRequestSchema,
  commissionCategoryParamsSchema,
  commissionListResponseSchema,
  commissionUpdateResponseSchema,
  createProductRequestSchema,
  productDetailForViewerSchema,
  productIdParamsSchema,
  sellerProductDetailSchema,
  updateCommissionRequestSchema,
  updateInventoryRequestSchema,
  updateProductRequestSchema,
} from '@marketplace/contracts/catalog';
import { errorResponseSchema } from '@marketplace/contracts/common';
import { userOf, viewerOf } from '../../plugins/authentication';
import { only, PUBLIC } from '../../plugins/route-access';
import type { ProductsService } from './products.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const bearer = [{ bearerAuth: [] }];

/**
 * Listings: the public product page, the seller's listings and stock, and the admin's hiding and
 * commission rates. Registered under `/api`. The lists of listings (the public search, the seller's and
 * the admin's) are the search module's (catalogue-search.routes.ts).
 */
export const productRoutes: FastifyPluginAsyncZod<{ products: ProductsService }> = async (app, { products }) => {
  // ── public ──
  app.get(
    '/products/:id',
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['catalog'],
        summary: 'One listing with its photos; hidden listings, and whether it is a draft (isDraft), only for their seller and admins',
        params: productIdParamsSchema,
        response: { 200: productDetailForViewerSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => products.getProduct(request.params.id, await viewerOf(app, request)),
  );

  // ── seller ──
  app.post(
    '/products',
    {
      config: { access: only('seller') },
      schema: {
        tags: ['catalog'],
        summary: 'Create a listing: a draft (hidden) until its first photo (409 listing_limit past the cap)',
        security: bearer,
        body: createProductRequestSchema,
        response: { 201: sellerProductDetailSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await products.createProduct(userOf(request), request.body)),
  );

  app.put(
    '/products/:id',
    {
      config: { access: only('seller') },
      schema: {
        tags: ['catalog'],
        summary: 'Edit one of your listings (every field optional)',
        security: bearer,
        params: productIdParamsSchema,
        body: updateProductRequestSchema,
        response: { 200: sellerProductDetailSchema, ...errors },
      },
    },
    async (request) => products.updateProduct(userOf(request), request.params.id, request.body),
  );

  app.patch(
    '/seller/products/:id/inventory',
    {
      config: { access: only('seller') },
      schema: {
        tags: ['catalog'],
        summary: 'Set the stock ({ quantity }) or add to it ({ restock })',
        security: bearer,
        params: productIdParamsSchema,
        body: updateInventoryRequestSchema,
        response: { 200: sellerProductDetailSchema, ...errors },
      },
    },
    async (request) => products.updateInventory(userOf(request), request.params.id, request.body),
  );

  // ── admin ──
  app.patch(
    '/admin/products/:id',
    {
      config: { access: only('admin') },
      schema: {
        tags: ['admin'],
        summary: 'Hide or restore a listing (one without a photo cannot go live: 409 photo_required)',
        security: bearer,
        params: productIdParamsSchema,
        body: adminUpdateProductRequestSchema,
        response: { 200: adminProductDetailSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request) => products.setProductStatus(request.params.id, request.body.status),
  );

  app.get(
    '/admin/commission',
    {
      config: { access: only('admin') },
      schema: {
        tags: ['admin'],
        summary: 'Commission rate per category, in percent',
        security: bearer,
        response: { 200: commissionListResponseSchema, ...errors },
      },
    },
    async () => ({ success: true as const, data: await products.listCommissionRates() }),
  );

  app.put(
    '/admin/commission/:categorySlug',
    {
      config: { access: only('admin') },
      schema: {
        tags: ['admin'],
        summary: "Set a category's commission rate (0–100 %, at most 2 decimals)",
        security: bearer,
        params: commissionCategoryParamsSchema,
        body: updateCommissionRequestSchema,
        response: { 200: commissionUpdateResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await products.updateCommissionRate(request.params.categorySlug, request.body.commission_rate),
    }),
  );
};
