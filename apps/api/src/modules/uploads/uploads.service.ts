import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  CATALOG_ERROR_CODES,
  INVALID_UPLOAD_LINK_MESSAGE,
  LAST_PHOTO_MESSAGE,
  MAX_PRODUCT_IMAGES,
  UPLOAD_LINK_TTL_MINUTES,
  VALID_UPLOAD_LINK_MESSAGE,
  uploadSuccessMessage,
  type MobileUploadResponse,
  type ProductImage,
  type UploadLinkResponse,
  type ValidateUploadTokenResponse,
} from '@marketplace/contracts/catalog';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { HttpError, badRequest, conflict, notFound } from '../../lib/http-errors';
import type { FileStore } from '../../providers/files/port';
import { publishDraftListing, type ProductsService } from '../catalog';
import type { UserRecord } from '../users';
import { mediumOf, processImage, type IncomingFile, type ProcessedImage } from '../../lib/image-processing';
import {
  countImages,
  deleteImage,
  deleteUploadTokensExpiredBy,
  findImageIds,
  findImagesWithoutMedium,
  findLiveUploadToken,
  insertImages,
  insertUploadToken,
  lockProduct,
  mediumKeyOf,
  setImagePositions,
  setMediumKey,
  type NewImageRow,
} from './uploads.repository';

/** Photos given a medium size per round of the job; sharp takes ~50 ms for each. */
export const MEDIUM_SIZES_PER_ROUND = 20;
export const NO_FILES_MESSAGE = 'Choose at least one photo to upload.';
export const IMAGE_NOT_FOUND_MESSAGE = 'Photo not found';
export const REORDER_MESSAGE = 'Send every photo of this listing exactly once, in the new order.';
/** A link of a seller whose account is suspended: it works again if they are reinstated before it expires. */
export const SUSPENDED_UPLOAD_LINK_MESSAGE = 'This upload link does not work while the seller’s account is suspended.';

export interface UploadsService {
  listImages(seller: UserRecord, productId: string): Promise<ProductImage[]>;
  addImages(seller: UserRecord, productId: string, files: IncomingFile[]): Promise<ProductImage[]>;
  reorderImages(seller: UserRecord, productId: string, imageIds: string[]): Promise<ProductImage[]>;
  deleteImage(seller: UserRecord, productId: string, imageId: string): Promise<ProductImage[]>;
  /** `origin`: where the phone should open the link (the route passes the browser's address); PUBLIC_URL by default. */
  createUploadLink(seller: UserRecord, productId: string, origin?: string): Promise<UploadLinkResponse>;
  validateUploadToken(token: string): Promise<ValidateUploadTokenResponse>;
  /** Throws 403 with the spec's message unless the token is live; lets a route stop before reading files. */
  assertUploadTokenIsLive(token: string): Promise<void>;
  mobileUpload(token: string, files: IncomingFile[]): Promise<MobileUploadResponse>;
  /** The clean-up job: phone upload links past their expiry are deleted (they already answer as invalid). Answers how many. */
  deleteExpiredUploadTokens(): Promise<number>;
  /** A job's round: makes the medium size of up to `limit` photos stored before there was one. */
  makeMissingMediumSizes(limit?: number): Promise<{ made: number; looked: number }>;
}

export interface UploadsServiceDependencies {
  db: Database;
  files: FileStore;
  clock: Clock;
  publicUrl: string;
  products: ProductsService;
}

/** Only this hash is stored, so the table alone never yields a working link. */
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const tooManyPhotos = (existing: number) => {
  const room = Math.max(0, MAX_PRODUCT_IMAGES - existing);
  return badRequest(
    `A listing can have at most ${MAX_PRODUCT_IMAGES} photos. This one has ${existing}, so you can add ${room === 0 ? 'no more' : `at most ${room} more`}.`,
    { maxImages: MAX_PRODUCT_IMAGES, existingImages: existing },
  );
};

const invalidLink = () =>
  new HttpError(403, INVALID_UPLOAD_LINK_MESSAGE, { code: 'upload_link_invalid', success: false, message: INVALID_UPLOAD_LINK_MESSAGE });
const suspendedSellerLink = () =>
  new HttpError(403, SUSPENDED_UPLOAD_LINK_MESSAGE, { code: 'account_suspended', success: false, message: SUSPENDED_UPLOAD_LINK_MESSAGE });

