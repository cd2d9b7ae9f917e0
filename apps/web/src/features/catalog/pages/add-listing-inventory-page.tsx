import { Link, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { toast } from '../../../components/toast';
import { MAX_QUANTITY } from '@marketplace/contracts/catalog';
import { Alert } from '../../../components/alert';
import { Button, buttonClasses } from '../../../components/button';
import { TextField } from '../../../components/field';
import { PageHeader } from '../../../components/page-header';
import { Spinner } from '../../../components/spinner';
import { describeApiError } from '../../../lib/api-error';
import { pluralise } from '../../../lib/plural';
import { useForm } from '../../../lib/use-form';
import { useGetSellerProductQuery, useUpdateInventoryMutation } from '../seller-api';
import { StockLevel } from '../components/listing-badges';
import { formatNumber } from '@marketplace/domain/number-format';

const WHOLE_NUMBER = /^\d+$/;
const RESTOCK_MESSAGE = `Enter how many units to add, from 1 to ${formatNumber(MAX_QUANTITY)}`;
/** The API's restock limits, read from the text typed, with one message for anything else. */
const restockFormSchema = z.object({
  /** Which combination, for a listing with variants (decision 0043); empty otherwise. */
  variantId: z.string(),
  restock: z
    .string()
    .trim()
    .regex(WHOLE_NUMBER, RESTOCK_MESSAGE)
    .transform(Number)
    .refine((units) => units >= 1 && units <= MAX_QUANTITY, RESTOCK_MESSAGE),
});

export function AddListingInventoryPage() {
  const { listingId = '' } = useParams();
  const navigate = useNavigate();
  const { data: product, isLoading, isError, error: loadError, refetch } = useGetSellerProductQuery(listingId);
  const [updateInventory, { isLoading: isSaving }] = useUpdateInventoryMutation();
  const form = useForm({
    initialValues: { variantId: '', restock: '' },
    // A listing with variants is restocked one combination at a time: which one is chosen first.
    schema: product?.hasVariants ? restockFormSchema.extend({ variantId: z.string().min(1, 'Choose which variant you received') }) : restockFormSchema,
  });

  const handleSubmit = form.handleSubmit(async ({ variantId, restock }) => {
    try {
      const updated = await updateInventory({ id: listingId, body: { restock, ...(variantId ? { variantId } : {}) } }).unwrap();
      const variant = updated.variants.find((candidate) => candidate.id === variantId);
      const now = variant ? `${variant.label} now has ${variant.quantity}` : `Stock is now ${updated.quantity}`;
      toast.success(`Added ${pluralise(restock, 'unit')}. ${now}.`, { duration: 4000 });
      navigate(`/seller/listing/inventory/${listingId}`);
    } catch (caught) {
      const details = describeApiError(caught);
      if (details.fieldErrors.restock) form.showErrors({ restock: details.fieldErrors.restock });
      else form.setFormError(details.message);
    }
  });

  const units = form.values.restock.trim();
  const added = WHOLE_NUMBER.test(units) ? Number(units) : 0;
  const chosenVariant = product?.variants.find((variant) => variant.id === form.values.variantId);
  const before = chosenVariant ? chosenVariant.quantity : (product?.quantity ?? 0);

  return (
    <div className="space-y-6">
      <PageHeader title="Restock" description={product ? product.title : 'Add units you have received to a listing.'} />
      {isLoading ? (
        <p className="flex items-center gap-2 text-slate-600" role="status">
          <Spinner className="size-4" /> Loading the listing…
        </p>
      ) : isError || !product ? (
        <Alert
          title={describeApiError(loadError).status === 404 ? 'Listing not found' : 'The listing could not be loaded'}
          action={
            <Button size="sm" variant="secondary" onClick={() => void refetch()}>
              Try again
            </Button>
          }
        >
          <Link to="/seller/inventory" className="underline">
            Back to inventory
          </Link>
        </Alert>
      ) : (
        <form
          noValidate
          onSubmit={(event) => void handleSubmit(event)}
          className="max-w-lg space-y-5 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
        >
          {form.formError && <Alert>{form.formError}</Alert>}
          <p className="text-sm text-slate-700">
            Now: <StockLevel quantity={product.quantity} />
          </p>
          {product.hasVariants && (
            <div>
              <label htmlFor="restock-variant" className="mb-1.5 block text-sm font-medium text-slate-800">
                Variant
              </label>
              <select
                id="restock-variant"
                name="variantId"
                value={form.values.variantId}
                onChange={(event) => form.setValue('variantId', event.target.value)}
                aria-invalid={form.errors.variantId ? true : undefined}
                aria-describedby={form.errors.variantId ? 'restock-variant-error' : undefined}
                className="block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base shadow-sm sm:text-sm"
              >
                <option value="">Choose a variant</option>
                {product.variants.map((variant) => (
                  <option key={variant.id} value={variant.id}>
                    {variant.label} ({variant.quantity} in stock)
                  </option>
                ))}
              </select>
              {form.errors.variantId && (
                <p id="restock-variant-error" className="mt-1.5 text-sm font-medium text-red-700">
                  {form.errors.variantId}
                </p>
              )}
            </div>
          )}
          <TextField
            label="Units to add"
            inputMode="numeric"
            autoFocus
            {...form.field('restock')}
            hint={added > 0 ? `Stock will be ${formatNumber(before + added)} after restocking.` : 'The number of units you have received.'}
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Link to={`/seller/listing/inventory/${listingId}`} className={buttonClasses({ variant: 'secondary' })}>
              Cancel
            </Link>
            <Button type="submit" isBusy={isSaving} busyLabel="Adding…">
              Add stock
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
