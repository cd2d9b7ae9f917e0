// Drafts (docs/product/listings.md): a listing goes live only with at least one photo.
//
// Listings are active or hidden. A new listing is stored hidden and has no photo: that is a draft, seen
// only by its seller (who can preview it) and admins, and its first photo puts it live. A hidden listing
// that has photos was hidden by the marketplace. A listing that has photos keeps at least one, so the
// two never look alike.

/** A listing as lists and pages show it: its status and its cover photo (null without any). */
export interface ListingForDraftCheck {
  status: string;
  image: unknown;
}

/** True for a draft: hidden and without a photo. */
export function isDraftListing(listing: ListingForDraftCheck): boolean {
  return listing.status === 'hidden' && (listing.image === null || listing.image === undefined);
}
