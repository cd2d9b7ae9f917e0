import { Link } from 'react-router';
import { Copy, FileText, Settings2 } from 'lucide-react';
import { isVoidedShipment } from '@marketplace/domain/shipment-rules';
import { shortId } from '@marketplace/domain/short-id';
import { Button, buttonClasses } from '../../../../components/button';
import { ProductImage } from '../../../../components/product-image';
import { StatusBadge } from '../../../../components/status-badge';
import { formatDate } from '../../../../lib/format';
import { pluralise } from '../../../../lib/plural';
import type { Shipment } from '../../api';
import { DEFAULT_SERVICE, firstOf, formatPickupDate, formatWeight, itemNamesSummary } from './shipment-display';
import { hasShipmentLabel, useShipmentLabel } from '../label-actions';
import { copyTrackingNumber } from './shipment-label';

export type ShipmentView = 'grid' | 'list';

/** Where Manage goes: the order's Shipment Management page (docs/product/shipping.md). */
export function manageShipmentPath(orderId: string): string {
  // Shipment Management (docs/product/shipping.md) has its own page under the order (docs/decisions/0003).
  return `/seller/orders/items/${encodeURIComponent(orderId)}/shipments`;
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="truncate text-sm font-medium text-slate-900">{children}</dd>
    </div>
  );
}

/** One shipment on the dashboard (docs/product/shipping.md); the list view adds its items, pickup date and order. */
export function ShipmentCard({ shipment, view }: { shipment: Shipment; view: ShipmentView }) {
  const short = shortId(shipment.id);
  const tracking = shipment.tracking_number ?? shipment.trackingNumber;
  const label = useShipmentLabel();
  const thumbnails = firstOf(shipment.product_images, 3);
  const items = firstOf(shipment.item_details, 5);
  const isList = view === 'list';
  // A voided shipment's label is gone: no Copy or Label, only Manage (docs/product/shipping.md rules, voided means void).
  const isVoided = isVoidedShipment(shipment);

  return (
    <article aria-label={`Shipment ${short}`} className="flex h-full flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <header className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-mono text-sm font-semibold text-slate-900">#{short}</h3>
          <p className="text-xs text-slate-500">Created {formatDate(shipment.created_at)}</p>
        </div>
        <StatusBadge kind="shipment" status={shipment.status} />
      </header>

      <div className="flex items-center gap-3">
        {thumbnails.shown.length > 0 && (
          <ul aria-label="Item photos" className="flex shrink-0 -space-x-2">
            {thumbnails.shown.map((image, index) => (
              <li key={index}>
                <ProductImage src={image} alt={shipment.product_names[index] ?? 'Item'} className="size-10 rounded-lg border-2 border-white" />
              </li>
            ))}
            {!isList && thumbnails.more > 0 && (
              <li className="grid size-10 place-items-center rounded-lg border-2 border-white bg-slate-200 text-xs font-semibold text-slate-700">
                +{thumbnails.more}
              </li>
            )}
          </ul>
        )}
        <p className="min-w-0 text-sm text-slate-700">{itemNamesSummary(shipment.product_names)}</p>
      </div>

      <dl className={`grid gap-x-4 gap-y-2 ${isList ? 'grid-cols-2 sm:grid-cols-3 lg:grid-cols-6' : 'grid-cols-2'}`}>
        <Fact label="Total quantity">{shipment.total_quantity}</Fact>
        <Fact label="Weight">{formatWeight(shipment.weight)}</Fact>
        <Fact label="Service">{shipment.service_description || DEFAULT_SERVICE}</Fact>
        <Fact label="Tracking number">
          <span className={`font-mono ${isVoided ? 'text-slate-500 line-through' : ''}`}>{tracking ?? 'Not yet assigned'}</span>
        </Fact>
        {isList && <Fact label="Pickup date">{shipment.pickup_date ? formatPickupDate(shipment.pickup_date) : 'Not scheduled'}</Fact>}
        {isList && (
          <Fact label="Order">
            <span className="font-mono">#{shortId(shipment.order_id)}</span>
          </Fact>
        )}
      </dl>

      {isList && items.shown.length > 0 && (
        <div>
          <h4 className="text-xs text-slate-500">Items</h4>
          <ul className="mt-1 space-y-0.5 text-sm text-slate-700">
            {items.shown.map((item, index) => (
              <li key={index} className="flex justify-between gap-2">
                <span className="truncate">{item.name}</span>
                <span className="shrink-0 tabular-nums">× {item.quantity}</span>
              </li>
            ))}
            {items.more > 0 && <li className="text-slate-500">+{pluralise(items.more, 'more item')}</li>}
          </ul>
        </div>
      )}

      <div className="mt-auto grid grid-cols-3 gap-2">
        {isVoided ? (
          <p className="col-span-2 self-center text-xs text-slate-500">Voided: its label can no longer be used.</p>
        ) : (
          <>
            <Button
              variant="secondary"
              size="sm"
              disabled={!tracking}
              aria-label={`Copy tracking number for shipment ${short}`}
              onClick={() => {
                if (tracking) void copyTrackingNumber(tracking);
              }}
            >
              <Copy className="size-4" aria-hidden />
              Copy
            </Button>
            <Button
              variant="secondary"
              size="sm"
              aria-label={`Label for shipment ${short}`}
              onClick={() => void label.view({ id: shipment.id, hasLabel: hasShipmentLabel(shipment), trackingNumber: tracking })}
            >
              <FileText className="size-4" aria-hidden />
              Label
            </Button>
          </>
        )}
        <Link to={manageShipmentPath(shipment.order_id)} aria-label={`Manage shipment ${short}`} className={buttonClasses({ size: 'sm' })}>
          <Settings2 className="size-4" aria-hidden />
          Manage
        </Link>
      </div>
    </article>
  );
}
