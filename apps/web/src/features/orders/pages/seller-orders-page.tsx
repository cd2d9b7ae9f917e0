import { PageHeader } from '../../../components/page-header';

export function SellerOrdersPage() {
  return <PageHeader title="Orders" description="Orders from your buyers, ready to approve, ship and follow." />;
}
