import { PageHeader } from '../../../components/page-header';

export function AdminDashboardPage() {
  return <PageHeader title="Dashboard" description="Sales, orders and users across the marketplace, as tables or charts." />;
}
