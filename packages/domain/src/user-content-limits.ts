// How much of each thing one person may keep (docs/product/limits.md). The API refuses past these
// with 409 and a code of its own; the web uses the same numbers to say so before asking.

/** Support requests a seller may have open at once; closing one (the admin does) frees a place. */
export const MAX_OPEN_SUPPORT_REQUESTS_PER_USER = 10;

/** Different products in one cart (each line holds up to 99 units of its product). */
export const MAX_CART_LINES = 100;

/** Products in one wishlist. */
export const MAX_WISHLIST_ITEMS = 200;

/** Addresses in one person's address book. */
export const MAX_ADDRESSES_PER_USER = 20;

/** Listings one seller has (live, hidden and drafts alike). */
export const MAX_LISTINGS_PER_SELLER = 10_000;

/** Photos a person has uploaded into chats but not sent yet. */
export const MAX_PENDING_CHAT_UPLOADS_PER_USER = 20;

/** A chat photo not sent within this time is dropped (its place is freed). */
export const PENDING_CHAT_UPLOAD_LIFETIME_HOURS = 24;

/** Whether `adding` more fit beside the `kept` ones under `cap` (all whole numbers; a cap is never passed, only reached). */
export function hasRoomFor(kept: number, adding: number, cap: number): boolean {
  return adding >= 0 && kept + adding <= cap;
}

/** Photos uploaded before this moment and still not sent no longer count against the cap (the clean-up job drops them). */
export function chatUploadsCountSince(now: Date): Date {
  return new Date(now.getTime() - PENDING_CHAT_UPLOAD_LIFETIME_HOURS * 60 * 60 * 1000);
}
