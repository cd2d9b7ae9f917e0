import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@marketplace/contracts/common';
import {
  LISTINGS_CSV_ERROR_CODES,
  listingsImportQuerySchema,
  listingsImportResponseSchema,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ROWS,
} from '@marketplace/contracts/listings-csv';
import { HttpError } from '../../lib/http-errors';
import { userOf } from '../../plugins/authentication';
import { readMultipart, type FileParts } from '../../plugins/multipart';
import { only } from '../../plugins/route-access';
import { LISTINGS_IMPORT } from '../../security/rate-limits';
import type { ListingsCsvService } from './listings-csv.service';

// Bulk listing by CSV (docs/product/listings.md "CSV import and export", decision 0044): the seller's own listings
// only, read by the id in their token; there is no way to name another seller. Registered under `/api/seller/products`.

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };
const MAX_IMPORT_MEGABYTES = MAX_IMPORT_BYTES / (1024 * 1024);

/** The import's one file, in the field "file". */
const CSV_PART: FileParts = {
  field: 'file',
  them: 'the CSV file',
  themAsFiles: 'the CSV file as a file',
  takes: 'a CSV file',
  tooLarge: (file) => `"${file}" is larger than ${MAX_IMPORT_MEGABYTES} MB. Split it into smaller files.`,
  tooMany: 'Send one CSV file at a time.',
  tooLargeCode: LISTINGS_CSV_ERROR_CODES.tooLarge,
};

export const listingsCsvRoutes: FastifyPluginAsyncZod<{ listingsCsv: ListingsCsvService }> = async (app, { listingsCsv }) => {
  const common = { tags: ['catalog'], security: [{ bearerAuth: [] }] };
  // Scoped to this plugin: one file, no larger than the import takes.
  await app.register(multipart, { limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 } });

  app.get(
    '/export.csv',
    {
      config: { access: only('seller') },
      schema: {
        ...common,
        summary: 'Every listing of yours as CSV, one row per variant, in the columns the import reads',
        produces: ['text/csv'],
        response: errors,
      },
    },
    async (request, reply) => {
      const { csv, fileName } = await listingsCsv.exportCsv(userOf(request));
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="${fileName}"`)
          .header('Cache-Control', 'private, no-store')
          // Text skips the JSON serializer; the typed reply only knows the JSON answers.
          .send(Buffer.from(csv, 'utf8') as never)
      );
    },
  );

  app.post(
    '/import',
    {
      config: { access: only('seller'), requestLimit: LISTINGS_IMPORT },
      schema: {
        ...common,
        summary: `Create and update listings from a CSV file (multipart "file", ≤ ${MAX_IMPORT_ROWS.toLocaleString('en-US')} rows, ≤ ${MAX_IMPORT_MEGABYTES} MB); each row's result; ?dryRun=true writes nothing`,
        consumes: ['multipart/form-data'],
        querystring: listingsImportQuerySchema,
        response: { 200: listingsImportResponseSchema, ...errors, 409: errorResponseSchema, 413: errorResponseSchema, 415: errorResponseSchema },
      },
    },
    async (request) => {
      const seller = userOf(request);
      const { files } = await readMultipart(request, undefined, CSV_PART);
      const [file] = files;
      if (!file) throw new HttpError(400, 'Choose a CSV file to import (the form field "file").', { code: LISTINGS_CSV_ERROR_CODES.fileMissing });
      return listingsCsv.importCsv(seller, file.data, { dryRun: request.query.dryRun });
    },
  );
};
