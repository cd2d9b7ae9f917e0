import { useSelector } from 'react-redux';
import { Link } from 'react-router';
import { CalendarOff, Minus, Plus, ShoppingCart, Trash2 } from 'lucide-react';
import { awayMessage } from '@marketplace/domain/vacation';
import { toast } from '../../../components/toast';
import { buttonClasses } from '../../../components/button';
import { ProductImage } from '../../../components/product-image';
import { SlideOver } from '../../../components/slide-over';
import { Spinner } from '../../../components/spinner';
import { describeApiError } from '../../../lib/api-error';
import { formatDollars } from '../../../lib/format';
import { useAddCartItemMutation, useRemoveCartItemMutation, useSetCartItemRetipMutation } from '../api';
import { selectCart, type CartItem } from '../slice';
import { sumAddOns } from '../totals';
import { LinePersonalization } from './line-personalization';

function isPending(item: CartItem): boolean {
  return item.id.startsWith('pending-');
}

function CartLine({ item, onNavigate }: { item: CartItem; onNavigate: () => void }) {
  const [addToCart] = useAddCartItemMutation();
  const [removeFromCart] = useRemoveCartItemMutation();
  const [setRetip] = useSetCartItemRetipMutation();
  // A listing in two variants is two lines: each named with its variant ("Organic tee (Size: M)") for screen readers.
  const title = item.variant_label ? `${item.title ?? 'Product'} (${item.variant_label})` : (item.title ?? 'Product');
  const isBusy = isPending(item);
  // A shop on vacation keeps the line, but sells nothing until its day (docs/product/shops.md).
  const away = item.seller?.vacation ?? null;
  const canAddMore = away === null && (item.available_quantity === undefined || item.quantity < item.available_quantity);
  const addOnPrice = item.retip_offered_price ?? item.retip_price;

  async function run(action: () => Promise<unknown>) {
    try {
      await action();
    } catch (error) {
      toast.error(describeApiError(error).message);
    }
  }

  return (
    <li className="flex gap-3 py-4">
      <Link to={`/products/${item.product_id}`} onClick={onNavigate} className="shrink-0" tabIndex={-1} aria-hidden>
        <ProductImage src={item.image} alt="" className="size-20 rounded-lg" />
      </Link>
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-2">
          <Link to={`/products/${item.product_id}`} onClick={onNavigate} className="line-clamp-2 text-sm font-medium text-slate-900 hover:text-brand-800">
            {item.title ?? 'Product'}
          </Link>
          <p className="shrink-0 text-sm font-semibold text-slate-900">{formatDollars(item.price)}</p>
        </div>
        {item.variant_label && <p className="mt-0.5 text-xs text-slate-600">{item.variant_label}</p>}
        <LinePersonalization item={item} />
        {item.price_changed && item.previous_price != null && (
          <p className="mt-0.5 text-xs font-medium text-amber-800">Price changed from {formatDollars(item.previous_price)}</p>
        )}
        {item.available_quantity === 0 && <p className="mt-0.5 text-xs font-medium text-red-700">Out of stock</p>}
        {away && (
          // Written from the date's digits, never through Intl: the drawer opens on public pages too (decision 0042).
          <p role="note" className="mt-1 flex items-start gap-1.5 rounded-md bg-amber-50 px-2 py-1 text-xs font-medium text-amber-900">
            <CalendarOff className="mt-px size-3.5 shrink-0 text-amber-700" aria-hidden />
            {awayMessage(away.until)}
          </p>
        )}

        <div className="mt-2 flex items-center justify-between gap-2">
          <div className="flex items-center rounded-lg border border-slate-300" role="group" aria-label={`Quantity of ${title}`}>
            <button
              type="button"
              className="grid size-9 place-items-center text-slate-700 hover:bg-slate-100 disabled:opacity-40"
              disabled={isBusy}
              aria-label={item.quantity === 1 ? `Remove ${title}` : `Decrease quantity of ${title}`}
              onClick={() => void run(() => removeFromCart({ id: item.id, quantity: 1 }).unwrap())}
            >
              <Minus className="size-4" aria-hidden />
            </button>
            <span className="min-w-8 text-center text-sm font-medium tabular-nums" aria-live="polite">
              {item.quantity}
            </span>
            <button
              type="button"
              className="grid size-9 place-items-center text-slate-700 hover:bg-slate-100 disabled:opacity-40"
              disabled={isBusy || !canAddMore}
              aria-label={`Increase quantity of ${title}`}
              onClick={() =>
                void run(() =>
                  addToCart({
                    product_id: item.product_id,
                    ...(item.variant_id ? { variant_id: item.variant_id } : {}),
                    // The same line: its text too (another text would be another line).
                    ...(item.personalization ? { personalization: item.personalization } : {}),
                    quantity: 1,
                  }).unwrap(),
                )
              }
            >
              <Plus className="size-4" aria-hidden />
            </button>
          </div>
          <button
            type="button"
            className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm text-slate-600 hover:bg-slate-100 hover:text-red-700 disabled:opacity-40"
            disabled={isBusy}
            onClick={() => void run(() => removeFromCart({ id: item.id, quantity: item.quantity }).unwrap())}
          >
            <Trash2 className="size-4" aria-hidden />
            Remove<span className="sr-only"> {title}</span>
          </button>
        </div>

        {item.retip_label && (
          <label className="mt-2 flex items-start gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              className="mt-0.5 size-4 rounded border-slate-300 accent-brand-700"
              checked={item.retip_added}
              disabled={isBusy}
              onChange={(event) => void run(() => setRetip({ id: item.id, isAdded: event.target.checked, price: addOnPrice }).unwrap())}
            />
            <span>
              {item.retip_label} <span className="text-slate-500">(+{formatDollars(addOnPrice)})</span>
            </span>
          </label>
        )}
      </div>
    </li>
  );
}

