import { PageHeader } from '../../../components/page-header';
import { ListingBrowser } from '../components/listing-browser';

/** /products: search, category and price filters, sort and pages, all kept in the URL. */
export function ProductsPage() {
  return (
    <div className="space-y-6">
      <PageHeader title="Products" description="Browse products from independent sellers across every category." />
      <ListingBrowser />
    </div>
  );
}
