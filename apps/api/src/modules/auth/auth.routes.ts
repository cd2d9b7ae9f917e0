import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authResponseSchema,
  changeEmailRequestSchema,
  changeEmailResponseSchema,
  currentUserSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  resetPasswordRequestSchema,
  signupRequestSchema,
  verifyEmailRequestSchema,
  verifyEmailResponseSchema,
} from '@marketplace/contracts/auth';
import { errorResponseSchema } from '@marketplace/contracts/common';
import { userOf } from '../../plugins/authentication';
import { PUBLIC, publicAnswering, SIGNED_IN } from '../../plugins/route-access';
import { HOUR, MINUTE, perAddress, perClient } from '../../security/rate-limits';
import type { AccountLifecycleService } from './account-lifecycle.service';
import type { AuthService } from './auth.service';

const rateLimitedSchema = errorResponseSchema.extend({ retryAfterSeconds: z.number() });
const security = [{ bearerAuth: [] }];

// The routes that check or hash a password or a link token, or send an e-mail, have a request limit of
// their own (docs/product/limits-abuse.md): per address those used signed out, per user the others.
export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService; account: AccountLifecycleService }> = async (app, { auth, account }) => {
  app.post(
    '/signup',
    {
      config: { access: PUBLIC, requestLimit: perAddress(10, HOUR) },
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
      config: { access: publicAnswering(401, 'the placeholder credentials are unknown'), requestLimit: perAddress(30, 15 * MINUTE) },
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
      config: { access: SIGNED_IN },
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user, with where their e-mail verification stands',
        security,
        response: { 200: z.object({ user: currentUserSchema }), 401: errorResponseSchema },
      },
    },
    async (request) => ({ user: await account.describe(userOf(request)) }),
  );

  // ── the account lifecycle (docs/product/accounts.md): the link token is the credential of reset and verify ──

  app.post(
    '/logout',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags: ['auth'],
        summary: 'Sign out everywhere: every token of this user is refused from now on',
        security,
        response: { 204: z.null().describe('Every session ended'), 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await account.logout(userOf(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/forgot-password',
    {
      config: { access: PUBLIC, requestLimit: perAddress(20, HOUR) },
      schema: {
        tags: ['auth'],
        summary: 'E-mail a one-hour, single-use password reset link (the same answer whether the address has an account or not)',
        body: forgotPasswordRequestSchema,
        response: { 204: z.null().describe('If the address has an account, a link is on its way'), 400: errorResponseSchema, 429: rateLimitedSchema },
      },
    },
    async (request, reply) => {
      await account.requestPasswordReset(request.body.email, request.ip);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/reset-password',
    {
      config: { access: publicAnswering(400, 'the placeholder link token is unknown'), requestLimit: perAddress(10, 15 * MINUTE) },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset link; ends every session',
        body: resetPasswordRequestSchema,
        response: { 204: z.null().describe('Password changed; log in with it'), 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await account.resetPassword(request.body.token, request.body.password);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/verify-email',
    {
      // The verification page sends its link at each load: room for 60 loads a minute, twice (the link's 256
      // random bits need no count of tries to keep them from being guessed).
      config: { access: publicAnswering(400, 'the placeholder link token is unknown'), requestLimit: perAddress(120, MINUTE) },
      schema: {
        tags: ['auth'],
        summary: 'Verify an e-mail address with the link sent to it (a new address becomes the sign-in address)',
        body: verifyEmailRequestSchema,
        response: { 200: verifyEmailResponseSchema, 400: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request) => account.verifyEmail(request.body.token),
  );

  app.post(
    '/resend-verification',
    {
      config: { access: SIGNED_IN, requestLimit: perClient(10, HOUR) },
      schema: {
        tags: ['auth'],
        summary: 'Send the verification link again (to the new address while a change waits)',
        security,
        response: { 204: z.null().describe('A new link is on its way'), 401: errorResponseSchema, 409: errorResponseSchema, 429: rateLimitedSchema },
      },
    },
    async (request, reply) => {
      await account.resendVerification(userOf(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/change-email',
    {
      config: { access: SIGNED_IN, requestLimit: perClient(10, 15 * MINUTE) },
      schema: {
        tags: ['auth'],
        summary: 'Change the sign-in address: a link goes to the new one, which takes over once opened; the old one is told',
        security,
        body: changeEmailRequestSchema,
        response: { 202: changeEmailResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema, 409: errorResponseSchema, 429: rateLimitedSchema },
      },
    },
    async (request, reply) => reply.code(202).send(await account.requestEmailChange(userOf(request), request.body.email, request.body.currentPassword)),
  );
};
