import { Link, useNavigate } from 'react-router';
import { toast } from '../../../components/toast';
import { buttonClasses } from '../../../components/button';
import { PageHeader } from '../../../components/page-header';
import { useCreateProductMutation } from '../seller-api';
import { ProductForm } from '../components/product-form';
import type { CreateProductRequest } from '@marketplace/contracts/catalog';

export function SellerAddListingPage() {
  const navigate = useNavigate();
  const [createProduct] = useCreateProductMutation();

  return (
    <div className="space-y-6">
      <PageHeader
        title="Add Listing"
        description="Describe what you are selling, then add photos on the next step. The listing stays a draft, seen only by you, until it has a photo."
      />
      <ProductForm
        submitLabel="Create listing"
        busyLabel="Creating…"
        secondaryAction={
          <Link to="/seller/product-list" className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
            Cancel
          </Link>
        }
        onSubmit={async (request) => {
          // A new listing's form has no loaded stock to leave out: it sends every field.
          const product = await createProduct(request as CreateProductRequest).unwrap();
          toast.success('Draft saved. Add a photo to put it live.', { duration: 4000 });
          // Photos need the listing's id, so they are added on the edit page.
          navigate(`/seller/product-list/edit/${product.id}`);
        }}
      />
    </div>
  );
}
