import { PageHeader } from '../../../components/page-header';

export function UsersPage() {
  return <PageHeader title="Users" description="Every buyer, seller and administrator, with their status." />;
}
