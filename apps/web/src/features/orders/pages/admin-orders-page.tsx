import { PageHeader } from '../../../components/page-header';

export function AdminOrdersPage() {
  return <PageHeader title="Orders" description="Every order placed on the marketplace, with its status." />;
}
