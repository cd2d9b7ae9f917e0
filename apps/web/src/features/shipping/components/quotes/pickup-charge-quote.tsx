import { formatDollars } from '../../../../lib/format';
import type { PickupQuote } from '../../api';
import { QuotePending, hasQuote, type QuoteState } from './quote-state';

/** The state of a pickup-quote call, as its RTK Query hook gives it. */
export type PickupQuoteState = QuoteState<PickupQuote>;

export const hasPickupQuote = (quote: PickupQuoteState): boolean => hasQuote(quote);

const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });

/**
 * What UPS charges for the pickup, before the seller books it, and how that charge will come out of
 * the items' payouts: each item's share as the server allocated it (in proportion to its value).
 */
export function PickupChargeQuote({ quote }: { quote: PickupQuoteState }) {
  if (!hasQuote(quote)) return <QuotePending quote={quote} failureTitle="The pickup charge could not be loaded" loadingText="Getting the UPS pickup charge…" />;
  const { rate, allocation } = quote.data;
  // One card, compact: the total and who carries it must fit a phone's dialog with the form above it.
  return (
    <div className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-slate-50 text-sm">
      <section aria-label="Pickup charge" className="p-3">
        <h3 className="font-semibold text-slate-900">Pickup charge</h3>
        <dl className="mt-1.5 space-y-0.5">
          {rate.chargeDetails.map((line, index) => (
            <div key={`${line.description}-${index}`} className="flex justify-between gap-3 text-xs">
              <dt className="min-w-0 text-slate-600">{line.description}</dt>
              <dd className="shrink-0 text-slate-800 tabular-nums">{formatDollars(line.amount)}</dd>
            </div>
          ))}
          <div className="flex justify-between gap-3 pt-1 font-semibold text-slate-900">
            <dt>Pickup total</dt>
            <dd className="tabular-nums">{formatDollars(rate.total)}</dd>
          </div>
        </dl>
      </section>
      {allocation.items.length > 0 && (
        <section aria-label="Deducted from your payouts" className="p-3">
          <h3 className="font-semibold text-slate-900">Deducted from your payouts</h3>
          <p className="text-xs text-slate-600">Each item&apos;s payout carries a share of the pickup charge in proportion to its value.</p>
          <ul className="mt-1.5 space-y-1.5">
            {allocation.items.map((item) => (
              <li key={item.orderItemId} className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="truncate text-slate-900">
                    {item.title} × {item.quantity}
                  </p>
                  <p className="text-xs text-slate-500 tabular-nums">
                    {formatDollars(item.itemValue)} · {percent.format(item.pickupChargeRatio)} of {formatDollars(allocation.totalOrderValueInPickup)}
                  </p>
                </div>
                <p className="shrink-0 font-medium text-slate-900 tabular-nums">−{formatDollars(item.allocatedPickupCharge)}</p>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
