import { Link } from 'react-router';
import { Eye } from 'lucide-react';
import type { ProductDetailForViewer } from '@marketplace/contracts/catalog';
import { buttonClasses } from '../../../components/button';
import { formatDollars } from '../../../lib/format';
import { useSession } from '../../../lib/use-session';

/**
 * The product page in preview mode: its seller sees their listing as buyers will, with a word on
 * whether buyers can see it yet (docs/product/listings.md). Anyone else sees nothing here (and the API
 * answers them 404 for a draft or a hidden listing). The API tells the seller whether it is a draft.
 */
export function SellerPreviewBanner({ product }: { product: ProductDetailForViewer }) {
  const session = useSession();
  if (!session || session.userId !== product.seller.id) return null;
  const isDraft = product.isDraft === true;
  const isHidden = product.status === 'hidden';
  return (
    <div role="status" className="flex flex-wrap items-center gap-3 rounded-lg border border-sky-200 bg-sky-50 p-3.5 text-sm text-sky-900">
      <Eye className="size-4 shrink-0" aria-hidden />
      <p className="min-w-0 flex-1">
        <span className="font-semibold">Preview of your listing.</span>{' '}
        {isDraft
          ? 'It is a draft: buyers cannot see it until it has a photo.'
          : isHidden
            ? 'The marketplace has hidden it: buyers cannot see it.'
            : 'This is how buyers see it.'}
        {/* The purchase box shows a seller a note instead of the buttons, so the add-on is named here. */}
        {product.retip && (
          <span className="mt-0.5 block">
            Buyers can add “{product.retip.label}” (+{formatDollars(product.retip.price)}) to their order.
          </span>
        )}
      </p>
      <Link to={`/seller/product-list/edit/${product.id}`} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
        {isDraft ? 'Add photos' : 'Edit listing'}
      </Link>
    </div>
  );
}
