import { PageHeader } from '../../../components/page-header';

export function SellerProductListPage() {
  return <PageHeader title="Product List" description="Every product in your store with its price, stock and status." />;
}
