import { fileTypeFromBuffer } from 'file-type';
import decodeHeic from 'heic-decode';
import sharp, { type Sharp } from 'sharp';
import { badRequest } from './http-errors';
import type { IncomingFile } from '../plugins/multipart';
import type { FileStore } from '../providers/files/port';
import { MEDIUM_MAX_SIDE, THUMBNAIL_MAX_SIDE } from './photo-variants';

// Uploaded photos (product images, and the photos of chat messages, disputes and returns) are judged by
// their bytes, never by their name or the browser's content type (docs/product/uploads.md), then
// re-encoded, which also drops anything hidden in the original file (EXIF location, scripts in polyglot
// files). Shared by every module that takes photos, so it lives beside the other shared helpers.

export type { IncomingFile };

export interface ProcessedImage {
  name: string;
  /** WebP, at most IMAGE_MAX_SIDE pixels on its longer side, turned upright, without metadata. */
  image: Buffer;
  thumbnail: Buffer;
  width: number;
  height: number;
}

export const IMAGE_MAX_SIDE = 1600;
export { MEDIUM_MAX_SIDE, THUMBNAIL_MAX_SIDE };
/** Decompression-bomb guard: a tiny file can claim gigapixels; 40 MP covers any phone camera. */
export const MAX_INPUT_PIXELS = 40_000_000;

const DIRECT_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);
const HEIF_TYPES = new Set(['image/heic', 'image/heif', 'image/heic-sequence', 'image/heif-sequence']);

const notAnImage = (name: string) => badRequest(`"${name}" is not a supported image. Upload JPEG, PNG, WebP or HEIC photos.`, { file: name });
const tooManyPixels = (name: string) =>
  badRequest(`"${name}" is too large: photos may have at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels.`, { file: name });
const unreadable = (name: string) => badRequest(`"${name}" could not be read as an image; it may be damaged.`, { file: name });

/** iPhone photos: decode HEIC/HEIF to raw pixels (after checking their size) for sharp. */
async function openHeif(file: IncomingFile): Promise<Sharp> {
  let images: Awaited<ReturnType<typeof decodeHeic.all>>;
  try {
    images = await decodeHeic.all({ buffer: file.data });
  } catch {
    throw unreadable(file.name);
  }
  try {
    const primary = images[0];
    if (!primary) throw unreadable(file.name);
    if (primary.width * primary.height > MAX_INPUT_PIXELS) throw tooManyPixels(file.name);
    const { width, height, data } = await primary.decode();
    return sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), { raw: { width, height, channels: 4 } });
  } finally {
    images.dispose();
  }
}

const hiddenData = (name: string) =>
  badRequest(`"${name}" has data hidden after the image (for example a script). Upload the photo as it came from the camera.`, { file: name });

/**
 * Active content after the image's end marker: markup, a script, PHP, or an archive. Other trailers are
 * common in real phone photos (a motion photo's video, maker notes) and are simply dropped when the
 * photo is re-encoded.
 */
const ACTIVE_CONTENT = /<\s*(?:script|\?php|html|svg|iframe|body|object|embed)\b|javascript:/i;
/** A ZIP (or JAR, DOCX…) local file header. */
const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/**
 * Where a JPEG or PNG really ends (its EOI marker or IEND chunk), or null when the format has no simple
 * end marker to check (WebP carries its own length and HEIC is decoded separately).
 */
export function imageEndOffset(data: Buffer, mime: string): number | null {
  if (mime === 'image/png') {
    const iend = data.lastIndexOf(Buffer.from('IEND'));
    return iend < 0 ? null : iend + 8; // "IEND" + its 4-byte CRC
  }
  if (mime === 'image/jpeg') {
    const eoi = data.lastIndexOf(Buffer.from([0xff, 0xd9]));
    return eoi < 0 ? null : eoi + 2;
  }
  if (mime === 'image/webp' && data.length >= 8 && data.toString('ascii', 0, 4) === 'RIFF') return Math.min(data.length, data.readUInt32LE(4) + 8);
  return null;
}

/**
 * The medium size of a stored photo (its WebP), or null when the photo is no larger than that already: a
 * listing's photos are kept in three sizes, the page's `srcset` picks (docs/product/uploads.md).
 */
export async function mediumOf(image: Buffer, size: { width: number; height: number }): Promise<Buffer | null> {
  if (Math.max(size.width, size.height) <= MEDIUM_MAX_SIDE) return null;
  return sharp(image).resize({ width: MEDIUM_MAX_SIDE, height: MEDIUM_MAX_SIDE, fit: 'inside' }).webp({ quality: 80 }).toBuffer();
}

/** Checks one upload and makes its stored image and thumbnail; throws a 400 naming the file. */
export async function processImage(file: IncomingFile): Promise<ProcessedImage> {
  const type = await fileTypeFromBuffer(file.data);
  let source: Sharp;
  if (type && DIRECT_TYPES.has(type.mime)) {
    // A polyglot (an image with a script or an archive appended) is refused, not silently cleaned.
    const end = imageEndOffset(file.data, type.mime);
    const trailer = end !== null && end < file.data.length ? file.data.subarray(end) : null;
    if (trailer && (ACTIVE_CONTENT.test(trailer.toString('latin1')) || trailer.includes(ZIP_SIGNATURE))) throw hiddenData(file.name);
    source = sharp(file.data, { limitInputPixels: MAX_INPUT_PIXELS });
  } else if (type && HEIF_TYPES.has(type.mime)) {
    source = await openHeif(file);
  } else {
    throw notAnImage(file.name);
  }
  try {
    const { data: image, info } = await source
      .rotate() // upright by the EXIF orientation, before the metadata is dropped
      .resize({ width: IMAGE_MAX_SIDE, height: IMAGE_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    const thumbnail = await sharp(image)
      .resize({ width: THUMBNAIL_MAX_SIDE, height: THUMBNAIL_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer();
    return { name: file.name, image, thumbnail, width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw tooManyPixels(file.name);
    throw unreadable(file.name);
  }
}

/** A case photo as stored: numbered from 1 in its folder, with its thumbnail beside it. */
export interface StoredPhoto {
  id: string;
  fileKey: string;
  thumbnailKey: string;
  name: string;
}

/** Stores processed photos as `<folder>/<n>.webp` and `<folder>/<n>-thumb.webp` (disputes' and returns' photos). */
export async function storeCasePhotos(files: Pick<FileStore, 'put'>, folder: string, images: ProcessedImage[]): Promise<StoredPhoto[]> {
  const stored: StoredPhoto[] = [];
  for (const [index, image] of images.entries()) {
    const id = `${index + 1}`;
    const fileKey = `${folder}/${id}.webp`;
    const thumbnailKey = `${folder}/${id}-thumb.webp`;
    await files.put(fileKey, image.image);
    await files.put(thumbnailKey, image.thumbnail);
    stored.push({ id, fileKey, thumbnailKey, name: image.name });
  }
  return stored;
}
