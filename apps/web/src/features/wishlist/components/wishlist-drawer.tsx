import { useState } from 'react';
import { useSelector } from 'react-redux';
import { Link } from 'react-router';
import { Heart, Trash2 } from 'lucide-react';
import { toast } from '../../../components/toast';
import { Button, buttonClasses } from '../../../components/button';
import { ProductImage } from '../../../components/product-image';
import { SlideOver } from '../../../components/slide-over';
import { Spinner } from '../../../components/spinner';
import { describeApiError } from '../../../lib/api-error';
import { formatDollars } from '../../../lib/format';
import { useRemoveWishlistItemMutation } from '../api';
import { selectWishlist, type WishlistItem } from '../slice';

interface WishlistDrawerProps {
  onClose: () => void;
  /** The cart is another feature; the app shell passes in how to add to it. */
  onAddToCart: (item: WishlistItem) => Promise<void>;
}

function WishlistLine({ item, onAddToCart, onNavigate }: { item: WishlistItem; onAddToCart: WishlistDrawerProps['onAddToCart']; onNavigate: () => void }) {
  const [removeItem] = useRemoveWishlistItemMutation();
  const [isAdding, setIsAdding] = useState(false);
  const title = item.title ?? 'Product';
  const isPending = item.id.startsWith('pending-');
  // 0 when out of stock, and also when the listing is no longer for sale (hidden, or its seller suspended).
  const isUnavailable = item.quantity === 0;

  async function addToCart() {
    setIsAdding(true);
    try {
      await onAddToCart(item);
      toast.success(`${title} added to your cart`);
    } catch (error) {
      toast.error(describeApiError(error).message);
    } finally {
      setIsAdding(false);
    }
  }

  async function remove() {
    try {
      await removeItem(item.id).unwrap();
    } catch (error) {
      toast.error(describeApiError(error).message);
    }
  }

  return (
    <li className="flex gap-3 py-4">
      <ProductImage src={item.image} alt="" className="size-20 shrink-0 rounded-lg" />
      <div className="min-w-0 flex-1">
        <Link to={`/products/${item.product_id}`} onClick={onNavigate} className="line-clamp-2 text-sm font-medium text-slate-900 hover:text-brand-800">
          {title}
        </Link>
        <p className="mt-0.5 text-sm font-semibold text-slate-900">{item.price !== undefined ? formatDollars(item.price) : ''}</p>
        {isUnavailable && <p className="text-xs font-medium text-red-700">Unavailable</p>}
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <Button size="sm" onClick={() => void addToCart()} isBusy={isAdding} disabled={isPending || isUnavailable}>
            Add to cart<span className="sr-only"> {title}</span>
          </Button>
          <button
            type="button"
            className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm text-slate-600 hover:bg-slate-100 hover:text-red-700 disabled:opacity-40"
            disabled={isPending}
            onClick={() => void remove()}
          >
            <Trash2 className="size-4" aria-hidden />
            Remove<span className="sr-only"> {title} from wishlist</span>
          </button>
        </div>
      </div>
    </li>
  );
}

/** Saved products as a slide-over from the header: move to the cart or remove. */
export function WishlistDrawer({ onClose, onAddToCart }: WishlistDrawerProps) {
  const wishlist = useSelector(selectWishlist);
  const isEmpty = wishlist.items.length === 0;

  return (
    <SlideOver title="Your wishlist" onClose={onClose}>
      {wishlist.loading && isEmpty ? (
        <p role="status" className="flex items-center gap-2 py-6 text-sm text-slate-600">
          <Spinner className="size-4" /> Loading your wishlist…
        </p>
      ) : wishlist.error && isEmpty ? (
        <p role="alert" className="py-6 text-sm text-red-700">
          {wishlist.error}
        </p>
      ) : isEmpty ? (
        <div className="flex flex-col items-center gap-3 py-12 text-center">
          <Heart className="size-10 text-slate-300" aria-hidden />
          <p className="font-medium text-slate-900">Nothing saved yet</p>
          <p className="text-sm text-slate-600">Tap “Add to wishlist” on a product to keep it here for later.</p>
          <Link to="/products" onClick={onClose} className={buttonClasses({ variant: 'secondary' })}>
            Browse products
          </Link>
        </div>
      ) : (
        <ul className="-my-4 divide-y divide-slate-200" aria-label="Saved products">
          {wishlist.items.map((item) => (
            <WishlistLine key={item.id} item={item} onAddToCart={onAddToCart} onNavigate={onClose} />
          ))}
        </ul>
      )}
    </SlideOver>
  );
}
