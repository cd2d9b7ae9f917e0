import { PageHeader } from '../../../components/page-header';

export function RefundedOrdersPage() {
  return <PageHeader title="Refunded Orders" description="Order items refunded to buyers." />;
}
