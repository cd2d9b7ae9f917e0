import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addCartItemRequestSchema,
  cartItemParamsSchema,
  cartResponseSchema,
  removeCartItemQuerySchema,
  setCartPersonalizationRequestSchema,
  setCartRetipRequestSchema,
} from '@marketplace/contracts/cart';
import { errorResponseSchema } from '@marketplace/contracts/common';
import { userOf } from '../../plugins/authentication';
import { SIGNED_IN } from '../../plugins/route-access';
import type { CartService } from './cart.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };

/** The signed-in user's cart (docs/product/data.md, cart-and-wishlist.md); any role may keep one. */
export const cartRoutes: FastifyPluginAsyncZod<{ cart: CartService }> = async (app, { cart }) => {
  const common = { tags: ['cart'], security: [{ bearerAuth: [] }] };

  app.get(
    '/',
    { config: { access: SIGNED_IN }, schema: { ...common, summary: 'The cart', response: { 200: cartResponseSchema, 401: errorResponseSchema } } },
    async (request) => cart.getCart(userOf(request).id),
  );

  app.post(
    '/items',
    {
      config: { access: SIGNED_IN },
      schema: {
        ...common,
        summary: 'Add units of a product (adds to an existing line)',
        body: addCartItemRequestSchema,
        response: { 200: cartResponseSchema, ...errors, 409: errorResponseSchema.loose() },
      },
    },
    async (request) => cart.addItem(userOf(request), request.body),
  );

  app.delete(
    '/items/:id',
    {
      config: { access: SIGNED_IN },
      schema: {
        ...common,
        summary: 'Remove units from a line, or the whole line',
        params: cartItemParamsSchema,
        querystring: removeCartItemQuerySchema,
        response: { 200: cartResponseSchema, ...errors },
      },
    },
    async (request) => cart.removeItem(userOf(request).id, request.params.id, request.query.quantity),
  );

  app.put(
    '/items/:id/retip',
    {
      config: { access: SIGNED_IN },
      schema: {
        ...common,
        summary: "Add or remove the product's add-on service on a line",
        params: cartItemParamsSchema,
        body: setCartRetipRequestSchema,
        response: { 200: cartResponseSchema, ...errors },
      },
    },
    async (request) => cart.setRetip(userOf(request).id, request.params.id, request.body.retip_added),
  );

  app.put(
    '/items/:id/personalization',
    {
      config: { access: SIGNED_IN },
      schema: {
        ...common,
        summary: "Change a line's personalisation (null or blank takes it away)",
        params: cartItemParamsSchema,
        body: setCartPersonalizationRequestSchema,
        response: { 200: cartResponseSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request) => cart.setPersonalization(userOf(request).id, request.params.id, request.body.personalization),
  );

  app.delete(
    '/',
    { config: { access: SIGNED_IN }, schema: { ...common, summary: 'Empty the cart', response: { 200: cartResponseSchema, 401: errorResponseSchema } } },
    async (request) => cart.clear(userOf(request).id),
  );
};
