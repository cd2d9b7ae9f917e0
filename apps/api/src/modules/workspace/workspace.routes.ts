import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@marketplace/contracts/common';
import {
  adminSettingsSchema,
  createSupportRequestSchema,
  notificationPreferencesSchema,
  publicSettingsSchema,
  supportRequestParamsSchema,
  supportRequestResponseSchema,
  supportRequestsQuerySchema,
  supportRequestsResponseSchema,
  updateAdminSettingsRequestSchema,
  updateSupportRequestSchema,
} from '@marketplace/contracts/workspace';
import { userOf } from '../../plugins/authentication';
import { only, PUBLIC } from '../../plugins/route-access';
import { HOUR, perClient } from '../../security/rate-limits';
import type { WorkspaceService } from './workspace.service';

// The calls, all under /api. Only the public contact details need no login; another seller's
// support request is a 404 to a seller (they cannot even tell it exists).

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

export const workspaceRoutes: FastifyPluginAsyncZod<{ workspace: WorkspaceService }> = async (app, { workspace }) => {
  const security = [{ bearerAuth: [] }];

  app.get(
    '/settings/public',
    {
      config: { access: PUBLIC },
      schema: { tags: ['settings'], summary: 'The marketplace name and support contact details (no login)', response: { 200: publicSettingsSchema } },
    },
    async () => workspace.publicSettings(),
  );

  app.get(
    '/admin/settings',
    {
      config: { access: only('admin') },
      schema: { tags: ['settings'], summary: 'Marketplace-wide settings', security, response: { 200: adminSettingsSchema, ...errors } },
    },
    async () => workspace.adminSettings(),
  );

  app.put(
    '/admin/settings',
    {
      config: { access: only('admin') },
      schema: {
        tags: ['settings'],
        summary: 'Changes the marketplace name and support contact',
        security,
        body: updateAdminSettingsRequestSchema,
        response: { 200: adminSettingsSchema, ...errors },
      },
    },
    async (request) => workspace.updateAdminSettings(request.body),
  );

  app.get(
    '/users/me/notification-preferences',
    {
      config: { access: only('seller') },
      schema: { tags: ['settings'], summary: 'My notification preferences (seller)', security, response: { 200: notificationPreferencesSchema, ...errors } },
    },
    async (request) => workspace.notificationPreferences(userOf(request).id),
  );

  app.put(
    '/users/me/notification-preferences',
    {
      config: { access: only('seller') },
      schema: {
        tags: ['settings'],
        summary: 'Saves my notification preferences (all five)',
        security,
        body: notificationPreferencesSchema,
        response: { 200: notificationPreferencesSchema, ...errors },
      },
    },
    async (request) => workspace.updateNotificationPreferences(userOf(request).id, request.body),
  );

  app.post(
    '/support/requests',
    {
      config: { access: only('seller'), requestLimit: perClient(5, HOUR) },
      schema: {
        tags: ['support'],
        summary: 'Sends a message to the marketplace team (409 support_request_limit with too many open)',
        security,
        body: createSupportRequestSchema,
        response: { 201: supportRequestResponseSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request, reply) => reply.code(201).send({ request: await workspace.createSupportRequest(userOf(request).id, request.body) }),
  );

  app.get(
    '/support/requests',
    {
      config: { access: only('seller', 'admin') },
      schema: {
        tags: ['support'],
        summary: 'Support requests, open first, a page at a time: a seller’s own, or everyone’s for an admin',
        security,
        querystring: supportRequestsQuerySchema,
        response: { 200: supportRequestsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = userOf(request);
      return workspace.listSupportRequests({ id: user.id, role: user.role }, request.query);
    },
  );

  app.get(
    '/support/requests/:id',
    {
      config: { access: only('seller', 'admin') },
      schema: {
        tags: ['support'],
        summary: 'One support request (a seller’s own only)',
        security,
        params: supportRequestParamsSchema,
        response: { 200: supportRequestResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = userOf(request);
      return { request: await workspace.findSupportRequest({ id: user.id, role: user.role }, request.params.id) };
    },
  );

  app.patch(
    '/admin/support/requests/:id',
    {
      config: { access: only('admin') },
      schema: {
        tags: ['support'],
        summary: 'Closes a support request',
        security,
        params: supportRequestParamsSchema,
        body: updateSupportRequestSchema,
        response: { 200: supportRequestResponseSchema, ...errors },
      },
    },
    async (request) => ({ request: await workspace.closeSupportRequest(userOf(request).id, request.params.id) }),
  );
};
