import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MAX_IMAGE_BYTES,
  MAX_PRODUCT_IMAGES,
  mobileUploadResponseSchema,
  productIdParamsSchema,
  productImageParamsSchema,
  productImagesResponseSchema,
  reorderImagesRequestSchema,
  uploadErrorResponseSchema,
  uploadLinkResponseSchema,
  uploadTokenParamsSchema,
  validateUploadTokenResponseSchema,
} from '@marketplace/contracts/catalog';
import { errorResponseSchema } from '@marketplace/contracts/common';
import { badRequest } from '../../lib/http-errors';
import { userOf } from '../../plugins/authentication';
import { errorAnswerOf } from '../../plugins/error-handler';
import { readMultipart } from '../../plugins/multipart';
import { only, PUBLIC } from '../../plugins/route-access';
import { MINUTE, perAddress, UPLOAD } from '../../security/rate-limits';
import type { UploadsService } from './uploads.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const uploadErrors = {
  400: uploadErrorResponseSchema,
  401: uploadErrorResponseSchema,
  403: uploadErrorResponseSchema,
  404: uploadErrorResponseSchema,
  413: uploadErrorResponseSchema,
  415: uploadErrorResponseSchema,
};
const bearer = [{ bearerAuth: [] }];
const MAX_IMAGE_MEGABYTES = MAX_IMAGE_BYTES / (1024 * 1024);

/** Listing photos and the phone upload link (docs/product/uploads.md, api.md). Registered under `/api`. */
export const uploadRoutes: FastifyPluginAsyncZod<{ uploads: UploadsService }> = async (app, { uploads }) => {
  // Scoped to this plugin: only these routes take multipart bodies, with the limits.
  await app.register(multipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: MAX_PRODUCT_IMAGES, fields: 10, fieldSize: 1024, parts: MAX_PRODUCT_IMAGES + 10 },
  });

  app.get(
    '/products/:id/images',
    {
      config: { access: only('seller') },
      schema: {
        tags: ['uploads'],
        summary: "A listing's photos, cover first (the editor polls this while its QR code is shown)",
        security: bearer,
        params: productIdParamsSchema,
        response: { 200: productImagesResponseSchema, ...errors },
      },
    },
    async (request) => ({ images: await uploads.listImages(userOf(request), request.params.id) }),
  );

  app.post(
    '/products/:id/images',
    {
      config: { access: only('seller'), requestLimit: UPLOAD },
      schema: {
        tags: ['uploads'],
        summary: `Add photos (multipart "files"; JPEG, PNG, WebP or HEIC; ≤ ${MAX_IMAGE_MEGABYTES} MB each, ≤ ${MAX_PRODUCT_IMAGES} per listing)`,
        security: bearer,
        consumes: ['multipart/form-data'],
        params: productIdParamsSchema,
        response: { 200: productImagesResponseSchema, ...uploadErrors },
      },
    },
    async (request) => {
      const seller = userOf(request);
      const { files } = await readMultipart(request);
      return { images: await uploads.addImages(seller, request.params.id, files) };
    },
  );

  app.put(
    '/products/:id/images/order',
    {
      config: { access: only('seller') },
      schema: {
        tags: ['uploads'],
        summary: 'Reorder the photos; the first becomes the cover',
        security: bearer,
        params: productIdParamsSchema,
        body: reorderImagesRequestSchema,
        response: { 200: productImagesResponseSchema, ...errors },
      },
    },
    async (request) => ({ images: await uploads.reorderImages(userOf(request), request.params.id, request.body.imageIds) }),
  );

  app.delete(
    '/products/:id/images/:imageId',
    {
      config: { access: only('seller') },
      schema: {
        tags: ['uploads'],
        summary: 'Delete a photo (not the last one: 409 photo_required)',
        security: bearer,
        params: productImageParamsSchema,
        response: { 200: productImagesResponseSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request) => ({ images: await uploads.deleteImage(userOf(request), request.params.id, request.params.imageId) }),
  );

  app.post(
    '/products/:id/upload-link',
    {
      config: { access: only('seller') },
      schema: {
        tags: ['uploads'],
        summary: 'A 30-minute link (for a QR code) that lets a phone add photos to this listing without logging in',
        security: bearer,
        params: productIdParamsSchema,
        response: { 200: uploadLinkResponseSchema, ...errors },
      },
    },
    // The QR code opens on a phone: it points at the address this browser is on (or PUBLIC_URL), never localhost.
    async (request) => uploads.createUploadLink(userOf(request), request.params.id, request.publicOrigin),
  );

  app.get(
    '/products/validate-upload-token/:token',
    {
      // No login: the upload token is the credential (so are the phone upload's below), 256 random bits no
      // count of tries could guess. The phone's page asks at each load: room for 60 loads a minute, twice.
      config: { access: PUBLIC, requestLimit: perAddress(120, MINUTE) },
      schema: {
        tags: ['uploads'],
        summary: 'Whether a phone upload link still works (public)',
        params: uploadTokenParamsSchema,
        response: { 200: validateUploadTokenResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) => uploads.validateUploadToken(request.params.token),
  );

  app.post(
    '/products/mobile-upload',
    {
      // As every upload's (security/rate-limits.ts UPLOAD), by address: a photo every ten seconds from the phone's camera.
      config: { access: PUBLIC, requestLimit: perAddress(UPLOAD.max, UPLOAD.windowSeconds) },
      schema: {
        tags: ['uploads'],
        summary: 'Add photos from a phone with an upload token (public; multipart "token" and "files", in any order)',
        consumes: ['multipart/form-data'],
        response: { 200: mobileUploadResponseSchema, ...uploadErrors },
      },
      // The phone reads `success` and `message` from every answer, refusals included: they carry
      // the same text as `error`, beside the usual `code`.
      errorHandler: (error, request, reply) => {
        const { status, body, headers } = errorAnswerOf(error, request.log);
        return reply
          .code(status)
          .headers(headers)
          .send({ ...body, success: false, message: body.error });
      },
    },
    async (request) => {
      const { files, fields } = await readMultipart(request, async (name, value) => {
        if (name === 'token') await uploads.assertUploadTokenIsLive(value);
      });
      const token = fields.get('token');
      if (!token) throw badRequest('The upload token is missing.', { code: 'upload_token_missing' });
      return uploads.mobileUpload(token, files);
    },
  );
};