/** "../../IMG 1.HEIC" → "IMG 1.HEIC": a label only, never a path. */
function displayNameOf(name: string, index: number): string {
  const base = name.split(/[\\/]/).pop()?.trim() ?? '';
  return (base || `photo-${index + 1}`).slice(0, 200);
}

export function createUploadsService({ db, files, clock, publicUrl, products }: UploadsServiceDependencies): UploadsService {
  const imagesOf = (productId: string) => products.listProductImages(productId);

  /**
   * All or nothing: every file is checked and converted before anything is stored; the files are
   * written before their rows (a row never points at a missing file) and removed again if the
   * rows cannot be written.
   */
  const storeImages = async (productId: string, incoming: IncomingFile[]): Promise<NewImageRow[]> => {
    if (incoming.length === 0) throw badRequest(NO_FILES_MESSAGE);
    const before = await countImages(db, productId);
    if (before.count + incoming.length > MAX_PRODUCT_IMAGES) throw tooManyPhotos(before.count);

    const processed: Array<ProcessedImage & { medium: Buffer | null }> = [];
    // One at a time: sharp already uses every core for one image, and memory stays bounded.
    for (const [index, file] of incoming.entries()) {
      const image = await processImage({ ...file, name: displayNameOf(file.name, index) });
      processed.push({ ...image, medium: await mediumOf(image.image, image) });
    }

    const rows = processed.map((image) => {
      const id = randomUUID();
      return {
        id,
        productId,
        fileKey: `products/${productId}/${id}.webp`,
        thumbnailKey: `products/${productId}/${id}-thumb.webp`,
        mediumKey: image.medium ? mediumKeyOf(productId, id) : null,
        name: image.name,
        width: image.width,
        height: image.height,
      };
    });
    const writes = rows.flatMap((row, index) => {
      const image = processed[index]!;
      return [
        { key: row.fileKey, data: image.image },
        { key: row.thumbnailKey, data: image.thumbnail },
        ...(row.mediumKey && image.medium ? [{ key: row.mediumKey, data: image.medium }] : []),
      ];
    });
    const removeWritten = () => Promise.allSettled(writes.map(({ key }) => files.delete(key)));

    try {
      await Promise.all(writes.map(({ key, data }) => files.put(key, data)));
      const createdAt = clock.now();
      await db.transaction(async (transaction) => {
        if (!(await lockProduct(transaction, productId))) throw notFound('Product not found');
        const current = await countImages(transaction, productId);
        if (current.count + rows.length > MAX_PRODUCT_IMAGES) throw tooManyPhotos(current.count);
        const firstPosition = current.maxPosition === null ? 0 : current.maxPosition + 1;
        await insertImages(
          transaction,
          rows.map((row, index) => ({ ...row, position: firstPosition + index, createdAt })),
        );
        // A draft goes live with its photo when its seller is verified (docs/product/listings.md); the listing's
        // `is_draft` flag, read under the row lock, says whether it is one. A listing the marketplace hid is not
        // a draft and stays hidden, whatever photos it gets.
        await publishDraftListing(transaction, productId, createdAt);
      });
      products.catalogChanged();
    } catch (error) {
      await removeWritten();
      throw error;
    }
    return rows;
  };

  const findLiveToken = (token: string) => findLiveUploadToken(db, hashToken(token), clock.now());
  /** The link, checked on every use: unexpired, and its seller not suspended (docs/product/listings.md). */
  const usableLink = async (token: string) => {
    const live = await findLiveToken(token);
    if (!live) throw invalidLink();
    if (live.sellerStatus !== 'active') throw suspendedSellerLink();
    return live;
  };

  return {
    async listImages(seller, productId) {
      await products.findOwnedProduct(seller.id, productId);
      return imagesOf(productId);
    },

    async addImages(seller, productId, incoming) {
      await products.findOwnedProduct(seller.id, productId);
      await storeImages(productId, incoming);
      return imagesOf(productId);
    },

    async reorderImages(seller, productId, imageIds) {
      await products.findOwnedProduct(seller.id, productId);
      await db.transaction(async (transaction) => {
        await lockProduct(transaction, productId);
        const current = await findImageIds(transaction, productId);
        const isPermutation = imageIds.length === current.length && new Set(imageIds).size === imageIds.length && imageIds.every((id) => current.includes(id));
        if (!isPermutation) throw badRequest(REORDER_MESSAGE, { issues: [{ path: 'imageIds', message: REORDER_MESSAGE }] });
        await setImagePositions(transaction, productId, imageIds);
      });
      products.catalogChanged();
      return imagesOf(productId);
    },

    async deleteImage(seller, productId, imageId) {
      await products.findOwnedProduct(seller.id, productId);
      const removed = await db.transaction(async (transaction) => {
        await lockProduct(transaction, productId);
        const current = await findImageIds(transaction, productId);
        if (!current.includes(imageId)) throw notFound(IMAGE_NOT_FOUND_MESSAGE);
        // A listing keeps at least one photo (docs/product/listings.md): a live one never shows without a
        // photo, and a draft that has one stays ready to go live.
        if (current.length === 1) throw conflict(LAST_PHOTO_MESSAGE, { code: CATALOG_ERROR_CODES.photoRequired });
        const row = await deleteImage(transaction, productId, imageId);
        if (!row) throw notFound(IMAGE_NOT_FOUND_MESSAGE);
        // Close the gap so positions stay 0..n-1 and the next photo becomes the cover if needed.
        await setImagePositions(transaction, productId, await findImageIds(transaction, productId));
        return row;
      });
      products.catalogChanged();
      // After the commit: a file left behind by a failed delete is harmless, a row without its file is not.
      await Promise.allSettled(
        [removed.fileKey, removed.thumbnailKey, removed.mediumKey].filter((key): key is string => key !== null).map((key) => files.delete(key)),
      );
      return imagesOf(productId);
    },

    async createUploadLink(seller, productId, origin = publicUrl) {
      await products.findOwnedProduct(seller.id, productId);
      const token = randomBytes(32).toString('base64url');
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + UPLOAD_LINK_TTL_MINUTES * 60_000);
      await insertUploadToken(db, { tokenHash: hashToken(token), productId, sellerId: seller.id, expiresAt, createdAt: now });
      return { token, url: `${origin.replace(/\/+$/, '')}/mobile-upload/${token}`, expiresAt: expiresAt.toISOString() };
    },

    async validateUploadToken(token) {
      const live = await findLiveToken(token);
      if (!live) return { valid: false, message: INVALID_UPLOAD_LINK_MESSAGE };
      if (live.sellerStatus !== 'active') return { valid: false, message: SUSPENDED_UPLOAD_LINK_MESSAGE };
      return { valid: true, message: VALID_UPLOAD_LINK_MESSAGE };
    },

    async assertUploadTokenIsLive(token) {
      await usableLink(token);
    },

    async mobileUpload(token, incoming) {
      const live = await usableLink(token);
      // The link is bound to one listing of one seller; it never reaches another listing.
      await products.findOwnedProduct(live.sellerId, live.productId);
      const rows = await storeImages(live.productId, incoming);
      return {
        success: true,
        images: rows.map((row) => ({ id: row.id, url: files.urlFor(row.fileKey), name: row.name })),
        message: uploadSuccessMessage(rows.length),
      };
    },

    deleteExpiredUploadTokens() {
      return deleteUploadTokensExpiredBy(db, clock.now());
    },

    async makeMissingMediumSizes(limit = MEDIUM_SIZES_PER_ROUND) {
      const waiting = await findImagesWithoutMedium(db, limit);
      const changed = new Set<string>();
      for (const image of waiting) {
        const original = await files.get(image.fileKey);
        const medium = original ? await mediumOf(original, { width: image.width ?? 0, height: image.height ?? 0 }).catch(() => null) : null;
        if (!medium) {
          // Unreadable or gone: the photo itself stands for its medium size, and the round does not meet it again.
          await setMediumKey(db, image, image.fileKey);
          continue;
        }
        const key = mediumKeyOf(image.productId, image.id);
        await files.put(key, medium);
        if (await setMediumKey(db, image, key)) changed.add(image.productId);
        else await files.delete(key).catch(() => undefined); // the photo was deleted meanwhile
      }
      if (changed.size > 0) products.catalogChanged([...changed]); // the pages kept for guests get the new sizes
      return { made: changed.size, looked: waiting.length };
    },
  };
}
