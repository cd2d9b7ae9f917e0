import { PageHeader } from '../../../components/page-header';
import { DisputesListSection } from '../components/disputes-list-section';

export function AdminDisputesPage() {
  return (
    <div className="grid gap-6">
      <PageHeader title="Disputes" description="Disputes buyers have opened, waiting for a decision." />
      <DisputesListSection casePath={(id) => `/admin/disputes/${id}`} parties="both" emptyText="No buyer has opened a dispute yet." />
    </div>
  );
}
