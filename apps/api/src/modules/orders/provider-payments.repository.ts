import { and, desc, eq, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orderItems, payments } from './orders.schema';

// What the payment provider reports about a buyer's payment after the fact (its webhooks): a refund
// made on the provider's side, or a card dispute. They run in the webhook handler's transaction.

export interface PaymentTotals {
  id: string;
  amountCents: number;
  refundedCents: number;
}

export async function findPaymentByProviderId(executor: Executor, providerPaymentId: string): Promise<PaymentTotals | null> {
  const row = await executor.query.payments.findFirst({ where: eq(payments.providerPaymentId, providerPaymentId) });
  return row ? { id: row.id, amountCents: row.amountCents, refundedCents: row.refundedCents } : null;
}

export async function recordPaymentRefund(executor: Executor, paymentId: string, refund: { refundedCents: number; isFull: boolean; now: Date }): Promise<void> {
  await executor
    .update(payments)
    .set({ refundedCents: refund.refundedCents, status: refund.isFull ? 'refunded' : 'partially_refunded', updatedAt: refund.now })
    .where(eq(payments.id, paymentId));
}

export async function markPaymentDisputed(executor: Executor, providerPaymentId: string, now: Date): Promise<void> {
  await executor.update(payments).set({ disputedAt: now, updatedAt: now }).where(eq(payments.providerPaymentId, providerPaymentId));
}

/**
 * The id at `provider` of the payment that paid for an order item's order, if that provider made it:
 * a seller's payout for the item draws on that charge (docs/product/payouts.md).
 */
export async function findProviderPaymentIdOfOrderItem(executor: Executor, orderItemId: string, provider: string): Promise<string | null> {
  const [row] = await executor
    .select({ providerPaymentId: payments.providerPaymentId })
    .from(orderItems)
    .innerJoin(payments, eq(payments.orderId, orderItems.orderId))
    .where(and(eq(orderItems.id, orderItemId), eq(payments.provider, provider), ne(payments.status, 'failed')))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return row?.providerPaymentId ?? null;
}
