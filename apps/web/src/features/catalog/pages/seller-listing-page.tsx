import { PageHeader } from '../../../components/page-header';

export function SellerListingPage() {
  return <PageHeader title="Listing" description="Your listings and the inventory behind each one." />;
}
