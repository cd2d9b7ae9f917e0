import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_IMAGE_BYTES } from '@marketplace/contracts/catalog';
import { errorResponseSchema } from '@marketplace/contracts/common';
import {
  REVIEW_MAX_PHOTOS,
  adminReviewResponseSchema,
  adminReviewsPageSchema,
  adminReviewsQuerySchema,
  createReviewBodySchema,
  createReviewFieldsSchema,
  helpfulVoteResponseSchema,
  hideReviewBodySchema,
  myReviewResponseSchema,
  myReviewsPageSchema,
  myReviewsQuerySchema,
  productReviewsPageSchema,
  productReviewsQuerySchema,
  replyToReviewBodySchema,
  reviewIdParamsSchema,
  reviewPhotoParamsSchema,
  sellerReviewResponseSchema,
  sellerReviewsPageSchema,
  sellerReviewsQuerySchema,
  updateReviewBodySchema,
} from '@marketplace/contracts/reviews';
import { badRequest, HttpError } from '../../lib/http-errors';
import { userOf } from '../../plugins/authentication';
import { readMultipart, TOO_MANY_FILES, type IncomingFile } from '../../plugins/multipart';
import { only, PUBLIC, SIGNED_IN } from '../../plugins/route-access';
import { UPLOAD } from '../../security/rate-limits';
import type { ReviewCaller, ReviewsService } from './reviews.service';

// Reviews (docs/product/reviews.md), registered under `/api`. The product's reviews are public (a token,
// when sent, only fills `votedByMe`); writing, editing and deleting are the buyer's; replying the item's
// seller's; voting anyone's signed in; hiding the admins'.

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };
const photoErrors = { 413: errorResponseSchema, 415: errorResponseSchema };
const productParams = z.object({ id: z.guid('Product not found') });

/** Parses hand-read input (form fields) like a schema-checked body: a 400 `validation_failed` with `issues`. */
function parsed<Output>(schema: z.ZodType<Output>, value: unknown): Output {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({ path: issue.path.map(String).join('.') || 'body', message: issue.message }));
  throw badRequest(issues[0]?.message ?? 'Invalid review', { issues });
}

/** A multipart form with at most REVIEW_MAX_PHOTOS photos (the shared reader's own message names the listings' limit). */
async function readReviewForm(request: FastifyRequest): Promise<{ files: IncomingFile[]; fields: Map<string, string> }> {
  try {
    return await readMultipart(request);
  } catch (error) {
    if (error instanceof HttpError && error.code === TOO_MANY_FILES)
      throw new HttpError(413, `Attach at most ${REVIEW_MAX_PHOTOS} photos to a review.`, { code: TOO_MANY_FILES });
    throw error;
  }
}