/** The cart as a slide-over from the header: lines, quantities, add-ons, totals and Checkout. */
export function CartDrawer({ onClose }: { onClose: () => void }) {
  const cart = useSelector(selectCart);
  const addOns = sumAddOns(cart.items);
  const isEmpty = cart.items.length === 0;

  const footer = isEmpty ? undefined : (
    <div className="space-y-3">
      <dl className="space-y-1 text-sm">
        <div className="flex justify-between">
          <dt className="text-slate-600">Items ({cart.totalQuantity})</dt>
          <dd className="font-medium tabular-nums">{formatDollars(cart.totalPrice)}</dd>
        </div>
        {addOns > 0 && (
          <div className="flex justify-between">
            <dt className="text-slate-600">Add-on services</dt>
            <dd className="font-medium tabular-nums">{formatDollars(addOns)}</dd>
          </div>
        )}
      </dl>
      <p className="text-xs text-slate-500">Each shop sets its shipping; see it and delivery dates at checkout.</p>
      <Link to="/products/checkout" onClick={onClose} className={buttonClasses({ size: 'lg', className: 'w-full' })}>
        Checkout
      </Link>
    </div>
  );

  return (
    <SlideOver title="Your cart" onClose={onClose} footer={footer}>
      {cart.loading && isEmpty ? (
        <p role="status" className="flex items-center gap-2 py-6 text-sm text-slate-600">
          <Spinner className="size-4" /> Loading your cart…
        </p>
      ) : cart.error && isEmpty ? (
        <p role="alert" className="py-6 text-sm text-red-700">
          {cart.error}
        </p>
      ) : isEmpty ? (
        <div className="flex flex-col items-center gap-3 py-12 text-center">
          <ShoppingCart className="size-10 text-slate-300" aria-hidden />
          <p className="font-medium text-slate-900">Your cart is empty</p>
          <Link to="/products" onClick={onClose} className={buttonClasses({ variant: 'secondary' })}>
            Browse products
          </Link>
        </div>
      ) : (
        <ul className="-my-4 divide-y divide-slate-200" aria-label="Cart items">
          {cart.items.map((item) => (
            <CartLine key={item.id} item={item} onNavigate={onClose} />
          ))}
        </ul>
      )}
    </SlideOver>
  );
}
