import { PageHeader } from '../../../components/page-header';

export function SellerProductEditPage() {
  return <PageHeader title="Edit Product" description="Change this product’s details, photos, price and stock." />;
}
