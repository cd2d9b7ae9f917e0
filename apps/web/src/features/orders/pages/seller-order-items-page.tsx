import { PageHeader } from '../../../components/page-header';

export function SellerOrderItemsPage() {
  return <PageHeader title="Order Details" description="The items in this order, the buyer’s address and its shipments." />;
}
