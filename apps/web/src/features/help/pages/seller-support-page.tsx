import { PageHeader } from '../../../components/page-header';

export function SellerSupportPage() {
  return <PageHeader title="Support" description="Contact the Marketplace team about an order, a payout or your account." />;
}
