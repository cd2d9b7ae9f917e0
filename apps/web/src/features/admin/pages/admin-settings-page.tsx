import { PageHeader } from '../../../components/page-header';
import { MarketplaceSettingsForm } from '../components/settings/marketplace-settings-form';
import { OutboxPanel } from '../components/settings/outbox-panel';
import { PayoutSettingsForm } from '../components/settings/payout-settings-form';
import { SupportRequestsPanel } from '../components/settings/support-requests-panel';

export function AdminSettingsPage() {
  return (
    <div className="grid gap-8">
      <PageHeader
        title="Settings"
        description="The marketplace’s name and support contact, how sellers are paid, the requests sellers send to support, and the e-mail outbox."
      />
      <div className="grid max-w-4xl gap-8">
        <MarketplaceSettingsForm />
        <PayoutSettingsForm />
      </div>
      <SupportRequestsPanel />
      <OutboxPanel />
    </div>
  );
}
