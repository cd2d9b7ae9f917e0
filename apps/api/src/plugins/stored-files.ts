import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../lib/http-errors';
import { FILE_LINK_CODES, isPublicFileKey, type FileLinkSigner } from '../providers/files/file-access';
import { UPLOADS_URL_PREFIX } from '../providers/files/local';
import { isSafeFileKey, type FileStore, type StoredFileInfo } from '../providers/files/port';
import { MINUTE, perClient } from '../security/rate-limits';
import { PUBLIC, publicAnswering } from './route-access';

const PUBLIC_CACHE_CONTROL = 'public, max-age=604800, immutable';

const LINK_REFUSALS: Record<string, string> = {
  [FILE_LINK_CODES.required]: 'This file is private: open it from the conversation, dispute or return that shows it',
  [FILE_LINK_CODES.invalid]: 'This file link is not valid',
  [FILE_LINK_CODES.expired]: 'This file link has expired: reload the page for a fresh one',
};

const notFound = () => new HttpError(404, 'File not found', { code: 'not_found' });

/** Whether the browser's copy (If-None-Match) is still the stored one. */
function isFresh(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header === '*' || header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}

/**
 * Answers a stored file from the configured store (local disk or the bucket), the same on every
 * instance: its content type, length and ETag, 304 for a copy the browser already has.
 */
async function sendStoredFile(files: FileStore, request: FastifyRequest, reply: FastifyReply, key: string, cacheControl: string) {
  let info: (StoredFileInfo & { body?: Readable }) | null;
  try {
    info = request.method === 'HEAD' ? await files.stat(key) : await files.open(key);
  } catch (error) {
    request.log.error({ err: error }, 'file store unreachable');
    throw new HttpError(503, 'Files are unavailable for a moment; try again', { code: 'unavailable' });
  }
  if (!info) throw notFound();
  reply.header('cache-control', cacheControl).header('etag', info.etag);
  if (isFresh(request, info.etag)) {
    info.body?.destroy();
    return reply.code(304).send();
  }
  reply.header('content-type', info.contentType).header('content-length', info.size).header('x-content-type-options', 'nosniff');
  return reply.send(info.body);
}

const keyParams = z.object({ '*': z.string() });
const linkQuery = z.object({ expires: z.string().optional(), signature: z.string().optional() });

/**
 * `/uploads/<key>`: public files (product photos), cached for a week. `/api/files/<key>?expires&signature`:
 * private files (chat, dispute and return photos) by a signed link only (providers/files/file-access.ts).
 * HEAD is declared before GET so it answers the stored length without reading the file.
 */
export const storedFileRoutes: FastifyPluginAsyncZod<{ files: FileStore; signer: FileLinkSigner }> = async (app, { files, signer }) => {
  const publicFile = async (request: FastifyRequest<{ Params: { '*': string } }>, reply: FastifyReply) => {
    const key = request.params['*'];
    // A private key is not there as far as the public path is concerned.
    if (!isSafeFileKey(key) || !isPublicFileKey(key)) throw notFound();
    return sendStoredFile(files, request, reply, key, PUBLIC_CACHE_CONTROL);
  };
  const signedFile = async (request: FastifyRequest<{ Params: { '*': string }; Querystring: z.infer<typeof linkQuery> }>, reply: FastifyReply) => {
    const key = request.params['*'];
    if (!isSafeFileKey(key)) throw notFound();
    const check = signer.check(key, request.query.expires, request.query.signature);
    if (!check.ok) throw new HttpError(403, LINK_REFUSALS[check.code] ?? 'Forbidden', { code: check.code });
    return sendStoredFile(files, request, reply, key, `private, max-age=${check.secondsLeft}`);
  };

  // A page of listings loads dozens of photos: files get a budget of their own, not the API's. The
  // private files' signed link is the credential, handed only to who may see the file.
  const fileBudget = perClient(3000, MINUTE);
  const publicFiles = { access: PUBLIC, requestLimit: fileBudget };
  const privateFiles = { access: publicAnswering(403, 'no valid signed link'), requestLimit: fileBudget };
  app.head(`${UPLOADS_URL_PREFIX}*`, { config: publicFiles, schema: { hide: true, params: keyParams } }, publicFile);
  app.get(`${UPLOADS_URL_PREFIX}*`, { config: publicFiles, schema: { hide: true, params: keyParams } }, publicFile);
  app.head('/api/files/*', { config: privateFiles, schema: { hide: true, params: keyParams, querystring: linkQuery } }, signedFile);
  app.get(
    '/api/files/*',
    {
      config: privateFiles,
      schema: {
        tags: ['files'],
        summary: 'A private file (chat, dispute or return photo) by the signed link the API handed out',
        params: keyParams,
        querystring: linkQuery,
      },
    },
    signedFile,
  );
};
