import type { BuyerOrderDetail } from '@marketplace/contracts/orders';
import { dollarsToCents, formatCents } from '@marketplace/domain/money';
import { formatDollars } from '../../../lib/format';

/**
 * What the buyer paid and got back: items, add-ons, shipping, the total paid at checkout, and once
 * money went back, what was refunded and what the order cost in the end.
 */
export function OrderAmounts({ order, className = '' }: { order: BuyerOrderDetail; className?: string }) {
  const hasRefunds = order.refunded_cents > 0;
  const row = 'flex justify-between gap-4';
  return (
    <dl className={`space-y-1 text-sm ${className}`} aria-label="Amounts">
      <div className={row}>
        <dt className="text-slate-600">Items</dt>
        <dd className="tabular-nums">{formatDollars(order.itemsTotal)}</dd>
      </div>
      <div className={row}>
        <dt className="text-slate-600">Shipping</dt>
        <dd className="tabular-nums">{order.shipping === 0 ? 'Free' : formatDollars(order.shipping)}</dd>
      </div>
      <div className={row}>
        <dt className="text-slate-600">Add-on services</dt>
        <dd className="tabular-nums">{formatDollars(order.retipTotal)}</dd>
      </div>
      <div className={`${row} border-t border-slate-200 pt-1 font-semibold text-slate-900`}>
        <dt>Total paid</dt>
        <dd className="tabular-nums">{formatDollars(order.total)}</dd>
      </div>
      {hasRefunds && (
        <>
          <div className={`${row} text-emerald-800`}>
            <dt>Refunded</dt>
            <dd className="tabular-nums">{formatDollars(order.refundedTotal)}</dd>
          </div>
          <div className={`${row} font-medium text-slate-900`}>
            <dt>Net paid</dt>
            <dd className="tabular-nums">{formatCents(dollarsToCents(order.total) - order.refunded_cents)}</dd>
          </div>
        </>
      )}
    </dl>
  );
}
