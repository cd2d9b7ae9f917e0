import { useParams } from 'react-router';
import { DisputeCase } from '../components/dispute-case';

// One case page for the three areas; only the way back differs.

export function BuyerDisputeCasePage() {
  const { disputeId = '' } = useParams();
  return <DisputeCase disputeId={disputeId} backTo="/orderDisputes" backLabel="Back to your disputes" />;
}

export function SellerDisputeCasePage() {
  const { disputeId = '' } = useParams();
  return <DisputeCase disputeId={disputeId} backTo="/seller/disputes" backLabel="Back to disputes" />;
}

export function AdminDisputeCasePage() {
  const { disputeId = '' } = useParams();
  return <DisputeCase disputeId={disputeId} backTo="/admin/disputes" backLabel="Back to disputes" />;
}
