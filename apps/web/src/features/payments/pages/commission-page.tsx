import { PageHeader } from '../../../components/page-header';

export function CommissionPage() {
  return <PageHeader title="Commission" description="The commission rate Marketplace keeps on each product category." />;
}
