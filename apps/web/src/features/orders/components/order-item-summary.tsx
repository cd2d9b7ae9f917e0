import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { BuyerOrder } from '@marketplace/contracts/orders';
import { ProductImage } from '../../../components/product-image';
import { StatusBadge } from '../../../components/status-badge';
import { formatDollars } from '../../../lib/format';

type Item = BuyerOrder['items'][number];

/** One bought item as the buyer sees it everywhere: photo, title, status, quantity × price, a rejection's reason. */
export function OrderItemSummary({ item, imageClassName = '', children }: { item: Item; imageClassName?: string; children?: ReactNode }) {
  return (
    <div className="flex gap-3">
      <ProductImage src={item.image} alt="" className={`size-16 shrink-0 rounded-lg ${imageClassName}`} />
      <div className="min-w-0 flex-1 text-sm">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <Link to={`/products/${item.productId}`} className="font-medium text-slate-900 hover:text-brand-800">
            {item.title}
          </Link>
          <StatusBadge status={item.status} kind="orderItem" />
        </div>
        {item.variantLabel && <p className="text-slate-700">{item.variantLabel}</p>}
        {item.personalization && (
          <p className="break-words whitespace-pre-line text-slate-700">
            <span className="font-medium">Personalisation:</span> {item.personalization}
          </p>
        )}
        {item.gift && (
          <p className="break-words whitespace-pre-line text-slate-700">
            <span className="font-medium">Sent as a gift</span>
            {item.gift.message && <>: “{item.gift.message}”</>}
          </p>
        )}
        <p className="text-slate-600">
          {item.quantity} × {formatDollars(item.price)}
          {item.retipAdded && <> · add-on {formatDollars(item.retipPrice)}</>}
        </p>
        {item.rejectionReason && <p className="mt-0.5 text-red-700">Rejected by the seller: {item.rejectionReason}</p>}
        {children}
      </div>
    </div>
  );
}
