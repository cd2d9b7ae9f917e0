import type { PayoutStats } from '@marketplace/contracts/payouts';
import { formatDollars } from '../../../../lib/format';
import { pluralise } from '../../../../lib/plural';

/** The top 5 sellers by paid amount in the chosen range. */
export function TopSellersList({ sellers }: { sellers: PayoutStats['top_sellers'] }) {
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-900">Top sellers</h3>
      {sellers.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">No paid payouts in this period.</p>
      ) : (
        <ol className="mt-2 divide-y divide-slate-100" aria-label="Top sellers">
          {sellers.map((seller, index) => (
            <li key={seller.seller_id} className="flex items-center gap-3 py-2">
              <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-slate-100 text-xs font-semibold text-slate-700" aria-hidden>
                {index + 1}
              </span>
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-slate-900">{seller.seller_name}</p>
                <p className="text-xs text-slate-500">{pluralise(seller.payout_count, 'payout')}</p>
              </div>
              <span className="text-sm font-semibold whitespace-nowrap text-slate-900">{formatDollars(seller.total_amount)}</span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
