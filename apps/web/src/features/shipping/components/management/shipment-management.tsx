import { useState } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, PackagePlus, Truck } from 'lucide-react';
import { formatCents } from '@marketplace/domain/money';
import {
  canConsolidate,
  consolidationSavingsCents,
  countShipmentsForStats,
  isAwaitingPickupRequest,
  isVoidedShipment,
  shippingReadinessOf,
  type ShippingReadiness,
} from '@marketplace/domain/shipment-rules';
import { shortId } from '@marketplace/domain/short-id';
import { Alert } from '../../../../components/alert';
import { Button } from '../../../../components/button';
import { EmptyState, LoadError, LoadingState } from '../../../../components/list-states';
import { Modal } from '../../../../components/modal';
import { PageHeader } from '../../../../components/page-header';
import { SelectField } from '../../../../components/select-field';
import { statusLabel } from '../../../../components/status-badge';
import { formatDollars } from '../../../../lib/format';
import { pluralise } from '../../../../lib/plural';
import {
  apiErrorMessage,
  sessionUserId,
  useCancelPickupMutation,
  useGetConsolidatedPickupStatusQuery,
  useGetSellerShipmentsQuery,
  useGetSimulationStatusesQuery,
  useScheduleConsolidatedPickupMutation,
  useSchedulePickupMutation,
  useTrackShipmentMutation,
  useVoidShipmentMutation,
  type PickupRequestBody,
  type Shipment,
} from '../../api';
import { useGetShipmentOrderQuery } from '../../management-api';
import { CreateShipmentModal } from './create-shipment-modal';
import { notify } from './notify';
import { PickupModal } from './pickup-modal';
import { ShipmentCard } from './shipment-card';
import { voidFailureMessage } from './void-messages';

/** The API's page maximum: more shipments than one order ever has. */
const ORDER_SHIPMENTS_LIMIT = 100;

type Dialog =
  | { kind: 'create' }
  | { kind: 'pickup'; shipmentId: string }
  | { kind: 'void'; shipment: Shipment }
  | { kind: 'consolidated' }
  | { kind: 'simulate'; shipment: Shipment };

/**
 * The Create New Shipment card when nothing can go into a shipment now: docs/product/shipping.md's text while items
 * wait for approval, and otherwise what has become of them.
 */
function NothingReadyToShip({ readiness, liveShipments }: { readiness: Exclude<ShippingReadiness, 'ready'>; liveShipments: number }) {
  if (readiness === 'awaiting_approval') return <EmptyState title="No Items Ready for Shipment">Approve order items first to create shipments...</EmptyState>;
  if (readiness === 'all_shipped') {
    const where =
      liveShipments === 0
        ? 'Every item of this order has shipped.'
        : liveShipments === 1
          ? 'Every item of this order is in the shipment below.'
          : `Every item of this order is in one of the ${pluralise(liveShipments, 'shipment')} below.`;
    return <EmptyState title="All items have shipped">{where}</EmptyState>;
  }
  return <EmptyState title="Nothing to Ship">None of your items in this order is waiting to be shipped.</EmptyState>;
}

function SummaryCard({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums">{value}</dd>
    </div>
  );
}

/** docs/product/shipping.md: Shipment Management, the page for one order's shipments. */
export function ShipmentManagement({ orderId }: { orderId: string }) {
  return (
    <div className="space-y-6">
      <Link to={`/seller/orders/items/${orderId}`} className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:text-brand-800">
        <ArrowLeft className="size-4" aria-hidden /> Back to order details
      </Link>
      <PageHeader title="Shipment Management" description={`Order #${shortId(orderId)}`} />
      <OrderShipmentsPanel orderId={orderId} showSummary />
    </div>
  );
}

/**
 * The shipments of one order with every action a seller can take on them (docs/product/shipping.md): the list,
 * create, schedule and cancel pickup, consolidated pickup, void, track and (development) simulate.
 * Shipment Management shows it with the summary cards; the seller's order detail embeds it as is.
 */
