import type { ReactNode } from 'react';
import type { ProductStatus } from '@marketplace/contracts/catalog';
import { Alert } from '../../../components/alert';

/**
 * Tells the seller why buyers cannot see a listing (docs/product/listings.md): a draft (the API's `isDraft`)
 * goes live with its first photo; any other hidden listing was hidden by the marketplace. Nothing for a live listing.
 */
export function ListingVisibilityNotice({ listing, action }: { listing: { status: ProductStatus; isDraft: boolean }; action?: ReactNode }) {
  if (listing.isDraft) {
    return (
      <Alert tone="info" title="Draft: only you can see this listing" action={action}>
        It goes live as soon as it has a photo. Add one from your computer or with your phone.
      </Alert>
    );
  }
  if (listing.status === 'hidden') {
    return (
      <Alert tone="warning" title="Hidden from buyers" action={action}>
        The marketplace has hidden this listing: it does not appear in search and cannot be bought.
      </Alert>
    );
  }
  return null;
}
