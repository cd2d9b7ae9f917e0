import { StatusBadge } from '../../../../components/status-badge';

/** SPEC §4.7: the seller payout flag, Unpaid until a payout succeeds. */
export function SellerPayoutBadge({ isPaid }: { isPaid: boolean }) {
  return <StatusBadge kind="sellerPayout" status={isPaid ? 'paid' : 'unpaid'} />;
}
