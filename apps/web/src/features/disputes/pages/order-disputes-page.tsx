import { PageHeader } from '../../../components/page-header';

export function OrderDisputesPage() {
  return <PageHeader title="Disputes" description="Problems you have raised with an order, and how each one is being resolved." />;
}
