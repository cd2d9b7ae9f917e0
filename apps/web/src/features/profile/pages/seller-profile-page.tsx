import { PageHeader } from '../../../components/page-header';

export function SellerProfilePage() {
  return <PageHeader title="Profile" description="Your name, email and password for signing in." />;
}
