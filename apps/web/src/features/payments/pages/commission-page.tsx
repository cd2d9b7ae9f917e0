import { useId, useState } from 'react';
import { z } from 'zod';
import { Percent } from 'lucide-react';
import { toast } from '../../../components/toast';
import { updateCommissionRequestSchema, type CommissionEntry } from '@marketplace/contracts/catalog';
import { formatCents, percentOfCents } from '@marketplace/domain/money';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { EmptyState, LoadError, LoadingState } from '../../../components/list-states';
import { PageHeader } from '../../../components/page-header';
import { describeApiError } from '../../../lib/api-error';
import { useForm } from '../../../lib/use-form';
import { useListCommissionRatesQuery, useUpdateCommissionRateMutation } from '../api';

const EXAMPLE_SALE_CENTS = 10_000;
const NUMBER_MESSAGE = 'Enter a number between 0 and 100, e.g. 12.5';

/** A typed rate, read with the same rules the API applies (0–100, at most 2 decimals). */
const rateText = z
  .string()
  .trim()
  // Plain decimals only: Number() would also take "1e2", "0x10" or "" (as 0).
  .regex(/^(\d+\.?\d*|\.\d+)$/, NUMBER_MESSAGE)
  .transform(Number)
  .pipe(updateCommissionRequestSchema.shape.commission_rate);
const commissionFormSchema = z.object({ commission_rate: rateText });

/** The typed rate, or undefined while it is not one the API would take. */
function readRate(text: string): number | undefined {
  const result = rateText.safeParse(text);
  return result.success ? result.data : undefined;
}

/** Commission on an example sale, from a percent rate with at most 2 decimals (docs/product/limits.md). */
function exampleCommission(rate: number): string {
  return formatCents(percentOfCents(EXAMPLE_SALE_CENTS, Math.round(rate * 100)));
}

function CommissionRow({ entry }: { entry: CommissionEntry }) {
  const inputId = useId();
  const errorId = useId();
  const [updateRate, { isLoading }] = useUpdateCommissionRateMutation();
  const form = useForm({ initialValues: { commission_rate: String(entry.commission_rate) }, schema: commissionFormSchema });
  const [savedRate, setSavedRate] = useState(entry.commission_rate);
  // A refetch after saving brings the stored rate: show it.
  if (entry.commission_rate !== savedRate) {
    setSavedRate(entry.commission_rate);
    form.reset({ commission_rate: String(entry.commission_rate) });
  }

  const { error, ...rateInput } = form.field('commission_rate');
  const rate = readRate(rateInput.value);
  const isChanged = rate === undefined || rate !== entry.commission_rate;

  const handleSubmit = form.handleSubmit(async ({ commission_rate }) => {
    try {
      const { data } = await updateRate({ categorySlug: entry.slug, commission_rate }).unwrap();
      toast.success(`${entry.category} commission is now ${data.commission_rate}%`);
    } catch (saveError) {
      const details = describeApiError(saveError);
      form.showErrors({ commission_rate: details.fieldErrors.commission_rate ?? details.message });
      toast.error(`${entry.category}: ${details.message}`);
    }
  });

  return (
    <li>
      <form
        onSubmit={(event) => void handleSubmit(event)}
        noValidate
        aria-label={`${entry.category} commission`}
        className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-x-3 gap-y-2 px-4 py-3 md:grid-cols-[minmax(0,1fr)_9rem_9rem_5.5rem] md:items-center"
      >
        <p className="col-span-2 font-medium text-slate-900 md:col-span-1">{entry.category}</p>
        <div>
          <label htmlFor={inputId} className="sr-only">
            {`Commission rate for ${entry.category} (%)`}
          </label>
          <div className="relative">
            <input
              id={inputId}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              {...rateInput}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              className={
                'block h-10 w-full rounded-lg border bg-white pr-8 pl-3 text-right text-base text-slate-900 tabular-nums shadow-sm focus:outline-2 focus:outline-offset-0 sm:text-sm ' +
                (error ? 'border-red-500 focus:outline-red-200' : 'border-slate-300 focus:border-brand-600 focus:outline-brand-200')
              }
            />
            <Percent className="pointer-events-none absolute top-1/2 right-3 size-3.5 -translate-y-1/2 text-slate-400" aria-hidden />
          </div>
          {error && (
            <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
              {error}
            </p>
          )}
        </div>
        <p className="order-last col-span-2 text-sm text-slate-500 md:order-none md:col-span-1 md:text-right">
          <span className="md:sr-only">On a {formatCents(EXAMPLE_SALE_CENTS)} sale: </span>
          {rate === undefined ? '—' : exampleCommission(rate)}
        </p>
        <Button type="submit" size="md" variant={isChanged ? 'primary' : 'secondary'} isBusy={isLoading} aria-label={`Save ${entry.category} rate`}>
          Save
        </Button>
      </form>
    </li>
  );
}

export function CommissionPage() {
  const { data, error, isLoading, isFetching, refetch } = useListCommissionRatesQuery();
  const entries = data?.data ?? [];

  return (
    <div className="grid gap-6">
      <PageHeader title="Commission" description="The share of each sale the platform keeps, set per category." />

      <Alert tone="info" title="How commission applies">
        <p>
          Platform commission = item total × category rate / 100. The item total is the price × quantity of each sold item, and the rate is the one of the
          item’s category. For example, 2 × $25.00 in a 10% category is {formatCents(percentOfCents(5_000, 1_000))} commission.
        </p>
        <p className="mt-1">Rates are between 0 and 100 with at most 2 decimals.</p>
      </Alert>

      {isLoading ? (
        <LoadingState label="Loading commission rates…" />
      ) : error && !data ? (
        <LoadError title="Commission rates could not be loaded" error={error} onRetry={() => void refetch()} isRetrying={isFetching} />
      ) : entries.length === 0 ? (
        <EmptyState title="No categories yet">Commission rates appear here once categories exist.</EmptyState>
      ) : (
        <section aria-labelledby="commission-rates-title" className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
          <h2 id="commission-rates-title" className="sr-only">
            Commission rates
          </h2>
          <div
            className="hidden grid-cols-[minmax(0,1fr)_9rem_9rem_5.5rem] gap-x-3 border-b border-slate-200 bg-slate-50 px-4 py-3 text-xs font-semibold tracking-wide text-slate-500 uppercase md:grid"
            aria-hidden
          >
            <span>Category</span>
            <span>Rate</span>
            <span className="text-right">On a {formatCents(EXAMPLE_SALE_CENTS)} sale</span>
            <span />
          </div>
          <ul className="divide-y divide-slate-100">
            {entries.map((entry) => (
              <CommissionRow key={entry.slug} entry={entry} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
