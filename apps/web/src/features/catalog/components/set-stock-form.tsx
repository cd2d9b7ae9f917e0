import { useId } from 'react';
import { z } from 'zod';
import { toast } from '../../../components/toast';
import { MAX_QUANTITY } from '@marketplace/contracts/catalog';
import { Button } from '../../../components/button';
import { describeApiError } from '../../../lib/api-error';
import { useForm } from '../../../lib/use-form';
import { useUpdateInventoryMutation } from '../seller-api';
import { formatNumber } from '@marketplace/domain/number-format';

const STOCK_MESSAGE = `Enter a whole number from 0 to ${formatNumber(MAX_QUANTITY)}`;
/** The API's stock limits, read from the text typed, with one message for anything else. */
const setStockSchema = z.object({
  quantity: z
    .string()
    .trim()
    .regex(/^\d+$/, STOCK_MESSAGE)
    .transform(Number)
    .refine((quantity) => quantity <= MAX_QUANTITY, STOCK_MESSAGE),
});

/** Sets a listing's stock, or one of its variants' (decision 0043), to a new number (PATCH …/inventory { quantity, variantId? }). */
export function SetStockForm({
  productId,
  productTitle,
  quantity,
  compact = false,
  variant,
}: {
  productId: string;
  productTitle: string;
  quantity: number;
  compact?: boolean;
  /** The variant whose stock this sets, for a listing with variants. */
  variant?: { id: string; label: string };
}) {
  const id = useId();
  const form = useForm({ initialValues: { quantity: String(quantity) }, schema: setStockSchema });
  const [updateInventory, { isLoading }] = useUpdateInventoryMutation();
  const { error, ...quantityInput } = form.field('quantity');
  const name = variant ? `${productTitle} (${variant.label})` : productTitle;

  const handleSubmit = form.handleSubmit(async (body) => {
    try {
      const product = await updateInventory({ id: productId, body: variant ? { ...body, variantId: variant.id } : body }).unwrap();
      const now = variant ? (product.variants.find((candidate) => candidate.id === variant.id)?.quantity ?? 0) : product.quantity;
      form.setValues({ quantity: String(now) });
      toast.success(`Stock for ${name} is now ${now}`, { duration: 4000 });
    } catch (caught) {
      const details = describeApiError(caught);
      form.showErrors({ quantity: details.fieldErrors.quantity ?? details.message });
    }
  });

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(event)} className="flex flex-col gap-1">
      <div className="flex items-end gap-2">
        <div>
          <label htmlFor={id} className={compact ? 'sr-only' : 'mb-1.5 block text-sm font-medium text-slate-800'}>
            {compact ? `Stock for ${name}` : variant ? variant.label : 'Units in stock'}
          </label>
          <input
            id={id}
            {...quantityInput}
            inputMode="numeric"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className={`h-10 w-24 rounded-lg border bg-white px-3 text-base tabular-nums shadow-sm sm:text-sm ${error ? 'border-red-500' : 'border-slate-300'}`}
          />
        </div>
        <Button
          type="submit"
          variant="secondary"
          isBusy={isLoading}
          disabled={quantityInput.value.trim() === String(quantity)}
          aria-label={compact || variant ? `Save stock for ${name}` : undefined}
        >
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
