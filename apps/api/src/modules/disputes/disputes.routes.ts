import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_IMAGE_BYTES } from '@marketplace/contracts/catalog';
import { errorResponseSchema } from '@marketplace/contracts/common';
import {
  DISPUTE_MAX_PHOTOS,
  disputeActionResponseSchema,
  disputeCaseResponseSchema,
  disputesQuerySchema,
  disputesResponseSchema,
  declineOfferBodySchema,
  escalateDisputeBodySchema,
  openDisputeFieldsSchema,
  resolveDisputeBodySchema,
  respondDisputeBodySchema,
} from '@marketplace/contracts/disputes';
import { badRequest } from '../../lib/http-errors';
import { userOf } from '../../plugins/authentication';
import { readMultipart } from '../../plugins/multipart';
import { only, SIGNED_IN } from '../../plugins/route-access';
import { UPLOAD } from '../../security/rate-limits';
import type { DisputesService } from './disputes.service';

// Disputes. Everyone sees only their own (the buyer's, the item's seller's); admins all.
// Someone else's dispute is a 404, a step in the wrong role a 403, a step at the wrong time a 409.

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };
const params = z.object({ id: z.guid({ error: 'Dispute not found' }) });

export const disputeRoutes: FastifyPluginAsyncZod<{ disputes: DisputesService }> = async (app, { disputes }) => {
  const common = { tags: ['disputes'], security: [{ bearerAuth: [] }] };
  const caller = (request: Parameters<typeof userOf>[0]) => {
    const user = userOf(request);
    return { id: user.id, role: user.role };
  };
  await app.register(multipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: DISPUTE_MAX_PHOTOS, fields: 10, fieldSize: 4096, parts: DISPUTE_MAX_PHOTOS + 10 },
  });

  app.post(
    '/',
    {
      config: { access: only('buyer'), requestLimit: UPLOAD },
      schema: {
        ...common,
        summary: `Opens a dispute (multipart: orderItemId, reason, description, up to ${DISPUTE_MAX_PHOTOS} photos as "files")`,
        consumes: ['multipart/form-data'],
        response: { 201: disputeActionResponseSchema, ...errors, 413: errorResponseSchema, 415: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { files, fields } = await readMultipart(request);
      const parsed = openDisputeFieldsSchema.safeParse(Object.fromEntries(fields));
      if (!parsed.success) {
        const issues = parsed.error.issues.map((issue) => ({ path: String(issue.path[0] ?? 'form'), message: issue.message }));
        throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid dispute', { issues });
      }
      return reply.code(201).send(await disputes.open(caller(request), parsed.data, files));
    },
  );

  app.get(
    '/',
    {
      config: { access: SIGNED_IN },
      schema: {
        ...common,
        summary: 'Your disputes (admins: all), newest activity first',
        querystring: disputesQuerySchema,
        response: { 200: disputesResponseSchema, ...errors },
      },
    },
    async (request) => disputes.list(caller(request), request.query),
  );

  app.get(
    '/:id',
    {
      config: { access: SIGNED_IN },
      schema: {
        ...common,
        summary: 'The case: item, order, shipment, messages, photos, timeline',
        params,
        response: { 200: disputeCaseResponseSchema, ...errors },
      },
    },
    async (request) => disputes.get(caller(request), request.params.id),
  );

  app.post(
    '/:id/respond',
    {
      config: { access: only('seller') },
      schema: {
        ...common,
        summary: 'The seller offers a refund or contests the claim',
        params,
        body: respondDisputeBodySchema,
        response: { 200: disputeActionResponseSchema, ...errors },
      },
    },
    async (request) => disputes.respond(caller(request), request.params.id, request.body),
  );

  app.post(
    '/:id/escalate',
    {
      config: { access: only('buyer') },
      schema: {
        ...common,
        summary: 'The buyer asks the marketplace to decide',
        params,
        body: escalateDisputeBodySchema.nullish(),
        response: { 200: disputeActionResponseSchema, ...errors },
      },
    },
    async (request) => disputes.escalate(caller(request), request.params.id, request.body?.note),
  );

  app.post(
    '/:id/accept-offer',
    {
      config: { access: only('buyer') },
      schema: {
        ...common,
        summary: "The buyer accepts the seller's refund offer: refunded at once, the dispute resolved",
        params,
        response: { 200: disputeActionResponseSchema, ...errors, 502: errorResponseSchema },
      },
    },
    async (request) => disputes.acceptOffer(caller(request), request.params.id),
  );

  app.post(
    '/:id/decline-offer',
    {
      config: { access: only('buyer') },
      schema: {
        ...common,
        summary: "The buyer declines the seller's offer: the marketplace decides",
        params,
        body: declineOfferBodySchema.nullish(),
        response: { 200: disputeActionResponseSchema, ...errors },
      },
    },
    async (request) => disputes.declineOffer(caller(request), request.params.id, request.body?.note),
  );

  app.post(
    '/:id/review',
    {
      config: { access: only('admin') },
      schema: { ...common, summary: 'An admin takes the case', params, response: { 200: disputeActionResponseSchema, ...errors } },
    },
    async (request) => disputes.review(caller(request), request.params.id),
  );

  app.post(
    '/:id/resolve',
    {
      config: { access: only('admin') },
      schema: {
        ...common,
        summary: 'An admin refunds (full or partial, through the payment provider) or rejects',
        params,
        body: resolveDisputeBodySchema,
        response: { 200: disputeActionResponseSchema, ...errors, 502: errorResponseSchema },
      },
    },
    async (request) => disputes.resolve(caller(request), request.params.id, request.body),
  );
};
