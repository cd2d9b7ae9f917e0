import { PageHeader } from '../../../components/page-header';

export function MyOrdersPage() {
  return <PageHeader title="My Orders" description="Everything you have ordered, with its status and UPS tracking." />;
}
