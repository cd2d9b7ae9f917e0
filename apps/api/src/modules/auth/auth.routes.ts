import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authResponseSchema, loginRequestSchema, signupRequestSchema, userSchema } from '@marketplace/contracts/auth';
import { errorResponseSchema } from '@marketplace/contracts/common';
import { userOf } from '../../plugins/authentication';
import { toUserDto } from '../users';
import type { AuthService } from './auth.service';

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.post(
    '/signup',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create a buyer or seller account and sign in',
        body: signupRequestSchema,
        response: { 201: authResponseSchema, 400: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await auth.signup(request.body)),
  );

  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        body: loginRequestSchema,
        response: {
          200: authResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          429: errorResponseSchema.extend({ retryAfterSeconds: z.number() }),
        },
      },
    },
    async (request) => auth.login(request.body, request.ip),
  );

  app.get(
    '/me',
    {
      preValidation: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        security: [{ bearerAuth: [] }],
        response: { 200: z.object({ user: userSchema }), 401: errorResponseSchema },
      },
    },
    async (request) => ({ user: toUserDto(userOf(request)) }),
  );
};
