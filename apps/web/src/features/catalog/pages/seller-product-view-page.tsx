import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Boxes, Eye, Pencil } from 'lucide-react';
import type { ProductDetail } from '@marketplace/contracts/catalog';
import { Alert } from '../../../components/alert';
import { Button, buttonClasses } from '../../../components/button';
import { PageHeader } from '../../../components/page-header';
import { ProductImage } from '../../../components/product-image';
import { Spinner } from '../../../components/spinner';
import { describeApiError } from '../../../lib/api-error';
import { formatDate, formatDollars } from '../../../lib/format';
import { useGetSellerProductQuery } from '../seller-api';
import { CONDITION_LABELS, ListingStatusBadge, LOW_STOCK_HINT, StockLevel } from '../components/listing-badges';
import { ListingVisibilityNotice } from '../components/listing-visibility-notice';

function Gallery({ product }: { product: ProductDetail }) {
  const [selected, setSelected] = useState(0);
  const current = product.images[selected] ?? product.images[0];
  return (
    <div className="space-y-3">
      <ProductImage
        src={current?.url}
        alt={current ? `${product.title}, photo ${selected + 1}` : product.title}
        className="aspect-square w-full rounded-xl border border-slate-200"
      />
      {product.images.length > 1 && (
        <ul className="flex gap-2 overflow-x-auto pb-1" aria-label="Photos">
          {product.images.map((image, index) => (
            <li key={image.id} className="shrink-0">
              <button
                type="button"
                aria-label={`Show photo ${index + 1}`}
                aria-pressed={index === selected}
                onClick={() => setSelected(index)}
                className={`overflow-hidden rounded-lg border-2 ${index === selected ? 'border-brand-600' : 'border-transparent'}`}
              >
                <ProductImage src={image.thumbnailUrl} alt="" className="size-16" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function SellerProductViewPage() {
  const { id = '' } = useParams();
  const { data: product, isLoading, isError, error, refetch } = useGetSellerProductQuery(id);

  if (isLoading) {
    return (
      <p className="flex items-center gap-2 text-slate-600" role="status">
        <Spinner className="size-4" /> Loading the listing…
      </p>
    );
  }
  if (isError || !product) {
    return (
      <div className="space-y-6">
        <PageHeader title="Listing" description="How buyers see this listing." />
        <Alert
          title={describeApiError(error).status === 404 ? 'Listing not found' : 'The listing could not be loaded'}
          action={
            <Button size="sm" variant="secondary" onClick={() => void refetch()}>
              Try again
            </Button>
          }
        >
          <Link to="/seller/product-list" className="underline">
            Back to your products
          </Link>
        </Alert>
      </div>
    );
  }

  return (
    <div className="space-y-6">
      <PageHeader
        title={product.title}
        description="How buyers see this listing, with its stock and status."
        actions={
          <>
            <Link to={`/seller/product-list/edit/${product.id}`} className={buttonClasses()}>
              <Pencil className="size-4" aria-hidden /> Edit
            </Link>
            <Link to={`/seller/listing/inventory/${product.id}`} className={buttonClasses({ variant: 'secondary' })}>
              <Boxes className="size-4" aria-hidden /> Inventory
            </Link>
          </>
        }
      />

      <ListingVisibilityNotice listing={product} />

      <section aria-label="Stock and status" className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-3">
        <div>
          <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">Stock</p>
          <div className="mt-1 text-sm font-medium text-slate-900">
            <StockLevel quantity={product.quantity} />
          </div>
          <p className="mt-0.5 text-xs text-slate-500">{LOW_STOCK_HINT}</p>
        </div>
        <div>
          <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">Status</p>
          <div className="mt-1">
            <ListingStatusBadge status={product.status} isDraft={product.isDraft} />
          </div>
        </div>
        <div>
          <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">Listed</p>
          <p className="mt-1 text-sm text-slate-900">{formatDate(product.createdAt)}</p>
        </div>
      </section>

      <section aria-label="Buyer preview" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <p className="mb-4 inline-flex items-center gap-1.5 text-xs font-medium tracking-wide text-slate-500 uppercase">
          <Eye className="size-3.5" aria-hidden /> Buyer preview
        </p>
        <div className="grid gap-6 md:grid-cols-2">
          <Gallery product={product} />
          <div className="space-y-4">
            <div>
              <p className="text-sm text-slate-500">{product.category.name}</p>
              <h2 className="text-2xl font-semibold text-slate-900">{product.title}</h2>
              {product.seller.companyName && (
                <p className="text-sm text-slate-600">
                  Sold by{' '}
                  <Link to={`/shop/${product.seller.id}`} className="font-medium text-brand-700 hover:underline">
                    {product.seller.companyName}
                  </Link>
                </p>
              )}
            </div>
            <p className="text-3xl font-semibold tabular-nums text-slate-900">
              {product.hasVariants ? `From ${formatDollars(product.price)}` : formatDollars(product.price)}
            </p>
            <dl className="grid grid-cols-2 gap-2 text-sm">
              <dt className="text-slate-500">Condition</dt>
              <dd className="text-slate-900">{CONDITION_LABELS[product.condition]}</dd>
              <dt className="text-slate-500">Availability</dt>
              <dd className="text-slate-900">{product.quantity > 0 ? `${product.quantity} available` : 'Out of stock'}</dd>
              <dt className="text-slate-500">Weight</dt>
              <dd className="text-slate-900">{product.weightOunces} oz</dd>
            </dl>
            {product.hasVariants && (
              <div>
                <h3 className="text-sm font-semibold text-slate-900">Variants</h3>
                <ul className="mt-1 divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm">
                  {product.variants.map((variant) => (
                    <li key={variant.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                      <span className="font-medium text-slate-900">{variant.label}</span>
                      <span className="tabular-nums text-slate-700">
                        {formatDollars(variant.price)} · {variant.quantity} in stock{variant.sku ? ` · SKU ${variant.sku}` : ''}
                        {!variant.available && ' · not offered'}
                      </span>
                    </li>
                  ))}
                </ul>
              </div>
            )}
            {product.retip && (
              <p className="rounded-lg bg-brand-50 p-3 text-sm text-brand-900">
                Optional add-on: <span className="font-medium">{product.retip.label}</span> for {formatDollars(product.retip.price)}
              </p>
            )}
            <div>
              <h3 className="text-sm font-semibold text-slate-900">Description</h3>
              <p className="mt-1 text-sm whitespace-pre-line text-slate-700">{product.description}</p>
            </div>
          </div>
        </div>
      </section>
    </div>
  );
}
