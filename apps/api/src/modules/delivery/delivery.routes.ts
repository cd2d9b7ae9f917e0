import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { productIdParamsSchema } from '@marketplace/contracts/catalog';
import { errorResponseSchema } from '@marketplace/contracts/common';
import { destinationQuerySchema, productDeliveryResponseSchema, type ProductDeliveryResponse } from '@marketplace/contracts/delivery';
import { centsToDollars, dollarsToCents } from '@marketplace/domain/money';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { viewerOf } from '../../plugins/authentication';
import { PUBLIC } from '../../plugins/route-access';
import { DELIVERY_QUOTE } from '../../security/rate-limits';
import type { ProductsService } from '../catalog';
import { freeFromCentsOf, priceOf, promiseOf, type DeliveryService } from './delivery.service';
import { destinationOf } from './destinations';

// A product page's delivery promise (docs/product/shipping.md): what one unit costs to ship to a ZIP code and when
// it would arrive if ordered now. Public; a signed-in buyer who names no ZIP code is quoted to their default address.

export const deliveryRoutes: FastifyPluginAsyncZod<{ db: Database; clock: Clock; delivery: DeliveryService; products: ProductsService }> = async (
  app,
  { db, clock, delivery, products },
) => {
  app.get(
    '/products/:id/delivery',
    {
      config: { access: PUBLIC, requestLimit: DELIVERY_QUOTE },
      schema: {
        tags: ['catalog'],
        summary: "One unit's shipping to a ZIP code (postal_code; else the signed-in buyer's default address) and the days it would arrive between",
        params: productIdParamsSchema,
        querystring: destinationQuerySchema,
        response: { 200: productDeliveryResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request): Promise<ProductDeliveryResponse> => {
      const viewer = await viewerOf(app, request);
      // A listing the viewer may not see is a 404, as its page is.
      const listing = await products.getProduct(request.params.id, viewer);
      const destination = await destinationOf(db, viewer, request.query, true);
      const now = clock.now();
      const [shop] = await delivery.planShops([{ productId: listing.id, quantity: 1 }], destination, now);
      if (!shop) return { postalCode: destination?.postalCode ?? null, shipping: null, freeFrom: null, arrivesBy: null, handlingDays: { min: 1, max: 3 } };
      const shippingCents = priceOf(shop, dollarsToCents(listing.price));
      const freeFromCents = freeFromCentsOf(shop);
      return {
        postalCode: destination?.postalCode ?? null,
        shipping: shippingCents === null ? null : centsToDollars(shippingCents),
        freeFrom: freeFromCents === null ? null : centsToDollars(freeFromCents),
        arrivesBy: promiseOf(shop, now).arrivesBy,
        handlingDays: shop.handlingDays,
      };
    },
  );
};
