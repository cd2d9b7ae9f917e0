import type { FastifyRequest } from 'fastify';
import { MAX_IMAGE_BYTES, MAX_PRODUCT_IMAGES } from '@marketplace/contracts/catalog';
import { HttpError } from '../lib/http-errors';

/** A file read from a multipart body. */
export interface IncomingFile {
  /** The name the browser sent, for messages and the image's label. */
  name: string;
  data: Buffer;
}

/** The code of a multipart body with more files than the route takes. */
export const TOO_MANY_FILES = 'too_many_files';

const MAX_IMAGE_MEGABYTES = MAX_IMAGE_BYTES / (1024 * 1024);

/**
 * Reads a multipart form: every file part (whatever its field name; browsers send "files") and the
 * text fields. `onField` runs as soon as a field arrives, so a bad token sent first stops the
 * upload before any photo is read.
 */
export async function readMultipart(request: FastifyRequest, onField?: (name: string, value: string) => Promise<void>) {
  if (!request.isMultipart()) throw new HttpError(415, 'Send the photos as multipart/form-data.');
  const files: IncomingFile[] = [];
  const fields = new Map<string, string>();
  let currentFile = '';
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        currentFile = part.filename;
        files.push({ name: part.filename, data: await part.toBuffer() });
      } else {
        const value = typeof part.value === 'string' ? part.value : String(part.value);
        fields.set(part.fieldname, value);
        await onField?.(part.fieldname, value);
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new HttpError(413, `"${currentFile}" is larger than ${MAX_IMAGE_MEGABYTES} MB. Each photo may be at most ${MAX_IMAGE_MEGABYTES} MB.`, { file: currentFile });
    }
    if (code === 'FST_FILES_LIMIT') throw new HttpError(413, `Upload at most ${MAX_PRODUCT_IMAGES} photos at a time.`, { code: TOO_MANY_FILES });
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new HttpError(413, 'The upload has too many parts.');
    throw error;
  }
  return { files, fields };
}

