import { DISPUTE_STATUS_LABELS, type DisputeStatus } from '@marketplace/contracts/disputes';

// Open waits on the seller (yellow), the two middle steps are in progress (blue, violet for the
// marketplace's review), and the outcome is green for a refund, red for a rejected claim.
const STATUS_CLASSES: Record<DisputeStatus, string> = {
  open: 'bg-amber-100 text-amber-800 ring-amber-600/20',
  seller_responded: 'bg-blue-100 text-blue-800 ring-blue-600/20',
  under_review: 'bg-violet-100 text-violet-800 ring-violet-600/20',
  resolved_refunded: 'bg-emerald-100 text-emerald-800 ring-emerald-600/20',
  resolved_rejected: 'bg-red-100 text-red-800 ring-red-600/20',
};

export function DisputeStatusBadge({ status }: { status: DisputeStatus }) {
  return (
    <span
      className={`inline-flex items-center rounded-md px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${STATUS_CLASSES[status]}`}
      data-status={status}
    >
      {DISPUTE_STATUS_LABELS[status]}
    </span>
  );
}
