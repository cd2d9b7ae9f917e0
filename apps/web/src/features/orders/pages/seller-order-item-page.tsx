import { PageHeader } from '../../../components/page-header';

export function SellerOrderItemPage() {
  return <PageHeader title="Order Item" description="One ordered item: quantity, price, status and shipment." />;
}
