import type { FastifyRequest } from 'fastify';
import { API_ERROR_CODES } from '@marketplace/contracts/error-codes';
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
/** The code of a body that is not a readable multipart form: cut short, no boundary, not a form at all. */
export const MALFORMED_MULTIPART = 'malformed_multipart';
/** The code of a part in the wrong field: a file outside "files", or text where the photos go. */
export const WRONG_FIELD = 'wrong_field';
/** The one field photos come in (every client sends them so; docs/product/validation.md). */
export const FILES_FIELD = 'files';

const MAX_IMAGE_MEGABYTES = MAX_IMAGE_BYTES / (1024 * 1024);
const NUL_MESSAGE = 'Text must not contain NUL characters';

/** What a form's files are, for its field and the refusals' words: photos for most forms, a CSV file for the listings' import. */
export interface FileParts {
  /** The one field the files come in. */
  field: string;
  /** "the photos" in "Send the photos as multipart/form-data." */
  them: string;
  /** "the photos as files" in "Send the photos as files in the "files" field". */
  themAsFiles: string;
  /** "photos (files)" in "The "files" field takes photos (files), not text." */
  takes: string;
  /** The refusal of one file past the route's size limit (413). */
  tooLarge(file: string): string;
  /** The refusal of more files than the route takes (413 `too_many_files`). */
  tooMany: string;
  /** The code of a file too large (413); the status's by default. */
  tooLargeCode?: string;
}

export const PHOTO_PARTS: FileParts = {
  field: FILES_FIELD,
  them: 'the photos',
  themAsFiles: 'the photos as files',
  takes: 'photos (files)',
  tooLarge: (file) => `"${file}" is larger than ${MAX_IMAGE_MEGABYTES} MB. Each photo may be at most ${MAX_IMAGE_MEGABYTES} MB.`,
  tooMany: `Upload at most ${MAX_PRODUCT_IMAGES} photos at a time.`,
};

/**
 * Reads a multipart form: the photos (file parts, in the field "files"; other files with `parts`) and the text fields. `onField`
 * runs as soon as a field arrives, so a bad token sent first stops the upload before any photo is read.
 * Every way a body can be wrong is the client's mistake and answered as such (docs/product/validation.md):
 * a body that cannot be read is a 400 `malformed_multipart`, a part in the wrong field a 400 `wrong_field`,
 * a NUL in a name or a value a 400 `invalid_text`, past a limit a 413. Nothing is stored from such a body:
 * the routes store only after the whole form has been read.
 */
export async function readMultipart(request: FastifyRequest, onField?: (name: string, value: string) => Promise<void>, parts: FileParts = PHOTO_PARTS) {
  if (!request.isMultipart()) throw new HttpError(415, `Send ${parts.them} as multipart/form-data.`);
  const files: IncomingFile[] = [];
  const fields = new Map<string, string>();
  let currentFile = '';
  // What the route's own `onField` threw goes out as it is (a bad token is a 403; a failed query a 500).
  let fromOnField: unknown = undefined;
  try {
    for await (const part of request.parts()) {
      if (part.fieldname.includes('\u0000')) throw new HttpError(400, NUL_MESSAGE, { code: API_ERROR_CODES.invalidText });
      if (part.type === 'file') {
        if (part.fieldname !== parts.field) {
          throw new HttpError(400, `Send ${parts.themAsFiles} in the "${parts.field}" field (not "${part.fieldname}").`, {
            code: WRONG_FIELD,
            field: part.fieldname,
          });
        }
        if (part.filename.includes('\u0000')) throw new HttpError(400, NUL_MESSAGE, { code: API_ERROR_CODES.invalidText, field: parts.field });
        currentFile = part.filename;
        files.push({ name: part.filename, data: await part.toBuffer() });
      } else {
        if (part.fieldname === parts.field) {
          throw new HttpError(400, `The "${parts.field}" field takes ${parts.takes}, not text.`, { code: WRONG_FIELD, field: parts.field });
        }
        const value = typeof part.value === 'string' ? part.value : String(part.value);
        if (value.includes('\u0000')) throw new HttpError(400, NUL_MESSAGE, { code: API_ERROR_CODES.invalidText, field: part.fieldname });
        fields.set(part.fieldname, value);
        try {
          await onField?.(part.fieldname, value);
        } catch (error) {
          fromOnField = error;
          throw error;
        }
      }
    }
  } catch (error) {
    if (error instanceof HttpError || (error !== undefined && error === fromOnField)) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new HttpError(413, parts.tooLarge(currentFile), { file: currentFile, ...(parts.tooLargeCode ? { code: parts.tooLargeCode } : {}) });
    }
    if (code === 'FST_FILES_LIMIT') throw new HttpError(413, parts.tooMany, { code: TOO_MANY_FILES });
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new HttpError(413, 'The upload has too many parts.');
    // Anything else the parser or the request stream raised: a body cut short, a Content-Type without its
    // boundary, bytes that are no form, a closed connection. The client's doing, never a 500.
    request.log.info({ err: error }, 'unreadable multipart body');
    throw new HttpError(400, 'The form could not be read: it is cut short or not valid multipart/form-data. Please send it again.', {
      code: MALFORMED_MULTIPART,
    });
  }
  return { files, fields };
}
