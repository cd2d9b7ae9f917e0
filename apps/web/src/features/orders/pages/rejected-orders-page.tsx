import { PageHeader } from '../../../components/page-header';

export function RejectedOrdersPage() {
  return <PageHeader title="Rejected Orders" description="Order items that sellers rejected, and why." />;
}
