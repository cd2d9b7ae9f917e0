import { useId, useState, type FormEvent } from 'react';
import { toast } from '../../../components/toast';
import { MAX_QUANTITY } from '@marketplace/contracts/catalog';
import { Button } from '../../../components/button';
import { describeApiError } from '../../../lib/api-error';
import { useUpdateInventoryMutation } from '../api';

const WHOLE_NUMBER = /^\d+$/;

/** Sets a listing's stock to a new number (PATCH …/inventory { quantity }). */
export function SetStockForm({ productId, productTitle, quantity, compact = false }: { productId: string; productTitle: string; quantity: number; compact?: boolean }) {
  const id = useId();
  const [value, setValue] = useState(String(quantity));
  const [error, setError] = useState<string | null>(null);
  const [updateInventory, { isLoading }] = useUpdateInventoryMutation();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = value.trim();
    if (!WHOLE_NUMBER.test(text) || Number(text) > MAX_QUANTITY) {
      setError(`Enter a whole number from 0 to ${MAX_QUANTITY.toLocaleString('en-US')}`);
      return;
    }
    setError(null);
    try {
      const product = await updateInventory({ id: productId, body: { quantity: Number(text) } }).unwrap();
      setValue(String(product.quantity));
      toast.success(`Stock for ${productTitle} is now ${product.quantity}`, { duration: 4000 });
    } catch (caught) {
      const details = describeApiError(caught);
      setError(details.fieldErrors.quantity ?? details.message);
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-1">
      <div className="flex items-end gap-2">
        <div>
          <label htmlFor={id} className={compact ? 'sr-only' : 'mb-1.5 block text-sm font-medium text-slate-800'}>
            {compact ? `Stock for ${productTitle}` : 'Units in stock'}
          </label>
          <input
            id={id}
            name="quantity"
            inputMode="numeric"
            value={value}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => {
              setValue(event.target.value);
              setError(null);
            }}
            className={`h-10 w-24 rounded-lg border bg-white px-3 text-base tabular-nums shadow-sm sm:text-sm ${error ? 'border-red-500' : 'border-slate-300'}`}
          />
        </div>
        <Button type="submit" variant="secondary" isBusy={isLoading} disabled={value.trim() === String(quantity)} aria-label={compact ? `Save stock for ${productTitle}` : undefined}>
          {compact ? 'Save' : 'Set stock'}
        </Button>
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}
