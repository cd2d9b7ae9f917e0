import { PageHeader } from '../../../components/page-header';

export function AdminOrderItemsPage() {
  return <PageHeader title="Order Items" description="The items in this order, their sellers and their statuses." />;
}
