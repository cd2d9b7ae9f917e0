import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from '../../../components/toast';
import { MAX_QUANTITY } from '@marketplace/contracts/catalog';
import { Alert } from '../../../components/alert';
import { Button, buttonClasses } from '../../../components/button';
import { TextField } from '../../../components/field';
import { PageHeader } from '../../../components/page-header';
import { Spinner } from '../../../components/spinner';
import { describeApiError } from '../../../lib/api-error';
import { pluralise } from '../../../lib/plural';
import { useGetSellerProductQuery, useUpdateInventoryMutation } from '../api';
import { StockLevel } from '../components/listing-badges';

const WHOLE_NUMBER = /^\d+$/;

export function AddListingInventoryPage() {
  const { listingId = '' } = useParams();
  const navigate = useNavigate();
  const { data: product, isLoading, isError, error: loadError, refetch } = useGetSellerProductQuery(listingId);
  const [updateInventory, { isLoading: isSaving }] = useUpdateInventoryMutation();
  const [units, setUnits] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const text = units.trim();
    if (!WHOLE_NUMBER.test(text) || Number(text) < 1 || Number(text) > MAX_QUANTITY) {
      setError(`Enter how many units to add, from 1 to ${MAX_QUANTITY.toLocaleString('en-US')}`);
      return;
    }
    try {
      const updated = await updateInventory({ id: listingId, body: { restock: Number(text) } }).unwrap();
      toast.success(`Added ${pluralise(Number(text), 'unit')}. Stock is now ${updated.quantity}.`, { duration: 4000 });
      navigate(`/seller/listing/inventory/${listingId}`);
    } catch (caught) {
      const details = describeApiError(caught);
      if (details.fieldErrors.restock) setError(details.fieldErrors.restock);
      else setFormError(details.message);
    }
  }

  const added = WHOLE_NUMBER.test(units.trim()) ? Number(units.trim()) : 0;

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
        <form noValidate onSubmit={handleSubmit} className="max-w-lg space-y-5 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
          {formError && <Alert>{formError}</Alert>}
          <p className="text-sm text-slate-700">
            Now: <StockLevel quantity={product.quantity} />
          </p>
          <TextField
            label="Units to add"
            name="restock"
            inputMode="numeric"
            autoFocus
            value={units}
            error={error}
            hint={added > 0 ? `Stock will be ${(product.quantity + added).toLocaleString('en-US')} after restocking.` : 'The number of units you have received.'}
            onChange={(event) => {
              setUnits(event.target.value);
              setError(undefined);
            }}
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
