import { shortId } from '@marketplace/domain/short-id';
import { Button } from '../../../../components/button';
import { LoadError, LoadingState } from '../../../../components/list-states';
import { Modal } from '../../../../components/modal';
import { StatusBadge } from '../../../../components/status-badge';
import { formatDateTime, formatDollars } from '../../../../lib/format';
import { pluralise } from '../../../../lib/plural';
import { useCreateShipmentMutation, useGetLabelRateQuoteQuery, useGetOrderForShipmentQuery, useProcessUpsMutation, type ShipmentOrderDetail } from '../../api';
import { hasLabelRate, LabelRateSummary, type LabelRateQuoteState } from '../quotes/label-rate-summary';
import { createAndProcessShipment } from './create-shipment-flow';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="border-t border-slate-200 pt-3 first:border-t-0 first:pt-0">
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      <div className="mt-1.5 text-sm text-slate-700">{children}</div>
    </section>
  );
}

function OrderDetails({ order, labelRate }: { order: ShipmentOrderDetail; labelRate: LabelRateQuoteState | null }) {
  const address = order.shippingInfo.shippingAddress;
  const rows: [string, number][] = [
    ['Items total', order.amounts.itemsTotal],
    ['Shipping', order.amounts.proportionalShipping],
    ['Retip total', order.amounts.retipTotal],
  ];
  return (
    <div className="max-h-[60vh] space-y-3 overflow-y-auto pr-1">
      <Section title="Order summary">
        <p>Placed {formatDateTime(order.orderCreatedAt)}</p>
        <p className="mt-1 flex items-center gap-2">
          Status <StatusBadge status={order.status.itemsOrderStatus} />
        </p>
        <p className="mt-1">
          {pluralise(order.itemsSummary.totalItemsCount, 'item')}: {order.itemsSummary.itemsPreview}
        </p>
      </Section>
      <Section title="Buyer">
        <p>{order.buyer.fullName}</p>
        <p className="break-all text-slate-500">{order.buyer.email}</p>
      </Section>
      <Section title="Items">
        <ul className="space-y-2">
          {order.items.map((item) => (
            <li key={item.orderItemId} className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="truncate font-medium text-slate-900">{item.itemTitle}</p>
                <p className="text-xs text-slate-500">
                  {item.quantity} × {formatDollars(item.price)}
                  {item.retipAdded ? ` + retip ${formatDollars(item.retipPrice)}` : ''}
                </p>
              </div>
              <div className="flex shrink-0 flex-col items-end gap-1">
                <span className="tabular-nums">{formatDollars(item.itemTotal)}</span>
                <StatusBadge status={item.orderStatus} />
              </div>
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Shipping address">
        <address className="not-italic">
          {address.name}
          <br />
          {address.line1}
          {address.line2 && (
            <>
              <br />
              {address.line2}
            </>
          )}
          <br />
          {address.city}, {address.state} {address.postalCode}
          <br />
          {address.countryCode}
        </address>
      </Section>
      <Section title="Amount">
        <dl className="space-y-1">
          {rows.map(([label, amount]) => (
            <div key={label} className="flex justify-between">
              <dt>{label}</dt>
              <dd className="tabular-nums">{formatDollars(amount)}</dd>
            </div>
          ))}
          <div className="flex justify-between border-t border-slate-200 pt-1 font-semibold text-slate-900">
            <dt>Order total</dt>
            <dd className="tabular-nums">{formatDollars(order.amounts.orderTotal)}</dd>
          </div>
        </dl>
      </Section>
      {labelRate && (
        <div className="border-t border-slate-200 pt-3">
          <LabelRateSummary quote={labelRate} />
        </div>
      )}
    </div>
  );
}

/** The order-details modal of docs/product/shipping.md: the order, and Close and Create Shipment. */
export function OrderDetailsModal({ orderId, onClose }: { orderId: string; onClose: () => void }) {
  const { data: order, error, isLoading, isFetching, refetch } = useGetOrderForShipmentQuery(orderId);
  const [createShipment, createState] = useCreateShipmentMutation();
  const [processUps, processState] = useProcessUpsMutation();
  const isCreating = createState.isLoading || processState.isLoading;
  const hasApprovedItems = order?.items.some((item) => item.orderStatus === 'approved') ?? false;
  // The label's rate, shown before Create Shipment buys it (not while it is being bought).
  const labelRate = useGetLabelRateQuoteQuery(orderId, { skip: !hasApprovedItems || isCreating });

  async function handleCreate() {
    const done = await createAndProcessShipment(orderId, {
      create: (id) => createShipment(id).unwrap(),
      process: (id) => processUps(id).unwrap(),
    });
    if (done) onClose();
  }

  return (
    <Modal
      title={`Order #${shortId(orderId)}`}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          {hasApprovedItems && (
            <Button onClick={() => void handleCreate()} isBusy={isCreating} busyLabel="Creating Shipment..." disabled={!isCreating && !hasLabelRate(labelRate)}>
              Create Shipment
            </Button>
          )}
        </>
      }
    >
      {isLoading && <LoadingState label="Loading order…" />}
      {error && !order && <LoadError title="Could not load this order" error={error} onRetry={() => void refetch()} isRetrying={isFetching} />}
      {order && <OrderDetails order={order} labelRate={hasApprovedItems ? labelRate : null} />}
      {order && !hasApprovedItems && <p className="mt-3 text-sm text-slate-600">This order has no approved items left to ship.</p>}
    </Modal>
  );
}
