import { formatDollars } from '../../../../lib/format';
import type { LabelRateQuote } from '../../api';
import { QuotePending, hasQuote, type QuoteState } from './quote-state';
import { formatWeight } from '../dashboard/shipment-display';

/** The state of GET /api/shipments/rate-quote/:orderId, as its RTK Query hook gives it. */
export type LabelRateQuoteState = QuoteState<LabelRateQuote>;

/** Shown only with a quote in hand: a seller never buys a label without seeing its price first. */
export const hasLabelRate = (quote: LabelRateQuoteState): boolean => hasQuote(quote);

/**
 * What UPS will charge for the label Create Shipment buys, before the seller confirms: the service,
 * the weight UPS bills, the charges line by line and the total in USD.
 */
export function LabelRateSummary({ quote }: { quote: LabelRateQuoteState }) {
  if (!hasQuote(quote)) return <QuotePending quote={quote} failureTitle="The label rate could not be loaded" loadingText="Getting the UPS rate…" />;
  const { rate } = quote.data;
  return (
    <section aria-label="Label rate" className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm">
      <h3 className="font-semibold text-slate-900">Label rate</h3>
      <dl className="mt-2 space-y-1">
        <div className="flex justify-between gap-3">
          <dt className="text-slate-600">Service</dt>
          <dd className="text-right text-slate-900">{rate.serviceDescription}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-slate-600">Billing weight</dt>
          <dd className="text-right text-slate-900 tabular-nums">{formatWeight(rate.billingWeight)}</dd>
        </div>
        {rate.chargeDetails.map((line, index) => (
          <div key={`${line.description}-${index}`} className="flex justify-between gap-3">
            <dt className="min-w-0 text-slate-600">{line.description}</dt>
            <dd className="shrink-0 text-slate-900 tabular-nums">{formatDollars(line.amount)}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-3 border-t border-slate-200 pt-1 font-semibold text-slate-900">
          <dt>Label total</dt>
          <dd className="tabular-nums">{formatDollars(rate.total)}</dd>
        </div>
      </dl>
    </section>
  );
}
