import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@marketplace/contracts/common';
import { setVacationRequestSchema, vacationResponseSchema } from '@marketplace/contracts/shops';
import { userOf } from '../../plugins/authentication';
import { only } from '../../plugins/route-access';
import type { VacationService } from './vacation.service';

/** The seller's vacation, under /api/seller/vacation (docs/product/shops.md). */
export const vacationRoutes: FastifyPluginAsyncZod<{ vacation: VacationService }> = async (app, { vacation }) => {
  const security = [{ bearerAuth: [] }];
  const errors = { 401: errorResponseSchema, 403: errorResponseSchema };

  app.get(
    '/',
    {
      config: { access: only('seller') },
      schema: { tags: ['shops'], summary: 'My shop’s vacation (null while it is open)', security, response: { 200: vacationResponseSchema, ...errors } },
    },
    async (request) => ({ vacation: vacation.get(userOf(request)) }),
  );

  app.put(
    '/',
    {
      config: { access: only('seller') },
      schema: {
        tags: ['shops'],
        summary: 'Put my shop on vacation until a date: its listings show but cannot be bought until then',
        security,
        body: setVacationRequestSchema,
        response: { 200: vacationResponseSchema, 400: errorResponseSchema, ...errors },
      },
    },
    async (request) => ({ vacation: await vacation.set(userOf(request), request.body) }),
  );

  app.delete(
    '/',
    {
      config: { access: only('seller') },
      schema: { tags: ['shops'], summary: 'End my shop’s vacation now', security, response: { 200: vacationResponseSchema, ...errors } },
    },
    async (request) => {
      await vacation.end(userOf(request));
      return { vacation: null };
    },
  );
};
