import { PageHeader } from '../../../components/page-header';

export function PayoutManagementPage() {
  return <PageHeader title="Payout Management" description="Seller payouts sent through Stripe Connect." />;
}
