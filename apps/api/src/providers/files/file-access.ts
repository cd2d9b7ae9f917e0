import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FileStore } from './port';

/**
 * Which files anyone may load and which only by a signed link (docs/product/uploads.md, decision 0017).
 * Product photos and review photos (shown on the public product page) are public; everything else
 * (chat, dispute and return photos, and any key a later feature adds) is private by default: the API
 * hands a short-lived signed link to whoever the owning module showed the file to, and `/uploads/`
 * never serves it.
 */
export const PUBLIC_FILE_PREFIXES: readonly string[] = ['products/', 'reviews/'];
export const SIGNED_FILES_URL_PREFIX = '/api/files/';

export const isPublicFileKey = (key: string) => PUBLIC_FILE_PREFIXES.some((prefix) => key.startsWith(prefix));

/** A link lives between 50 and 60 minutes: its expiry is rounded up to 10 minutes so one page's links stay the same (and cached) for a while. */
const LINK_LIFETIME_SECONDS = 60 * 60;
const LINK_ROUNDING_SECONDS = 10 * 60;

export const FILE_LINK_CODES = {
  required: 'file_link_required',
  invalid: 'file_link_invalid',
  expired: 'file_link_expired',
} as const;

export type FileLinkCheck = { ok: true; secondsLeft: number } | { ok: false; code: (typeof FILE_LINK_CODES)[keyof typeof FILE_LINK_CODES] };

export interface FileLinkSigner {
  /** `/api/files/<key>?expires=<unix seconds>&signature=<hmac>`. */
  signedUrlFor(key: string): string;
  check(key: string, expires: string | undefined, signature: string | undefined): FileLinkCheck;
}

/**
 * HMAC-SHA256 over the key and the expiry with a key derived from JWT_SECRET, which every instance
 * shares, so any instance verifies a link another one made. Nothing is stored.
 */
export function createFileLinkSigner(deps: { secret: string; now: () => Date }): FileLinkSigner {
  // Its own key, so a file signature can never be mistaken for anything else signed with the secret.
  const signingKey = createHmac('sha256', deps.secret).update('marketplace file links v1').digest();
  const signatureOf = (key: string, expires: number) => createHmac('sha256', signingKey).update(`${key}\n${expires}`).digest('base64url');
  const nowSeconds = () => Math.floor(deps.now().getTime() / 1000);

  return {
    signedUrlFor(key) {
      const expires = Math.ceil((nowSeconds() + LINK_LIFETIME_SECONDS - LINK_ROUNDING_SECONDS) / LINK_ROUNDING_SECONDS) * LINK_ROUNDING_SECONDS;
      return `${SIGNED_FILES_URL_PREFIX}${key}?expires=${expires}&signature=${signatureOf(key, expires)}`;
    },
    check(key, expires, signature) {
      if (!expires || !signature) return { ok: false, code: FILE_LINK_CODES.required };
      if (!/^\d{1,12}$/.test(expires)) return { ok: false, code: FILE_LINK_CODES.invalid };
      const expected = Buffer.from(signatureOf(key, Number(expires)));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, code: FILE_LINK_CODES.invalid };
      if (Number(expires) <= nowSeconds()) return { ok: false, code: FILE_LINK_CODES.expired };
      return { ok: true, secondsLeft: Number(expires) - nowSeconds() };
    },
  };
}

/** The store as the modules see it: a public URL for public keys, a signed link for every other. */
export function withAccessControlledUrls(store: FileStore, signer: FileLinkSigner): FileStore {
  return { ...store, urlFor: (key) => (isPublicFileKey(key) ? store.urlFor(key) : signer.signedUrlFor(key)) };
}
