import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@marketplace/contracts/common';
import { addWishlistItemRequestSchema, wishlistItemParamsSchema, wishlistResponseSchema } from '@marketplace/contracts/wishlist';
import { userOf } from '../../plugins/authentication';
import { SIGNED_IN } from '../../plugins/route-access';
import type { WishlistService } from './wishlist.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };

/** The signed-in user's wishlist (docs/product/data.md, cart-and-wishlist.md). */
export const wishlistRoutes: FastifyPluginAsyncZod<{ wishlist: WishlistService }> = async (app, { wishlist }) => {
  const common = { tags: ['wishlist'], security: [{ bearerAuth: [] }] };

  app.get(
    '/',
    { config: { access: SIGNED_IN }, schema: { ...common, summary: 'The wishlist', response: { 200: wishlistResponseSchema, 401: errorResponseSchema } } },
    async (request) => wishlist.getWishlist(userOf(request).id),
  );

  app.post(
    '/items',
    {
      config: { access: SIGNED_IN },
      schema: {
        ...common,
        summary: 'Add a product (201 when new, 200 when it was already there)',
        body: addWishlistItemRequestSchema,
        response: { 200: wishlistResponseSchema, 201: wishlistResponseSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const answer = await wishlist.addItem(userOf(request).id, request.body.product_id);
      return reply.code(answer.isNew ? 201 : 200).send(answer);
    },
  );

  app.delete(
    '/items/:id',
    {
      config: { access: SIGNED_IN },
      schema: { ...common, summary: 'Remove a line', params: wishlistItemParamsSchema, response: { 200: wishlistResponseSchema, ...errors } },
    },
    async (request) => wishlist.removeItem(userOf(request).id, request.params.id),
  );
};
