import { PageHeader } from '../../../components/page-header';

export function SellerDashboardPage() {
  return <PageHeader title="Dashboard" description="Sales, orders and payouts for your store at a glance." />;
}
