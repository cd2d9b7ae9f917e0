import type { ProductStatus } from '@marketplace/contracts/catalog';
import { StatusBadge } from '../../../components/status-badge';

/** Active listings are live (green); hidden ones are out of the shop (neutral), drafts among them (the API's `isDraft`). */
export function ProductStatusBadge({ status, isDraft = false }: { status: ProductStatus; isDraft?: boolean }) {
  return <StatusBadge kind="product" status={status} {...(isDraft ? { label: 'Draft' } : {})} />;
}
