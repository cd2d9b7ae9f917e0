import { PageHeader } from '../../../components/page-header';

export function StripeSetupPage() {
  return <PageHeader title="Stripe Setup" description="Connect a Stripe Express account so Marketplace can pay out your sales." />;
}
