import { PageHeader } from '../../../components/page-header';

export function SellerInventoryPage() {
  return <PageHeader title="Inventory" description="Stock levels for every product you sell, so you can restock before you run out." />;
}
