import { PageHeader } from '../../../components/page-header';

export function UserInsightsPage() {
  return <PageHeader title="User Insights" description="This user’s orders, spending and activity over time." />;
}
