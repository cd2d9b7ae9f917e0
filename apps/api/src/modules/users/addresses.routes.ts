import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@marketplace/contracts/common';
import {
  addressIdParamsSchema,
  addressListResponseSchema,
  addressSchema,
  createAddressRequestSchema,
  updateAddressRequestSchema,
} from '@marketplace/contracts/users';
import { userOf } from '../../plugins/authentication';
import { SIGNED_IN } from '../../plugins/route-access';
import type { AddressesService } from './addresses.service';

/** The signed-in user's address book, under /api/users/me/addresses; another user's address is a 404. */
export const addressRoutes: FastifyPluginAsyncZod<{ addresses: AddressesService }> = async (app, { addresses }) => {
  const security = [{ bearerAuth: [] }];
  const tags = ['profile'];

  app.get(
    '/',
    {
      config: { access: SIGNED_IN },
      schema: { tags, summary: 'My addresses, the default first', security, response: { 200: addressListResponseSchema, 401: errorResponseSchema } },
    },
    async (request) => ({ addresses: await addresses.listAddresses(userOf(request).id) }),
  );

  app.post(
    '/',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: 'Add an address (the first one becomes the default; 409 address_limit past the cap)',
        security,
        body: createAddressRequestSchema,
        response: { 201: addressSchema, 400: errorResponseSchema, 401: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await addresses.createAddress(userOf(request).id, request.body)),
  );

  app.put(
    '/:id',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: 'Change an address or make it the default',
        security,
        params: addressIdParamsSchema,
        body: updateAddressRequestSchema,
        response: { 200: addressSchema, 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => addresses.updateAddress(userOf(request).id, request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: 'Delete an address (the oldest remaining one becomes the default)',
        security,
        params: addressIdParamsSchema,
        response: { 204: z.null().describe('Deleted'), 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await addresses.deleteAddress(userOf(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
