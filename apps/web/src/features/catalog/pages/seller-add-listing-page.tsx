import { PageHeader } from '../../../components/page-header';

export function SellerAddListingPage() {
  return <PageHeader title="Add Listing" description="Create a listing with photos, a description, a price and stock." />;
}
