import { PageHeader } from '../../../components/page-header';

export function AdminDisputesPage() {
  return <PageHeader title="Disputes" description="Disputes buyers have opened, waiting for a decision." />;
}