export function OrderShipmentsPanel({ orderId, showSummary = false }: { orderId: string; showSummary?: boolean }) {
  const userId = sessionUserId();
  // Only this order's shipments (an order has a handful; the page maximum covers it), not the seller's all.
  const shipmentsQuery = useGetSellerShipmentsQuery({ userId, orderId, limit: ORDER_SHIPMENTS_LIMIT }, { skip: userId === '' });
  const orderQuery = useGetShipmentOrderQuery(orderId);
  const consolidationQuery = useGetConsolidatedPickupStatusQuery({ userId, orderId }, { skip: userId === '' });
  // The server answers 404 outside development, which hides the simulation (docs/product/shipping.md, roles.md).
  const simulationQuery = useGetSimulationStatusesQuery();
  const simulationStatuses = simulationQuery.data ?? [];
  const canSimulate = (import.meta.env.DEV || simulationQuery.isSuccess) && simulationStatuses.length > 0;

  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [busy, setBusy] = useState<{ shipmentId: string; action: string } | null>(null);
  const [simulateStatus, setSimulateStatus] = useState('');

  const [schedulePickup, schedulePickupState] = useSchedulePickupMutation();
  const [cancelPickup] = useCancelPickupMutation();
  const [scheduleConsolidated, consolidatedState] = useScheduleConsolidatedPickupMutation();
  const [voidShipment, voidState] = useVoidShipmentMutation();
  const [trackShipment, trackState] = useTrackShipmentMutation();

  const shipments = (shipmentsQuery.data?.shipments ?? []).filter((shipment) => shipment.order_id === orderId);
  const facts = shipments.map((shipment) => ({ status: shipment.status, pickupRequestNumber: shipment.pickup_request_number }));
  // The server counts the order's shipments (all of them, not just the ones listed).
  const stats = shipmentsQuery.data?.stats ?? countShipmentsForStats(facts);
  const awaitingPickup = facts.filter(isAwaitingPickupRequest).length;
  const consolidation = consolidationQuery.data;
  const showConsolidation = consolidation ? consolidation.canConsolidate : canConsolidate(facts);
  const consolidationCount = consolidation?.shipmentsCount ?? awaitingPickup;
  const savingsText = consolidation ? formatDollars(consolidation.potentialSavings) : formatCents(consolidationSavingsCents(awaitingPickup));
  const approvedItems = (orderQuery.data?.items ?? []).filter((item) => item.orderStatus === 'approved');
  const readiness = shippingReadinessOf((orderQuery.data?.items ?? []).map((item) => item.orderStatus));
  const liveShipments = shipments.filter((shipment) => !isVoidedShipment(shipment)).length;

  const runFor = async (shipmentId: string, action: string, work: () => Promise<void>) => {
    setBusy({ shipmentId, action });
    try {
      await work();
    } finally {
      setBusy(null);
    }
  };

  const submitPickup = async (shipmentId: string, body: PickupRequestBody) => {
    const result = await schedulePickup({ shipmentId, ...body });
    if (result.error) {
      notify.error('Failed to schedule pickup');
      return;
    }
    notify.success('Pickup scheduled successfully!');
    setDialog(null);
  };

  const submitConsolidated = async (body: PickupRequestBody) => {
    const result = await scheduleConsolidated({ userId, orderId, ...body });
    if (result.error) {
      notify.error('Failed to schedule consolidated pickup');
      return;
    }
    notify.success(`Consolidated pickup scheduled for ${pluralise(result.data.shipmentsCount, 'shipment')}! Savings: ${formatDollars(result.data.savings)}`);
    setDialog(null);
  };

  const onCancelPickup = (shipment: Shipment) =>
    runFor(shipment.id, 'cancel-pickup', async () => {
      const result = await cancelPickup(shipment.id);
      if (result.error) notify.error(`Failed to cancel pickup: ${apiErrorMessage(result.error)}`);
      else notify.success('Pickup cancelled successfully!');
    });

  const onTrack = (shipment: Shipment) =>
    runFor(shipment.id, 'track', async () => {
      const result = await trackShipment({ shipmentId: shipment.id });
      if (result.error) notify.error(`Failed to track shipment: ${apiErrorMessage(result.error)}`);
      else notify.success('Tracking information updated!');
    });

  const confirmVoid = async (shipment: Shipment) => {
    const result = await voidShipment(shipment.id);
    setDialog(null);
    if (result.error) notify.error(voidFailureMessage(result.error));
    else notify.success('Shipment voided successfully!');
  };

  const confirmSimulate = async (shipment: Shipment) => {
    const status = simulateStatus || simulationStatuses[0] || '';
    const result = await trackShipment({ shipmentId: shipment.id, simulateStatus: status });
    if (result.error) {
      notify.error(`Failed to track shipment: ${apiErrorMessage(result.error)}`);
      return;
    }
    notify.success(`Tracking simulated to status: ${statusLabel(result.data.status)}`);
    setDialog(null);
  };

  const pickupShipment = dialog?.kind === 'pickup' ? shipments.find((shipment) => shipment.id === dialog.shipmentId) : undefined;

  return (
    <div className="space-y-6">
      {shipmentsQuery.isLoading || orderQuery.isLoading ? (
        <LoadingState label="Loading shipments…" />
      ) : shipmentsQuery.isError ? (
        <LoadError
          title="Failed to fetch shipments"
          error={shipmentsQuery.error}
          onRetry={() => void shipmentsQuery.refetch()}
          isRetrying={shipmentsQuery.isFetching}
        />
      ) : orderQuery.isError ? (
        <LoadError
          title="The order could not be loaded"
          error={orderQuery.error}
          onRetry={() => void orderQuery.refetch()}
          isRetrying={orderQuery.isFetching}
        />
      ) : (
        <>
          {showSummary && (
            <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Shipment summary">
              <SummaryCard label="Total Shipments" value={stats.total} />
              <SummaryCard label="Ready to Ship" value={stats.readyToShip} />
              <SummaryCard label="In Transit" value={stats.inTransit} />
              <SummaryCard label="Pickup Ready" value={stats.pendingPickup} />
            </dl>
          )}

          {showConsolidation && (
            <Alert
              tone="info"
              title="Consolidated pickup available"
              action={
                <Button size="sm" onClick={() => setDialog({ kind: 'consolidated' })}>
                  <Truck className="size-4" aria-hidden /> Schedule Consolidated Pickup
                </Button>
              }
            >
              {pluralise(consolidationCount, 'shipment')} {consolidationCount === 1 ? 'is' : 'are'} waiting for a pickup. Schedule one pickup for all of them
              and save up to $3.00 per additional shipment ({savingsText} on this order).
            </Alert>
          )}

          <section aria-labelledby="create-shipment-title" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <h2 id="create-shipment-title" className="font-semibold text-slate-900">
              Create New Shipment
            </h2>
            {readiness === 'ready' ? (
              <div className="mt-2 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
                <p className="text-sm text-slate-600">{pluralise(approvedItems.length, 'approved item')} ready for shipment</p>
                <Button onClick={() => setDialog({ kind: 'create' })}>
                  <PackagePlus className="size-4" aria-hidden /> Create Shipment
                </Button>
              </div>
            ) : (
              <div className="mt-3">
                <NothingReadyToShip readiness={readiness} liveShipments={liveShipments} />
              </div>
            )}
          </section>

          <section aria-labelledby="shipments-title" className="space-y-3">
            <h2 id="shipments-title" className="font-semibold text-slate-900">
              Shipments ({shipments.length})
            </h2>
            {shipments.length === 0 ? (
              <p className="text-sm text-slate-600">No shipments for this order yet.</p>
            ) : (
              shipments.map((shipment) => (
                <ShipmentCard
                  key={shipment.id}
                  shipment={shipment}
                  canSimulate={canSimulate}
                  busyAction={busy?.shipmentId === shipment.id ? busy.action : null}
                  onSchedulePickup={() => setDialog({ kind: 'pickup', shipmentId: shipment.id })}
                  onCancelPickup={() => void onCancelPickup(shipment)}
                  onVoid={() => setDialog({ kind: 'void', shipment })}
                  onTrack={() => void onTrack(shipment)}
                  onSimulate={() => {
                    setSimulateStatus(simulationStatuses[0] ?? '');
                    setDialog({ kind: 'simulate', shipment });
                  }}
                />
              ))
            )}
          </section>
        </>
      )}

      {dialog?.kind === 'create' && (
        <CreateShipmentModal
          orderId={orderId}
          items={approvedItems}
          onSchedulePickup={(shipmentId) => setDialog({ kind: 'pickup', shipmentId })}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'pickup' && (
        <PickupModal
          title="Schedule Pickup"
          description={`UPS collects shipment #${shortId(dialog.shipmentId)}${pickupShipment?.trackingNumber ? ` (${pickupShipment.trackingNumber})` : ''} from your address.`}
          submitLabel="Schedule Pickup"
          quoteTarget={{ kind: 'shipment', shipmentId: dialog.shipmentId }}
          isBusy={schedulePickupState.isLoading}
          onSubmit={(body) => void submitPickup(dialog.shipmentId, body)}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'consolidated' && (
        <PickupModal
          title="Schedule Consolidated Pickup"
          description={`One UPS pickup for the ${pluralise(consolidationCount, 'shipment')} waiting for one. Save up to $3.00 per additional shipment (${savingsText}).`}
          submitLabel="Schedule Consolidated Pickup"
          quoteTarget={{ kind: 'consolidated', userId, orderId }}
          isBusy={consolidatedState.isLoading}
          onSubmit={(body) => void submitConsolidated(body)}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'void' && (
        <Modal
          title="Cancel Shipment"
          description={`Void the UPS label of shipment #${shortId(dialog.shipment.id)}? Its items return to approved and a new shipment must be created to send them. This cannot be undone.`}
          onClose={() => {
            if (!voidState.isLoading) setDialog(null);
          }}
          footer={
            <>
              <Button variant="secondary" onClick={() => setDialog(null)} disabled={voidState.isLoading}>
                Keep Shipment
              </Button>
              <Button variant="danger" onClick={() => void confirmVoid(dialog.shipment)} isBusy={voidState.isLoading}>
                Void Shipment
              </Button>
            </>
          }
        >
          {null}
        </Modal>
      )}
      {dialog?.kind === 'simulate' && (
        <Modal
          title="Simulate Tracking Status"
          description="Development only: move this shipment to a tracking status without the carrier."
          onClose={() => {
            if (!trackState.isLoading) setDialog(null);
          }}
          footer={
            <>
              <Button variant="secondary" onClick={() => setDialog(null)} disabled={trackState.isLoading}>
                Cancel
              </Button>
              <Button onClick={() => void confirmSimulate(dialog.shipment)} isBusy={trackState.isLoading}>
                Simulate
              </Button>
            </>
          }
        >
          <SelectField
            label="Tracking status"
            value={simulateStatus}
            onChange={(event) => setSimulateStatus(event.target.value)}
            options={simulationStatuses.map((status) => ({ value: status, label: statusLabel(status) }))}
          />
        </Modal>
      )}
    </div>
  );
}
