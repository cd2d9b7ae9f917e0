import { MAX_RESTOCKING_FEE_PERCENT, MAX_RETURN_WINDOW_DAYS, returnPolicySchema, type ReturnPolicy } from '@marketplace/contracts/returns';
import { DEFAULT_RETURN_INSPECTION_DAYS, MAX_RETURN_INSPECTION_DAYS, MIN_RETURN_INSPECTION_DAYS } from '@marketplace/domain/returns';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/field';
import { LoadError, LoadingState } from '../../../components/list-states';
import { toast } from '../../../components/toast';
import { describeApiError } from '../../../lib/api-error';
import { useForm } from '../../../lib/use-form';
import { useGetReturnPolicyQuery, useUpdateReturnPolicyMutation } from '../return-policy-api';

// The Returns section of /seller/settings: how long after delivery buyers may ask to return an
// item, the restocking fee kept from the refund, and the days the seller takes to check an item that came back before
// it is refunded by itself. Returns already asked for keep the terms they were asked under.

function summaryOf(policy: ReturnPolicy): string {
  if (policy.windowDays === 0) return 'You take no returns.';
  const fee =
    policy.restockingFeePercent > 0 ? `a ${policy.restockingFeePercent}% restocking fee is kept from the refund` : 'buyers get everything they paid back';
  const check = inspectionDaysOf(policy);
  return `Buyers may ask to return an item up to ${policy.windowDays} ${policy.windowDays === 1 ? 'day' : 'days'} after delivery; ${fee}. Once an item is back, you have ${check} ${check === 1 ? 'day' : 'days'} to check it before the refund goes out by itself.`;
}

const inspectionDaysOf = (policy: ReturnPolicy) => policy.inspectionDays ?? DEFAULT_RETURN_INSPECTION_DAYS;

const valuesOf = (policy: ReturnPolicy) => ({
  windowDays: String(policy.windowDays),
  restockingFeePercent: String(policy.restockingFeePercent),
  inspectionDays: String(inspectionDaysOf(policy)),
});

const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

function PolicyFields({ saved }: { saved: ReturnPolicy }) {
  const form = useForm({
    initialValues: valuesOf(saved),
    schema: returnPolicySchema,
    toInput: (values) => ({
      windowDays: numberOf(values.windowDays),
      restockingFeePercent: numberOf(values.restockingFeePercent),
      inspectionDays: numberOf(values.inspectionDays),
    }),
  });
  const [updatePolicy, { isLoading }] = useUpdateReturnPolicyMutation();
  const savedValues = valuesOf(saved);
  const isChanged = (Object.keys(savedValues) as Array<keyof typeof savedValues>).some((key) => form.values[key].trim() !== savedValues[key]);

  const submit = form.handleSubmit(async (request) => {
    try {
      const policy = await updatePolicy(request).unwrap();
      form.setValues(valuesOf(policy));
      toast.success('Return policy saved');
    } catch (error) {
      const details = describeApiError(error);
      form.showErrors({
        windowDays: details.fieldErrors.windowDays,
        restockingFeePercent: details.fieldErrors.restockingFeePercent,
        inspectionDays: details.fieldErrors.inspectionDays,
      });
      toast.error(details.message);
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 grid gap-4">
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          label="Return window (days after delivery)"
          inputMode="numeric"
          {...form.field('windowDays')}
          hint={`0 to ${MAX_RETURN_WINDOW_DAYS}; 0 means you take no returns.`}
        />
        <TextField
          label="Restocking fee (% of the item’s price)"
          inputMode="decimal"
          {...form.field('restockingFeePercent')}
          hint={`0 to ${MAX_RESTOCKING_FEE_PERCENT}, kept from the buyer’s refund.`}
        />
        <TextField
          label="Days to check a returned item"
          inputMode="numeric"
          {...form.field('inspectionDays')}
          hint={`${MIN_RETURN_INSPECTION_DAYS} to ${MAX_RETURN_INSPECTION_DAYS} after UPS delivers it back; then the refund goes out by itself.`}
        />
      </div>
      <p className="text-sm text-slate-600">{summaryOf(saved)}</p>
      <div className="flex justify-end">
        <Button type="submit" isBusy={isLoading} disabled={!isChanged} className="w-full sm:w-auto">
          Save return policy
        </Button>
      </div>
    </form>
  );
}

export function ReturnPolicyForm() {
  const policy = useGetReturnPolicyQuery();
  return (
    <section aria-labelledby="returns-title" className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id="returns-title" className="text-lg font-semibold text-slate-900">
        Returns
      </h2>
      <p className="mt-1 text-sm text-slate-600">How long buyers may send an item back, what you keep for restocking it, and how long you take to check it.</p>
      {policy.isLoading ? (
        <div className="mt-4">
          <LoadingState label="Loading your return policy…" />
        </div>
      ) : policy.isError || !policy.data ? (
        <div className="mt-4">
          <LoadError title="Your return policy could not be loaded" error={policy.error} onRetry={() => void policy.refetch()} isRetrying={policy.isFetching} />
        </div>
      ) : (
        <PolicyFields key={`${policy.data.windowDays}-${policy.data.restockingFeePercent}-${policy.data.inspectionDays}`} saved={policy.data} />
      )}
    </section>
  );
}
