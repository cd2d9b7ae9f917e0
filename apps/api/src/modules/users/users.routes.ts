import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@marketplace/contracts/common';
import {
  adminUserResponseSchema,
  adminUsersQuerySchema,
  adminUsersResponseSchema,
  updateUserStatusRequestSchema,
  userIdParamsSchema,
  userInsightsResponseSchema,
} from '@marketplace/contracts/users';
import { userOf } from '../../plugins/authentication';
import { only } from '../../plugins/route-access';
import type { UsersService } from './users.service';

/** The admin's user management, under /api/admin/users (admins only). */
export const adminUserRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  const security = [{ bearerAuth: [] }];
  const tags = ['admin'];
  const denied = { 401: errorResponseSchema, 403: errorResponseSchema };

  app.get(
    '/',
    {
      config: { access: only('admin') },
      schema: {
        tags,
        summary: 'Users, newest first: search by name, email or company; filter by role and status',
        security,
        querystring: adminUsersQuerySchema,
        response: { 200: adminUsersResponseSchema, 400: errorResponseSchema, ...denied },
      },
    },
    async (request) => users.listUsers(request.query),
  );

  app.patch(
    '/:id',
    {
      config: { access: only('admin') },
      schema: {
        tags,
        summary: 'Suspend or reactivate a user (suspension ends their sessions at once)',
        security,
        params: userIdParamsSchema,
        body: updateUserStatusRequestSchema,
        response: { 200: adminUserResponseSchema, 400: errorResponseSchema, ...denied, 404: errorResponseSchema },
      },
    },
    async (request) => ({ user: await users.setUserStatus(userOf(request), request.params.id, request.body.status) }),
  );

  app.get(
    '/:id/insights',
    {
      config: { access: only('admin') },
      schema: {
        tags,
        summary: "A user's orders and spend (buyers) or listings and sales (sellers)",
        security,
        params: userIdParamsSchema,
        response: { 200: userInsightsResponseSchema, 400: errorResponseSchema, ...denied, 404: errorResponseSchema },
      },
    },
    async (request) => users.findInsights(request.params.id),
  );
};
