import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_IMAGE_BYTES } from '@marketplace/contracts/catalog';
import {
  RETURN_MAX_PHOTOS,
  openReturnFieldsSchema,
  refuseReturnBodySchema,
  returnActionResponseSchema,
  returnEligibilitySchema,
  returnErrorResponseSchema,
  returnPolicySchema,
  returnResponseSchema,
  returnsQuerySchema,
  returnsResponseSchema,
  trackReturnBodySchema,
} from '@marketplace/contracts/returns';
import { HttpError } from '../../lib/http-errors';
import { userOf } from '../../plugins/authentication';
import { readMultipart, TOO_MANY_FILES } from '../../plugins/multipart';
import { only, SIGNED_IN } from '../../plugins/route-access';
import { UPLOAD } from '../../security/rate-limits';
import { RETURN_MESSAGES } from './return-messages';
import type { ReturnsService } from './returns.service';

// Returns. The buyer asks, the item's seller answers, the buyer prints the label; both follow
// the parcel. Someone else's return is a 404, a step in the wrong role a 403, a step at the wrong time a
// 409. Every refusal is JSON `{ error, code }`.

const errors = {
  400: returnErrorResponseSchema,
  401: returnErrorResponseSchema,
  403: returnErrorResponseSchema,
  404: returnErrorResponseSchema,
  409: returnErrorResponseSchema,
};
const carrierErrors = { ...errors, 502: returnErrorResponseSchema, 504: returnErrorResponseSchema };
const params = z.object({ id: z.guid({ error: RETURN_MESSAGES.notFound }) });
const itemParams = z.object({ orderItemId: z.guid({ error: RETURN_MESSAGES.itemNotFound }) });

/** The `code` of a refusal that did not name one (authentication, validation, the framework's own). */
const CODE_BY_STATUS: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  410: 'gone',
  413: 'too_large',
  415: 'unsupported_media_type',
  502: 'carrier_unavailable',
  504: 'carrier_unavailable',
};

