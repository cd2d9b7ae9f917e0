import { Link, useParams } from 'react-router';
import { Eye } from 'lucide-react';
import { toast } from '../../../components/toast';
import { Alert } from '../../../components/alert';
import { Button, buttonClasses } from '../../../components/button';
import { PageHeader } from '../../../components/page-header';
import { Spinner } from '../../../components/spinner';
import { describeApiError } from '../../../lib/api-error';
import { useGetSellerProductQuery, useUpdateProductMutation } from '../seller-api';
import { ListingVisibilityNotice } from '../components/listing-visibility-notice';
import { PhotoManager } from '../components/photo-manager';
import { ProductForm } from '../components/product-form';

export function SellerProductEditPage() {
  const { id = '' } = useParams();
  const product = useGetSellerProductQuery(id);
  const [updateProduct] = useUpdateProductMutation();

  return (
    <div className="space-y-6">
      <PageHeader
        title="Edit Listing"
        description={product.data ? product.data.title : 'Change the details, stock and photos of this listing.'}
        actions={
          product.data && (
            <Link to={`/products/${id}`} className={buttonClasses({ variant: 'secondary' })}>
              <Eye className="size-4" aria-hidden />
              Preview
            </Link>
          )
        }
      />
      {product.isLoading ? (
        <p className="flex items-center gap-2 text-slate-600" role="status">
          <Spinner className="size-4" /> Loading the listing…
        </p>
      ) : product.isError || !product.data ? (
        <Alert
          title={describeApiError(product.error).status === 404 ? 'Listing not found' : 'The listing could not be loaded'}
          action={
            <div className="flex gap-2">
              <Button size="sm" variant="secondary" onClick={() => void product.refetch()}>
                Try again
              </Button>
              <Link to="/seller/product-list" className={buttonClasses({ size: 'sm', variant: 'ghost' })}>
                Back to your products
              </Link>
            </div>
          }
        >
          It may have been removed, or it belongs to another shop.
        </Alert>
      ) : (
        <>
          <ListingVisibilityNotice listing={product.data} />
          <PhotoManager productId={id} productTitle={product.data.title} />
          {/* Keyed on the id so moving to another listing starts from its values. */}
          <ProductForm
            key={product.data.id}
            product={product.data}
            submitLabel="Save changes"
            busyLabel="Saving…"
            onSubmit={async (request) => {
              await updateProduct({ id, body: request }).unwrap();
              toast.success('Changes saved', { duration: 4000 });
            }}
          />
        </>
      )}
    </div>
  );
}
