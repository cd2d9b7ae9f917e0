import { StatusBadge } from '../../../../components/status-badge';

/** docs/product/statuses.md: the seller payout flag, Unpaid until a payout succeeds. */
export function SellerPayoutBadge({ isPaid }: { isPaid: boolean }) {
  return <StatusBadge kind="sellerPayout" status={isPaid ? 'paid' : 'unpaid'} />;
}
