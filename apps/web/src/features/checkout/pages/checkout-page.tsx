import { PageHeader } from '../../../components/page-header';

export function CheckoutPage() {
  return <PageHeader title="Checkout" description="Confirm your delivery address and pay securely for the items in your cart." />;
}
