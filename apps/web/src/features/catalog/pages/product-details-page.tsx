import { PageHeader } from '../../../components/page-header';

export function ProductDetailsPage() {
  return <PageHeader title="Product Details" description="Photos, description, price and seller of this product." />;
}
