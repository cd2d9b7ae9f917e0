import { PageHeader } from '../../../components/page-header';
import { NotificationPreferencesForm } from '../components/notification-preferences-form';
import { ReturnPolicyForm } from '../components/return-policy-form';
import { ShipFromAddress } from '../components/ship-from-address';
import { ShippingProfilesSection } from '../components/shipping-profiles';
import { StoreDetailsForm } from '../components/store-details-form';
import { VacationForm } from '../components/vacation-form';

export function SellerSettingsPage() {
  return (
    <div className="space-y-6">
      <PageHeader title="Settings" description="Your store’s details, vacation, shipping address and profiles, return policy and notification preferences." />
      <div className="grid max-w-4xl gap-6">
        <StoreDetailsForm />
        <VacationForm />
        <ShipFromAddress />
        <ShippingProfilesSection />
        <ReturnPolicyForm />
        <NotificationPreferencesForm />
      </div>
    </div>
  );
}
