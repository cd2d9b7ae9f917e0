import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@marketplace/contracts/common';
import { changePasswordRequestSchema, changePasswordResponseSchema, profileResponseSchema, updateProfileRequestSchema } from '@marketplace/contracts/users';
import { userOf } from '../../plugins/authentication';
import { SIGNED_IN } from '../../plugins/route-access';
import { MINUTE, perClient } from '../../security/rate-limits';
import { toProfileDto, type UsersService } from './users.service';

/** The signed-in user's own profile and password, under /api/users/me (any role). */
export const profileRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  const security = [{ bearerAuth: [] }];

  app.get(
    '/',
    {
      config: { access: SIGNED_IN },
      schema: { tags: ['profile'], summary: 'My profile', security, response: { 200: profileResponseSchema, 401: errorResponseSchema } },
    },
    async (request) => ({ user: toProfileDto(userOf(request)) }),
  );

  app.put(
    '/',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags: ['profile'],
        summary: 'Change my name, phone or (sellers) company name and handling time',
        security,
        body: updateProfileRequestSchema,
        response: { 200: profileResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => ({ user: await users.updateProfile(userOf(request), request.body) }),
  );

  app.put(
    '/password',
    {
      config: { access: SIGNED_IN, requestLimit: perClient(10, 15 * MINUTE) },
      schema: {
        tags: ['profile'],
        summary: 'Change my password (the current one is required); ends every other session and answers a new token for this one',
        security,
        body: changePasswordRequestSchema,
        response: { 200: changePasswordResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => users.changePassword(userOf(request), request.body.currentPassword, request.body.newPassword),
  );
};
