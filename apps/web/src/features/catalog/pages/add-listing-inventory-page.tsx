import { PageHeader } from '../../../components/page-header';

export function AddListingInventoryPage() {
  return <PageHeader title="Add Inventory" description="Add stock to this listing so buyers can order more." />;
}
