import { DISPUTE_STATUS_LABELS, type DisputeStatus } from '@marketplace/contracts/disputes';
import { StatusBadge } from '../../../components/status-badge';

export function DisputeStatusBadge({ status }: { status: DisputeStatus }) {
  return <StatusBadge kind="dispute" status={status} label={DISPUTE_STATUS_LABELS[status]} />;
}
