import { PageHeader } from '../../../components/page-header';

export function AdminProductViewPage() {
  return <PageHeader title="Product Details" description="This product’s listing, seller and sales history." />;
}
