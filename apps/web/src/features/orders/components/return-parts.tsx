import { useState } from 'react';
import { Printer, RefreshCw } from 'lucide-react';
import { RETURN_STATUS_LABELS, type ReturnRequestView } from '@marketplace/contracts/returns';
import { Button } from '../../../components/button';
import { SelectField } from '../../../components/select-field';
import { StatusBadge } from '../../../components/status-badge';
import { toast } from '../../../components/toast';
import { describeApiError } from '../../../lib/api-error';
import { formatDateTime, formatDollars } from '../../../lib/format';
import { useTrackReturnMutation } from '../returns-api';
import { openReturnLabel } from './return-label';

// Pieces both sides of a return show: its status, the money, the label and the parcel.

export function ReturnStatusBadge({ status }: { status: ReturnRequestView['status'] }) {
  return <StatusBadge status={status} kind="return" label={RETURN_STATUS_LABELS[status]} />;
}

/** The refund, and the restocking fee kept: issued once refunded, otherwise what it will be. */
export function ReturnMoney({ returnRequest }: { returnRequest: ReturnRequestView }) {
  if (returnRequest.status === 'refused' || returnRequest.status === 'cancelled') return null;
  const isIssued = returnRequest.status === 'refunded';
  return (
    <p className="text-sm text-slate-700">
      {isIssued ? 'Refunded' : 'Refund'} <span className="font-semibold text-slate-900">{formatDollars(returnRequest.refundAmount)}</span>
      {returnRequest.restockingFee > 0 && (
        <span className="text-slate-600">
          {' '}
          (less a {formatDollars(returnRequest.restockingFee)} restocking fee, {returnRequest.restockingFeePercent}% of{' '}
          {formatDollars(returnRequest.item.lineTotal)})
        </span>
      )}
    </p>
  );
}

export function PrintReturnLabelButton({ returnRequest, variant = 'primary' }: { returnRequest: ReturnRequestView; variant?: 'primary' | 'secondary' }) {
  if (!returnRequest.actions.printLabel) return null;
  return (
    <Button variant={variant} size="sm" onClick={() => void openReturnLabel(returnRequest.id, returnRequest.shipment?.trackingNumber ?? null)}>
      <Printer className="size-4" aria-hidden />
      Print return label
    </Button>
  );
}

interface ReturnTrackingProps {
  returnRequest: ReturnRequestView;
  /** Development only: the statuses the sandbox parcel can be moved to (absent: no simulation). */
  simulationStatuses?: readonly string[] | undefined;
  /** How many events to show, newest first. */
  eventLimit?: number;
}

/** The return parcel: tracking number, its latest events, and Refresh (and, in development, Simulate). */
export function ReturnTracking({ returnRequest, simulationStatuses, eventLimit = 4 }: ReturnTrackingProps) {
  const [track, { isLoading }] = useTrackReturnMutation();
  const [simulated, setSimulated] = useState('');
  const shipment = returnRequest.shipment;
  if (!shipment?.trackingNumber) return null;
  const events = [...shipment.events].sort((a, b) => b.occurredAt.localeCompare(a.occurredAt)).slice(0, eventLimit);

  async function refresh(simulateStatus?: string) {
    try {
      const result = await track({ id: returnRequest.id, ...(simulateStatus ? { simulateStatus } : {}) }).unwrap();
      setSimulated('');
      toast.success(result.message);
    } catch (error) {
      toast.error(describeApiError(error).message);
    }
  }

  return (
    <section aria-label="Return parcel" className="grid gap-2 rounded-lg border border-slate-200 p-3 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-slate-700">
          {shipment.carrier} <span className="font-mono font-medium break-all text-slate-900">{shipment.trackingNumber}</span>
        </p>
        {returnRequest.actions.track && (
          <Button variant="ghost" size="sm" isBusy={isLoading} onClick={() => void refresh()}>
            <RefreshCw className="size-4" aria-hidden />
            Refresh tracking
          </Button>
        )}
      </div>
      {events.length > 0 ? (
        <ol className="grid gap-1.5">
          {events.map((event, index) => (
            <li key={`${event.occurredAt}-${index}`} className="flex flex-col gap-0.5 sm:flex-row sm:gap-3">
              <span className="shrink-0 text-slate-500 tabular-nums sm:w-44">{formatDateTime(event.occurredAt)}</span>
              <span className="text-slate-800">
                {event.description}
                {event.location && <span className="text-slate-500"> · {event.location}</span>}
              </span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-slate-600">No scans yet: the parcel has not been handed to UPS.</p>
      )}
      {returnRequest.actions.track && simulationStatuses && simulationStatuses.length > 0 && (
        <div className="flex flex-wrap items-end gap-2 border-t border-dashed border-slate-200 pt-2">
          <SelectField
            className="w-full sm:w-72"
            label="Simulate tracking (development)"
            options={[{ value: '', label: 'Choose a status' }, ...simulationStatuses.map((status) => ({ value: status, label: status.replaceAll('_', ' ') }))]}
            value={simulated}
            onChange={(event) => setSimulated(event.target.value)}
          />
          <Button variant="secondary" size="sm" disabled={!simulated} isBusy={isLoading} onClick={() => void refresh(simulated)}>
            Simulate
          </Button>
        </div>
      )}
    </section>
  );
}
