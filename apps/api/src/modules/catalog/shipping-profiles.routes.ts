import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@marketplace/contracts/common';
import {
  shippingProfileListResponseSchema,
  shippingProfileParamsSchema,
  shippingProfileRequestSchema,
  shippingProfileSchema,
} from '@marketplace/contracts/delivery';
import { userOf } from '../../plugins/authentication';
import { only } from '../../plugins/route-access';
import type { ShippingProfilesService } from './shipping-profiles.service';

// The seller's shipping profiles, under /api/seller/shipping-profiles (docs/product/shipping.md): read and written
// by the id in their token; another seller's profile is a 404.

export const shippingProfileRoutes: FastifyPluginAsyncZod<{ shippingProfiles: ShippingProfilesService }> = async (app, { shippingProfiles }) => {
  const common = { tags: ['shipping'], security: [{ bearerAuth: [] }] };
  const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };
  const access = only('seller');

  app.get(
    '/',
    {
      config: { access },
      schema: { ...common, summary: 'My shipping profiles, the default first', response: { 200: shippingProfileListResponseSchema, ...errors } },
    },
    async (request) => shippingProfiles.list(userOf(request)),
  );

  app.post(
    '/',
    {
      config: { access },
      schema: {
        ...common,
        summary: 'Add a shipping profile (the first is the default; 409 shipping_profile_limit past 20)',
        body: shippingProfileRequestSchema,
        response: { 201: shippingProfileSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await shippingProfiles.create(userOf(request), request.body)),
  );

  app.put(
    '/:id',
    {
      config: { access },
      schema: {
        ...common,
        summary: 'Change a shipping profile, or make it the default',
        params: shippingProfileParamsSchema,
        body: shippingProfileRequestSchema,
        response: { 200: shippingProfileSchema, ...errors, 404: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request) => shippingProfiles.update(userOf(request), request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      config: { access },
      schema: {
        ...common,
        summary: 'Delete a shipping profile; its listings ship with the default (409 shipping_profile_is_default for the default while others exist)',
        params: shippingProfileParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errors, 404: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await shippingProfiles.remove(userOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
