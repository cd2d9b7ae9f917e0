import { Copy, Truck } from 'lucide-react';
import type { BuyerOrderDetailItem } from '@marketplace/contracts/orders';
import { Button } from '../../../components/button';
import { StatusBadge } from '../../../components/status-badge';
import { toast } from '../../../components/toast';
import { formatDateTime } from '../../../lib/format';

/** The parcel of one item once it has a label: carrier, tracking number (copyable), status and the carrier's scans, newest first. */
export function OrderItemTracking({ item }: { item: BuyerOrderDetailItem }) {
  if (!item.tracking_number) return null;
  const trackingNumber = item.tracking_number;
  const events = [...item.trackingEvents].reverse();

  async function copy() {
    try {
      await navigator.clipboard.writeText(trackingNumber);
      toast.success('Tracking number copied!');
    } catch {
      toast.error('The tracking number could not be copied. Select it and copy it instead.');
    }
  }

  return (
    <section aria-label={`Tracking of ${item.title}`} className="space-y-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <Truck className="size-4 text-slate-500" aria-hidden />
        <span className="text-sm text-slate-600">{item.carrier ?? 'Carrier'} tracking</span>
        <span className="font-mono text-sm font-medium tracking-wide break-all text-slate-900 select-all">{trackingNumber}</span>
        <Button variant="ghost" size="sm" className="-my-1 print:hidden" aria-label={`Copy tracking number ${trackingNumber}`} onClick={() => void copy()}>
          <Copy className="size-4" aria-hidden />
          Copy
        </Button>
        {item.shipmentStatus && <StatusBadge status={item.shipmentStatus} kind="shipment" />}
      </div>
      {events.length === 0 ? (
        <p className="text-sm text-slate-600">The label is ready; the first scan appears here once {item.carrier ?? 'the carrier'} has the parcel.</p>
      ) : (
        <ol aria-label={`Tracking events of ${item.title}`} className="space-y-2 border-l border-slate-200 pl-4">
          {events.map((event, index) => (
            <li key={`${event.occurredAt}-${index}`} className="text-sm">
              <p className="font-medium text-slate-900">{event.description}</p>
              <p className="text-slate-600">
                <time dateTime={event.occurredAt}>{formatDateTime(event.occurredAt)}</time>
                {event.location && <> · {event.location}</>}
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
