import type { ProductStatus } from '@marketplace/contracts/catalog';
import { StatusBadge } from '../../../components/status-badge';

/** Active listings are live (green); hidden ones are out of the shop (neutral). */
export function ProductStatusBadge({ status }: { status: ProductStatus }) {
  return <StatusBadge kind="product" status={status} />;
}
