import type { DomainEventPublisher } from '../../lib/domain-events';
import { findOrderWithLines } from '../orders';
import type { LabelHooks } from './label-hooks';
import { findLinesOfShipments } from './shipments.repository';

// A voided label takes the "shipped" state back (the void's own transaction moves the items back to approved), and the
// buyer is told, so their order never says "on its way" beside a dead tracking number (docs/product/shipping.md
// "Voided means void"). The news is written in the void's transaction and published after it commits.

export function announceVoidedLabels(hooks: Pick<LabelHooks, 'onLabelVoided'>, events: DomainEventPublisher): void {
  hooks.onLabelVoided(async (executor, label) => {
    const lines = (await findLinesOfShipments(executor, [label.shipmentId])).filter((line) => line.isActive);
    const found = await findOrderWithLines(executor, label.orderId);
    if (!found || lines.length === 0) return;
    events.publishAfterCommit(executor, {
      type: 'label.voided',
      shipmentId: label.shipmentId,
      orderId: label.orderId,
      sellerId: label.sellerId,
      buyerId: found.order.buyerId,
      trackingNumber: label.trackingNumber,
      lines: lines.map((line) => ({ orderItemId: line.orderItem.id, title: line.orderItem.title, quantity: line.orderItem.quantity })),
    });
  });
}
