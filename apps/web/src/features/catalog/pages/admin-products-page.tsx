import { PageHeader } from '../../../components/page-header';

export function AdminProductsPage() {
  return <PageHeader title="Products" description="Every product listed on the marketplace, by seller and category." />;
}
