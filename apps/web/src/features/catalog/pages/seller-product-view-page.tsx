import { PageHeader } from '../../../components/page-header';

export function SellerProductViewPage() {
  return <PageHeader title="Product Details" description="How this product appears to buyers, with its stock and sales." />;
}
