import { PageHeader } from '../../../components/page-header';

export function AdminSettingsPage() {
  return <PageHeader title="Settings" description="Marketplace-wide settings for payments, shipping and accounts." />;
}
