import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useGetPublicSettingsQuery } from '../api';
import { MySupportRequests } from '../components/my-support-requests';
import { SupportRequestForm } from '../components/support-request-form';

export function SellerSupportPage() {
  const settings = useGetPublicSettingsQuery();
  return (
    <div className="space-y-6">
      <PageHeader title="Support" description="Contact the Marketplace team about an order, a payout or your account." />
      <div className="grid max-w-4xl gap-6">
        <p className="text-sm text-slate-600">
          Looking for how something works? The{' '}
          <Link to="/seller/help-and-support" className="font-medium text-brand-700 underline-offset-2 hover:underline">
            Help &amp; Support guides
          </Link>{' '}
          walk through each part of the seller centre.
        </p>
        <SupportRequestForm supportEmail={settings.data?.supportEmail} />
        <MySupportRequests />
      </div>
    </div>
  );
}
