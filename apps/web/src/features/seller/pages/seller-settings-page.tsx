import { PageHeader } from '../../../components/page-header';

export function SellerSettingsPage() {
  return <PageHeader title="Settings" description="Your store’s details, shipping address and notification preferences." />;
}
