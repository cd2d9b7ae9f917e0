import { Ban, Copy, Download, Eye, FlaskConical, MapPin, PackageX, RefreshCw, Truck } from 'lucide-react';
import { shortId } from '@marketplace/domain/short-id';
import { Alert } from '../../../../components/alert';
import { Button } from '../../../../components/button';
import { StatusBadge, statusLabel } from '../../../../components/status-badge';
import { isVoidedShipment } from '@marketplace/domain/shipment-rules';
import { formatDate, formatDateTime } from '../../../../lib/format';
import { pluralise } from '../../../../lib/plural';
import type { Shipment } from '../../api';
import { hasShipmentLabel, useShipmentLabel } from '../label-actions';
import { notify } from './notify';

interface ShipmentCardProps {
  shipment: Shipment;
  canSimulate: boolean;
  busyAction: string | null;
  onSchedulePickup: () => void;
  onCancelPickup: () => void;
  onVoid: () => void;
  onTrack: () => void;
  onSimulate: () => void;
}

function pickupDateText(date: string): string {
  const iso = /^\d{8}$/.test(date) ? `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}` : date;
  return formatDate(`${iso.slice(0, 10)}T12:00:00Z`);
}

/** One shipment of the order with the actions its `actions` allow (docs/product/shipping.md). */
export function ShipmentCard({ shipment, canSimulate, busyAction, onSchedulePickup, onCancelPickup, onVoid, onTrack, onSimulate }: ShipmentCardProps) {
  const { actions } = shipment;
  const name = `Shipment #${shortId(shipment.id)}`;
  const trackingNumber = shipment.trackingNumber ?? shipment.tracking_number;
  const label = useShipmentLabel();
  const labelTarget = { id: shipment.id, hasLabel: hasShipmentLabel(shipment), trackingNumber };
  // A voided shipment is history: no label, tracking or pickup actions (its `actions` say so), no void.
  const isVoided = isVoidedShipment(shipment);
  const showVoid = !isVoided;

  const copyTracking = async () => {
    if (!trackingNumber) return;
    try {
      await navigator.clipboard.writeText(trackingNumber);
      notify.success('Tracking number copied!');
    } catch {
      notify.error('Could not copy the tracking number.');
    }
  };

  return (
    <article aria-label={name} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold text-slate-900">{name}</h3>
          <p className="text-sm text-slate-600">Created {formatDateTime(shipment.created_at)}</p>
        </div>
        <StatusBadge kind="shipment" status={shipment.status} label={statusLabel(shipment.status)} />
      </div>

      <dl className="mt-3 grid gap-x-6 gap-y-1.5 text-sm sm:grid-cols-2">
        <div className="flex gap-2">
          <dt className="text-slate-600">Tracking:</dt>
          <dd className={`font-mono break-all ${isVoided ? 'text-slate-500 line-through' : 'text-slate-900'}`}>{trackingNumber ?? 'Not yet assigned'}</dd>
        </div>
        <div className="flex gap-2">
          <dt className="text-slate-600">Service:</dt>
          <dd className="text-slate-900">{shipment.service_description || 'UPS Ground'}</dd>
        </div>
        <div className="flex gap-2">
          <dt className="text-slate-600">Items:</dt>
          <dd className="text-slate-900">
            {pluralise(shipment.total_quantity, 'item')} · {shipment.weight} lbs
          </dd>
        </div>
        {shipment.pickup_date && (
          <div className="flex gap-2">
            <dt className="text-slate-600">Pickup:</dt>
            <dd className="text-slate-900">
              {pickupDateText(shipment.pickup_date)}
              {shipment.pickup_request_number && ` · ${shipment.pickup_request_number}`}
            </dd>
          </div>
        )}
      </dl>
      {shipment.item_details.length > 0 && (
        <ul className="mt-2 text-sm text-slate-700">
          {shipment.item_details.map((item, index) => (
            <li key={`${item.name}-${index}`}>
              {item.name} × {item.quantity}
            </li>
          ))}
        </ul>
      )}

      {isVoided && (
        <Alert tone="info" title="Shipment voided" className="mt-3">
          {shipment.voided_at ? `Voided ${formatDateTime(shipment.voided_at)}. ` : ''}Its UPS label can no longer be used; its items went back to approved, for
          a new shipment.
        </Alert>
      )}
      <div className={`flex flex-wrap gap-2 ${isVoided ? '' : 'mt-4'}`}>
        {actions.canSchedulePickup && (
          <Button size="sm" onClick={onSchedulePickup}>
            <Truck className="size-4" aria-hidden /> Schedule Pickup
          </Button>
        )}
        {actions.canCancelPickup && (
          <Button size="sm" variant="secondary" onClick={onCancelPickup} isBusy={busyAction === 'cancel-pickup'}>
            <Ban className="size-4" aria-hidden /> Cancel Pickup
          </Button>
        )}
        {actions.canTrack && (
          <>
            <Button size="sm" variant="secondary" onClick={onTrack} isBusy={busyAction === 'track'}>
              <RefreshCw className="size-4" aria-hidden /> Track
            </Button>
            <Button size="sm" variant="secondary" onClick={() => void copyTracking()}>
              <Copy className="size-4" aria-hidden /> Copy
            </Button>
          </>
        )}
        {actions.canViewLabel && (
          <>
            <Button size="sm" variant="secondary" onClick={() => void label.view(labelTarget)}>
              <Eye className="size-4" aria-hidden /> View Label
            </Button>
            <Button size="sm" variant="secondary" onClick={() => void label.download(labelTarget)}>
              <Download className="size-4" aria-hidden /> Download Label
            </Button>
          </>
        )}
        {canSimulate && actions.canTrack && (
          <Button size="sm" variant="ghost" onClick={onSimulate}>
            <FlaskConical className="size-4" aria-hidden /> Simulate Status
          </Button>
        )}
        {showVoid && (
          <Button size="sm" variant="danger" onClick={onVoid} disabled={!actions.canVoid}>
            <PackageX className="size-4" aria-hidden /> Cancel Shipment
          </Button>
        )}
      </div>
      {showVoid && !actions.canVoid && actions.voidRefusalReason && (
        <Alert tone="warning" title="Cannot Void Shipment" className="mt-3">
          {actions.voidRefusalReason}
        </Alert>
      )}
      {shipment.tracking_events.length > 0 && (
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer font-medium text-slate-800">Tracking history</summary>
          <ol className="mt-2 space-y-1.5">
            {shipment.tracking_events.map((event, index) => (
              <li key={`${event.occurredAt}-${index}`} className="flex gap-2 text-slate-700">
                <MapPin className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden />
                <span>
                  {formatDateTime(event.occurredAt)} — {event.description}
                  {event.location && ` (${event.location})`}
                </span>
              </li>
            ))}
          </ol>
        </details>
      )}
    </article>
  );
}
