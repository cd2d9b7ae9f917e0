import { PageHeader } from '../../../components/page-header';

export function ShippedOrdersPage() {
  return <PageHeader title="Shipped Orders" description="Shipped order items, and whether each seller has been paid." />;
}