export const reviewRoutes: FastifyPluginAsyncZod<{ reviews: ReviewsService }> = async (app, { reviews }) => {
  const tags = ['reviews'];
  const security = [{ bearerAuth: [] }];
  const caller = (request: FastifyRequest): ReviewCaller => {
    const user = userOf(request);
    return { id: user.id, role: user.role };
  };
  /** The signed-in user when a valid bearer token is sent; the public list never fails for a bad one. */
  const viewerOf = async (request: FastifyRequest): Promise<ReviewCaller | null> => {
    if (!request.headers.authorization) return null;
    try {
      await app.authenticate.call(app, request, undefined as never);
      return request.currentUser ? { id: request.currentUser.id, role: request.currentUser.role } : null;
    } catch {
      return null;
    }
  };
  // Scoped to this plugin: photos are checked as every upload is (lib/image-processing.ts).
  await app.register(multipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: REVIEW_MAX_PHOTOS, fields: 10, fieldSize: 8192, parts: REVIEW_MAX_PHOTOS + 10 },
  });

  // ── public ──
  app.get(
    '/products/:id/reviews',
    {
      config: { access: PUBLIC },
      schema: {
        tags,
        summary: "A listing's visible reviews (newest or most helpful first, paged) with its average, count and distribution; a token fills votedByMe",
        params: productParams,
        querystring: productReviewsQuerySchema,
        response: { 200: productReviewsPageSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => reviews.listForProduct(request.params.id, request.query, await viewerOf(request)),
  );

  // ── the buyer's own ──
  app.post(
    '/reviews',
    {
      config: { access: only('buyer'), requestLimit: UPLOAD },
      schema: {
        tags,
        security,
        summary: `Review a delivered item: JSON { orderItemId, rating, title, body }, or the same as multipart fields with up to ${REVIEW_MAX_PHOTOS} photos as "files"`,
        consumes: ['application/json', 'multipart/form-data'],
        // Absent for a multipart form, whose fields are read (and checked) by hand below.
        body: createReviewBodySchema.nullish(),
        response: { 201: myReviewResponseSchema, ...errors, ...photoErrors },
      },
    },
    async (request, reply) => {
      if (request.isMultipart()) {
        const { files, fields } = await readReviewForm(request);
        return reply.code(201).send(await reviews.create(caller(request), parsed(createReviewFieldsSchema, Object.fromEntries(fields)), files));
      }
      return reply.code(201).send(await reviews.create(caller(request), parsed(createReviewBodySchema, request.body)));
    },
  );

  app.get(
    '/reviews/mine',
    {
      config: { access: only('buyer') },
      schema: {
        tags,
        security,
        summary: 'Your reviews (hidden ones too, with the reason), newest first; orderId keeps one order’s',
        querystring: myReviewsQuerySchema,
        response: { 200: myReviewsPageSchema, ...errors },
      },
    },
    async (request) => reviews.listMine(caller(request), request.query),
  );

  app.patch(
    '/reviews/:id',
    {
      config: { access: only('buyer') },
      schema: {
        tags,
        security,
        summary: 'Change your review’s rating, title or text (within 30 days of writing it)',
        params: reviewIdParamsSchema,
        body: updateReviewBodySchema,
        response: { 200: myReviewResponseSchema, ...errors },
      },
    },
    async (request) => reviews.update(caller(request), request.params.id, request.body),
  );

  app.delete(
    '/reviews/:id',
    {
      config: { access: only('buyer') },
      schema: {
        tags,
        security,
        summary: 'Delete your review (within 30 days of writing it)',
        params: reviewIdParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      await reviews.remove(caller(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/reviews/:id/photos',
    {
      config: { access: only('buyer'), requestLimit: UPLOAD },
      schema: {
        tags,
        security,
        summary: `Add photos to your review (multipart "files"; ${REVIEW_MAX_PHOTOS} at most in all; within 30 days)`,
        consumes: ['multipart/form-data'],
        params: reviewIdParamsSchema,
        response: { 200: myReviewResponseSchema, ...errors, ...photoErrors },
      },
    },
    async (request) => {
      const { files } = await readReviewForm(request);
      return reviews.addPhotos(caller(request), request.params.id, files);
    },
  );

  app.delete(
    '/reviews/:id/photos/:photoId',
    {
      config: { access: only('buyer') },
      schema: {
        tags,
        security,
        summary: 'Remove a photo from your review (within 30 days)',
        params: reviewPhotoParamsSchema,
        response: { 200: myReviewResponseSchema, ...errors },
      },
    },
    async (request) => reviews.removePhoto(caller(request), request.params.id, request.params.photoId),
  );

  // ── the seller ──
  app.post(
    '/reviews/:id/reply',
    {
      config: { access: only('seller') },
      schema: {
        tags,
        security,
        summary: 'Reply to a review of your item, once, publicly',
        params: reviewIdParamsSchema,
        body: replyToReviewBodySchema,
        response: { 201: sellerReviewResponseSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await reviews.reply(caller(request), request.params.id, request.body.body)),
  );

  app.get(
    '/seller/reviews',
    {
      config: { access: only('seller') },
      schema: {
        tags,
        security,
        summary: 'Visible reviews of your items, newest first; replied=false keeps those to answer',
        querystring: sellerReviewsQuerySchema,
        response: { 200: sellerReviewsPageSchema, ...errors },
      },
    },
    async (request) => reviews.listForSeller(caller(request), request.query),
  );

  // ── anyone signed in ──
  app.post(
    '/reviews/:id/helpful',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        security,
        summary: 'Vote a review helpful (once per person; not your own)',
        params: reviewIdParamsSchema,
        response: { 200: helpfulVoteResponseSchema, ...errors },
      },
    },
    async (request) => reviews.voteHelpful(caller(request), request.params.id, true),
  );

  app.delete(
    '/reviews/:id/helpful',
    {
      config: { access: SIGNED_IN },
      schema: { tags, security, summary: 'Take your helpful vote back', params: reviewIdParamsSchema, response: { 200: helpfulVoteResponseSchema, ...errors } },
    },
    async (request) => reviews.voteHelpful(caller(request), request.params.id, false),
  );

  // ── admins ──
  app.get(
    '/admin/reviews',
    {
      config: { access: only('admin') },
      schema: {
        tags,
        security,
        summary: 'Every review for moderation, newest first; hidden=true|false filters',
        querystring: adminReviewsQuerySchema,
        response: { 200: adminReviewsPageSchema, ...errors },
      },
    },
    async (request) => reviews.listForAdmin(caller(request), request.query),
  );

  app.post(
    '/admin/reviews/:id/hide',
    {
      config: { access: only('admin') },
      schema: {
        tags,
        security,
        summary: 'Hide a review with a reason: it leaves the lists and the averages; its author is told',
        params: reviewIdParamsSchema,
        body: hideReviewBodySchema,
        response: { 200: adminReviewResponseSchema, ...errors },
      },
    },
    async (request) => reviews.hide(caller(request), request.params.id, request.body.reason),
  );

  app.post(
    '/admin/reviews/:id/unhide',
    {
      config: { access: only('admin') },
      schema: {
        tags,
        security,
        summary: 'Show a hidden review again: it counts in the averages again',
        params: reviewIdParamsSchema,
        response: { 200: adminReviewResponseSchema, ...errors },
      },
    },
    async (request) => reviews.unhide(caller(request), request.params.id),
  );
};
