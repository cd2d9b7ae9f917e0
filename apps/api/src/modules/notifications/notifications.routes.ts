import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@marketplace/contracts/common';
import {
  markNotificationsReadBodySchema,
  markNotificationsReadResponseSchema,
  notificationsPageSchema,
  notificationsQuerySchema,
} from '@marketplace/contracts/notifications';
import { userOf } from '../../plugins/authentication';
import { SIGNED_IN } from '../../plugins/route-access';
import type { NotificationsService } from './notifications.service';

// Registered under /api/notifications. Every signed-in person has a bell (buyer, seller, admin), and
// each reads and marks only their own notifications.

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

export const notificationRoutes: FastifyPluginAsyncZod<{ notifications: NotificationsService }> = async (app, { notifications }) => {
  const security = [{ bearerAuth: [] }];

  app.get(
    '/',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags: ['notifications'],
        summary: 'My notifications, newest first, with my unread count (`unread=true` for the unread only)',
        security,
        querystring: notificationsQuerySchema,
        response: { 200: notificationsPageSchema, ...errors },
      },
    },
    async (request) => notifications.list(userOf(request).id, request.query),
  );

  app.post(
    '/read',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags: ['notifications'],
        summary: 'Marks my notifications read: `{ ids }` (others’ ids are ignored) or `{ all: true }`; answers my unread count',
        security,
        body: markNotificationsReadBodySchema,
        response: { 200: markNotificationsReadResponseSchema, ...errors },
      },
    },
    async (request) => notifications.markRead(userOf(request).id, request.body),
  );
};