export const returnRoutes: FastifyPluginAsyncZod<{ returns: ReturnsService }> = async (app, { returns }) => {
  const common = { tags: ['returns'], security: [{ bearerAuth: [] }] };
  const caller = (request: Parameters<typeof userOf>[0]) => {
    const user = userOf(request);
    return { id: user.id, role: user.role };
  };
  await app.register(multipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: RETURN_MAX_PHOTOS, fields: 10, fieldSize: 4096, parts: RETURN_MAX_PHOTOS + 10 },
  });

  // Every refusal of these routes carries a `code`, also those raised before a handler runs.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
    try {
      const body = JSON.parse(payload) as Record<string, unknown>;
      if (typeof body.error !== 'string' || typeof body.code === 'string') return payload;
      return JSON.stringify({ ...body, code: CODE_BY_STATUS[reply.statusCode] ?? 'error' });
    } catch {
      return payload;
    }
  });

  app.get(
    '/policy',
    {
      config: { access: only('seller') },
      schema: {
        ...common,
        summary: 'My return policy (seller): window in days after delivery, restocking fee in percent',
        response: { 200: returnPolicySchema, ...errors },
      },
    },
    async (request) => returns.policy(userOf(request).id),
  );

  app.put(
    '/policy',
    {
      config: { access: only('seller') },
      schema: {
        ...common,
        summary: 'Saves my return policy; returns already asked for keep the terms they were asked under',
        body: returnPolicySchema,
        response: { 200: returnPolicySchema, ...errors },
      },
    },
    async (request) => returns.updatePolicy(userOf(request).id, request.body),
  );

  app.get(
    '/eligibility/:orderItemId',
    {
      config: { access: only('buyer') },
      schema: {
        ...common,
        summary: 'Whether I can return this item now, until when, the restocking fee and the refund I would get',
        params: itemParams,
        response: { 200: returnEligibilitySchema, ...errors },
      },
    },
    async (request) => returns.eligibility(caller(request), request.params.orderItemId),
  );

  app.post(
    '/',
    {
      config: { access: only('buyer'), requestLimit: UPLOAD },
      schema: {
        ...common,
        summary: `Asks to return a delivered item (multipart: orderItemId, reason, description, up to ${RETURN_MAX_PHOTOS} photos as "files")`,
        consumes: ['multipart/form-data'],
        response: { 201: returnActionResponseSchema, ...errors, 413: returnErrorResponseSchema, 415: returnErrorResponseSchema },
      },
    },
    async (request, reply) => {
      let form;
      try {
        form = await readMultipart(request);
      } catch (error) {
        // More files than the limit stop the upload before the service can count them: the same answer as the service's.
        if (error instanceof HttpError && error.code === TOO_MANY_FILES) {
          throw new HttpError(400, RETURN_MESSAGES.tooManyPhotos, { code: 'too_many_photos' });
        }
        throw error;
      }
      const parsed = openReturnFieldsSchema.safeParse(Object.fromEntries(form.fields));
      if (!parsed.success) {
        const issues = parsed.error.issues.map((issue) => ({ path: String(issue.path[0] ?? 'form'), message: issue.message }));
        throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Invalid return request', { code: 'validation_failed', issues });
      }
      return reply.code(201).send(await returns.open(caller(request), parsed.data, form.files));
    },
  );

  app.get(
    '/',
    {
      config: { access: SIGNED_IN },
      schema: {
        ...common,
        summary: 'Returns: a buyer’s own, a seller’s own, or (admin) all; those waiting for the seller first',
        querystring: returnsQuerySchema,
        response: { 200: returnsResponseSchema, ...errors },
      },
    },
    async (request) => returns.list(caller(request), request.query),
  );

  app.get(
    '/:id',
    {
      config: { access: SIGNED_IN },
      schema: { ...common, summary: 'One return (its buyer, its seller, or an admin)', params, response: { 200: returnResponseSchema, ...errors } },
    },
    async (request) => returns.get(caller(request), request.params.id),
  );

  app.post(
    '/:id/accept',
    {
      config: { access: only('seller') },
      schema: {
        ...common,
        summary: 'The seller accepts: buys the UPS return label (once) for the buyer to print',
        params,
        response: { 200: returnActionResponseSchema, ...carrierErrors },
      },
    },
    async (request) => returns.accept(caller(request), request.params.id),
  );

  app.post(
    '/:id/refuse',
    {
      config: { access: only('seller') },
      schema: {
        ...common,
        summary: 'The seller refuses, saying why',
        params,
        body: refuseReturnBodySchema,
        response: { 200: returnActionResponseSchema, ...errors },
      },
    },
    async (request) => returns.refuse(caller(request), request.params.id, request.body.reason),
  );

  app.post(
    '/:id/confirm',
    {
      config: { access: only('seller') },
      schema: {
        ...common,
        summary: 'The seller confirms the item came back as expected: the refund, less the restocking fee, goes out at once',
        params,
        response: { 200: returnActionResponseSchema, ...errors },
      },
    },
    async (request) => returns.confirm(caller(request), request.params.id),
  );

  app.post(
    '/:id/cancel',
    {
      config: { access: only('buyer') },
      schema: {
        ...common,
        summary: 'The buyer withdraws the return before the parcel moves (its label is voided)',
        params,
        response: { 200: returnActionResponseSchema, ...carrierErrors },
      },
    },
    async (request) => returns.cancel(caller(request), request.params.id),
  );

  app.get(
    '/:id/label',
    {
      // The return's buyer and seller only (others 404, admins too: the label is the parties' document).
      config: { access: SIGNED_IN },
      schema: {
        ...common,
        summary: 'The return label, a 4 × 6 GIF (the return’s buyer and seller; 410 once the return was cancelled and its label voided)',
        params,
        produces: ['image/gif'],
        response: { ...errors, 410: returnErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const label = await returns.label(caller(request), request.params.id);
      return (
        reply
          .type(label.mediaType)
          .header('Content-Disposition', `inline; filename="${label.fileName}"`)
          .header('Cache-Control', 'private, no-store')
          // Bytes skip the JSON serializer; the typed reply only knows the JSON answers.
          .send(label.bytes as never)
      );
    },
  );

  app.put(
    '/:id/track',
    {
      config: { access: SIGNED_IN },
      schema: {
        ...common,
        summary: 'Asks UPS where the return is (development: simulateStatus moves the sandbox parcel); a delivery back issues the refund once',
        params,
        body: trackReturnBodySchema,
        response: { 200: returnActionResponseSchema, ...carrierErrors, 410: returnErrorResponseSchema },
      },
    },
    async (request) => returns.track(caller(request), request.params.id, request.body?.simulateStatus),
  );
};
