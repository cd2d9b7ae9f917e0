import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_IMAGE_BYTES } from '@marketplace/contracts/catalog';
import {
  CHAT_MAX_ATTACHMENTS,
  chatAttachmentsResponseSchema,
  chatListQuerySchema,
  chatListResponseSchema,
  chatMessagesQuerySchema,
  chatMessagesResponseSchema,
  startChatRequestSchema,
  startChatResponseSchema,
} from '@marketplace/contracts/chat';
import { errorResponseSchema } from '@marketplace/contracts/common';
import { userOf } from '../../plugins/authentication';
import { readMultipart } from '../../plugins/multipart';
import { only, own, rolesCheckedByHandler, SIGNED_IN } from '../../plugins/route-access';
import { UPLOAD } from '../../security/rate-limits';
import type { ChatService } from './chat.service';

// docs/product/api.md and the chat's fixed calls. Live events go through the socket (src/realtime).

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const userParams = z.object({ userId: z.guid('Invalid user id') });
const chatParams = z.object({ chatId: z.guid({ error: 'Chat not found' }) });

export const chatRoutes: FastifyPluginAsyncZod<{ chat: ChatService }> = async (app, { chat }) => {
  const common = { tags: ['chat'], security: [{ bearerAuth: [] }] };
  await app.register(multipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: CHAT_MAX_ATTACHMENTS, fields: 5, fieldSize: 1024, parts: CHAT_MAX_ATTACHMENTS + 5 },
  });

  app.get(
    '/:userId',
    {
      config: { access: own(SIGNED_IN, 'userId') },
      schema: {
        ...common,
        summary: 'Your conversations with their unread counts, newest activity first (your own id only); `before` and `beforeId` page on',
        params: userParams,
        querystring: chatListQuerySchema,
        response: { 200: chatListResponseSchema, ...errors },
      },
    },
    async (request) => chat.listChats(userOf(request).id, request.params.userId, request.query),
  );

  app.post(
    '/',
    {
      // Only buyers start conversations: the service refuses other roles with its own message, once the body is checked.
      config: { access: rolesCheckedByHandler(only('buyer'), 'the service refuses other roles with its own message') },
      schema: {
        ...common,
        summary: 'Starts (or finds) the conversation with a seller, about a product or an order',
        body: startChatRequestSchema,
        response: { 200: startChatResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = userOf(request);
      return chat.startChat({ id: user.id, role: user.role }, request.body);
    },
  );

  app.get(
    '/:chatId/messages',
    {
      config: { access: SIGNED_IN },
      schema: {
        ...common,
        summary: 'A page of messages, oldest first; `before` pages back',
        params: chatParams,
        querystring: chatMessagesQuerySchema,
        response: { 200: chatMessagesResponseSchema, ...errors },
      },
    },
    async (request) => chat.messages(userOf(request).id, request.params.chatId, request.query),
  );

  app.post(
    '/:chatId/attachments',
    {
      config: { access: SIGNED_IN, requestLimit: UPLOAD },
      schema: {
        ...common,
        summary: `Photos for the next message (multipart "files"; JPEG, PNG, WebP or HEIC by their bytes; ≤ 10 MB each, ≤ ${CHAT_MAX_ATTACHMENTS})`,
        consumes: ['multipart/form-data'],
        params: chatParams,
        response: { 201: chatAttachmentsResponseSchema, ...errors, 409: errorResponseSchema, 413: errorResponseSchema, 415: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { files } = await readMultipart(request);
      return reply.code(201).send(await chat.uploadAttachments(userOf(request).id, request.params.chatId, files));
    },
  );
};
