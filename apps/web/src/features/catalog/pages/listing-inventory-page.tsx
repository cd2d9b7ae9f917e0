import { PageHeader } from '../../../components/page-header';

export function ListingInventoryPage() {
  return <PageHeader title="Listing Inventory" description="The stock held for this listing, unit by unit." />;
}
