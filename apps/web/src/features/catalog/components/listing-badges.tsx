import type { ProductCondition, ProductStatus } from '@marketplace/contracts/catalog';
import { isLowStock, isOutOfStock, LOW_STOCK_THRESHOLD } from '@marketplace/domain/inventory';
import { StatusBadge } from '../../../components/status-badge';
import { formatNumber } from '@marketplace/domain/number-format';

export const CONDITION_LABELS: Record<ProductCondition, string> = {
  new: 'New',
  like_new: 'Like new',
  good: 'Good',
  fair: 'Fair',
};

/** "Low stock" is 1..LOW_STOCK_THRESHOLD units (packages/domain/src/inventory.ts); 0 is "Out of stock". */
export function StockBadge({ quantity }: { quantity: number }) {
  if (isOutOfStock(quantity)) return <StatusBadge kind="stock" status="out_of_stock" label="Out of stock" />;
  if (isLowStock(quantity)) return <StatusBadge kind="stock" status="low_stock" label="Low stock" />;
  return null;
}

/** "12 in stock" with the low/out-of-stock badge beside it. */
export function StockLevel({ quantity }: { quantity: number }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <span className="tabular-nums">{formatNumber(quantity)} in stock</span>
      <StockBadge quantity={quantity} />
    </span>
  );
}

/** Active, Hidden, or Draft: a hidden listing not ready yet, as the API says (`isDraft`, docs/product/listings.md). */
export function ListingStatusBadge({ status, isDraft = false }: { status: ProductStatus; isDraft?: boolean }) {
  return <StatusBadge kind="product" status={status} {...(isDraft ? { label: 'Draft' } : {})} />;
}

export const LOW_STOCK_HINT = `Low stock means ${LOW_STOCK_THRESHOLD} units or fewer.`;
