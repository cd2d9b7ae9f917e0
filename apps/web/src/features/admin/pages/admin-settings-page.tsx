import { PageHeader } from '../../../components/page-header';
import { MarketplaceSettingsForm } from '../components/settings/marketplace-settings-form';
import { SupportRequestsPanel } from '../components/settings/support-requests-panel';

export function AdminSettingsPage() {
  return (
    <div className="grid gap-8">
      <PageHeader title="Settings" description="Marketplace-wide settings for payments, shipping and accounts." />
      <div className="max-w-4xl">
        <MarketplaceSettingsForm />
      </div>
      <SupportRequestsPanel />
    </div>
  );
}
