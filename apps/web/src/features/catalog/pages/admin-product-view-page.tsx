import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ArrowLeft, Eye, EyeOff } from 'lucide-react';
import type { ProductDetail } from '@marketplace/contracts/catalog';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { LoadError, LoadingState } from '../../../components/list-states';
import { PageHeader } from '../../../components/page-header';
import { ProductImage } from '../../../components/product-image';
import { statusLabel } from '../../../components/status-badge';
import { describeApiError } from '../../../lib/api-error';
import { formatDate, formatDollars } from '../../../lib/format';
import { useGetAdminProductQuery } from '../admin-api';
import { ProductStatusBadge } from '../components/product-status-badge';
import { ProductVisibilityDialog, type VisibilityChange } from '../components/product-visibility-dialog';

function BackToProducts() {
  return (
    <Link to="/admin/products" className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:text-brand-800">
      <ArrowLeft className="size-4" aria-hidden />
      Back to products
    </Link>
  );
}

function Gallery({ product }: { product: ProductDetail }) {
  const [selectedIndex, setSelectedIndex] = useState(0);
  const images = product.images;
  const selected = images[Math.min(selectedIndex, images.length - 1)];

  return (
    <section aria-label="Photos" className="grid gap-3">
      <ProductImage
        src={selected?.url}
        alt={selected ? `${product.title}, photo ${selectedIndex + 1} of ${images.length}` : product.title}
        className="aspect-square w-full rounded-xl border border-slate-200"
      />
      {images.length > 1 && (
        <ul className="grid grid-cols-5 gap-2">
          {images.map((image, index) => (
            <li key={image.id}>
              <button
                type="button"
                onClick={() => setSelectedIndex(index)}
                aria-label={`Show photo ${index + 1}`}
                aria-pressed={index === selectedIndex}
                className={`block w-full overflow-hidden rounded-lg ring-2 ring-offset-1 ${index === selectedIndex ? 'ring-brand-600' : 'ring-transparent hover:ring-slate-300'}`}
              >
                <ProductImage src={image.thumbnailUrl} alt="" className="aspect-square w-full" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-2">
      <dt className="text-slate-500">{term}</dt>
      <dd className="text-right font-medium text-slate-900">{children}</dd>
    </div>
  );
}

export function AdminProductViewPage() {
  const { id = '' } = useParams();
  const { data: product, error, isLoading, isFetching, refetch } = useGetAdminProductQuery(id);
  const [change, setChange] = useState<VisibilityChange | null>(null);

  if (isLoading) {
    return (
      <div className="grid gap-6">
        <BackToProducts />
        <LoadingState label="Loading product…" />
      </div>
    );
  }

  if (!product) {
    return (
      <div className="grid gap-6">
        <BackToProducts />
        <PageHeader title="Product" description="A listing as buyers see it, with its seller and status." />
        {describeApiError(error).status === 404 ? (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">
            This product does not exist. It may have been deleted by its seller.
          </p>
        ) : (
          <LoadError title="The product could not be loaded" error={error} onRetry={() => void refetch()} isRetrying={isFetching} />
        )}
      </div>
    );
  }

  const isActive = product.status === 'active';

  return (
    <div className="grid gap-6">
      <BackToProducts />
      <PageHeader
        title={product.title}
        description={`${product.category.name} · listed ${formatDate(product.createdAt)}`}
        actions={
          <Button variant={isActive ? 'danger' : 'primary'} onClick={() => setChange({ id: product.id, title: product.title, status: product.status })}>
            {isActive ? <EyeOff className="size-4" aria-hidden /> : <Eye className="size-4" aria-hidden />}
            {isActive ? 'Hide listing' : 'Restore listing'}
          </Button>
        }
      />

      {!isActive && (
        <Alert tone="warning" title="Hidden from buyers">
          This listing does not appear in search and cannot be ordered. Restore it to put it back on sale.
        </Alert>
      )}

      <div className="grid gap-6 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <Gallery product={product} />

        <div className="grid content-start gap-4">
          <section aria-labelledby="product-details" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
            <h2 id="product-details" className="text-base font-semibold text-slate-900">
              Details
            </h2>
            <dl className="mt-2 divide-y divide-slate-100 text-sm">
              <Fact term="Status">
                <ProductStatusBadge status={product.status} isDraft={product.isDraft} />
              </Fact>
              <Fact term="Price">{formatDollars(product.price)}</Fact>
              <Fact term="Stock">
                <span className={product.quantity === 0 ? 'text-red-700' : undefined}>{product.quantity === 0 ? 'Out of stock' : product.quantity}</span>
              </Fact>
              <Fact term="Condition">{statusLabel(product.condition)}</Fact>
              <Fact term="Category">{product.category.name}</Fact>
              <Fact term="Weight">{`${product.weightOunces} oz`}</Fact>
              <Fact term="Add-on service">{product.retip ? `${product.retip.label} (${formatDollars(product.retip.price)})` : 'None'}</Fact>
            </dl>
          </section>

          <section aria-labelledby="product-seller" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
            <h2 id="product-seller" className="text-base font-semibold text-slate-900">
              Seller
            </h2>
            <p className="mt-2 text-sm text-slate-900">{product.seller.companyName ?? 'Seller without a company name'}</p>
            <Link to={`/admin/users/insights/${product.seller.id}`} className="mt-1 inline-block text-sm font-medium text-brand-700 hover:text-brand-800">
              Seller insights
            </Link>
          </section>

          <section aria-labelledby="product-description" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
            <h2 id="product-description" className="text-base font-semibold text-slate-900">
              Description
            </h2>
            <p className="mt-2 text-sm whitespace-pre-line text-slate-700">{product.description}</p>
          </section>
        </div>
      </div>

      <ProductVisibilityDialog change={change} onClose={() => setChange(null)} />
    </div>
  );
}
