import { PageHeader } from '../../../components/page-header';
import { DisputesListSection } from '../components/disputes-list-section';

export function SellerDisputesPage() {
  return (
    <div className="grid gap-6">
      <PageHeader title="Disputes" description="Problems buyers have raised with your items: respond with a refund offer or your side of the story." />
      <DisputesListSection casePath={(id) => `/seller/disputes/${id}`} parties="buyer" emptyText="No buyer has opened a dispute about your items." />
    </div>
  );
}
