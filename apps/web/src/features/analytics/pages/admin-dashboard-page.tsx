import { PageHeader } from '../../../components/page-header';
import { AnalyticsDashboard } from '../components/analytics-dashboard';

export function AdminDashboardPage() {
  return (
    <div className="space-y-6">
      <PageHeader title="Dashboard" description="Sales, orders and users across the marketplace, as tables or charts." />
      <AnalyticsDashboard showSellerFilter />
    </div>
  );
}
