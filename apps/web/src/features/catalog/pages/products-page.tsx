import { PageHeader } from '../../../components/page-header';

export function ProductsPage() {
  return <PageHeader title="Products" description="Browse products from independent sellers across every category." />;
}
