import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { badRequest } from '../../lib/http-errors';
import {
  WebhookModeMismatchError,
  WebhookPayloadError,
  WebhookSignatureError,
  type ConnectEvent,
  type ConnectProvider,
} from '../../providers/payment/connect-port';
import { findPaymentByProviderId, markPaymentDisputed, recordPaymentRefund, type OrdersService } from '../orders';
import type { CheckoutService } from '../checkout';
import { syncPaymentAccount } from './connect-accounts.service';
import { PAYOUT_MESSAGES } from './payout-messages';
import { findAccountByProviderId, findPayoutByTransferId, recordBankPayoutOutcome, updatePayout } from './payouts.repository';
import { recordEventOnce } from './stripe-webhooks.repository';

// The provider's signed webhooks (docs/product/payouts.md). Each event is handled once, in one
// transaction with the record that it was seen: a redelivered event changes nothing.

export function createStripeWebhooksService(deps: {
  db: Database;
  clock: Clock;
  connect: ConnectProvider;
  /** The orders service: a reversed transfer makes the item unpaid again. */
  orderItems: Pick<OrdersService, 'setSellerPaid'>;
  /** Payouts were written: the admin's payout stats are out of date. */
  onPayoutsChanged?: () => void;
  /** Where an ignored event of the other mode is reported (an operator's misconfiguration). */
  log?: { warn(details: object, message: string): void };
  /** Checkout: a buyer's payment that succeeded after 3-D Secure places its order if the browser never came back. */
  checkout?: Pick<CheckoutService, 'completeAuthenticatedPayment'>;
}) {
  const { db, clock, connect } = deps;

  return {
    /** Verifies the signature on the exact raw body and applies the event once; `duplicate` when it was seen before. */
    async handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<{ duplicate: boolean; ignored?: 'livemode_mismatch' }> {
      let event: ConnectEvent;
      try {
        event = connect.parseWebhook(rawBody, signature);
      } catch (error) {
        if (error instanceof WebhookSignatureError) throw badRequest(PAYOUT_MESSAGES.invalidSignature);
        // Signed but holding nothing to apply: refused before it is recorded, so nothing changes.
        if (error instanceof WebhookPayloadError) throw badRequest(error.message);
        // Acknowledged, not applied and not recorded: a refusal would only make Stripe retry it for days.
        if (error instanceof WebhookModeMismatchError) {
          deps.log?.warn({ eventLivemode: error.eventLivemode, keyLivemode: error.keyLivemode }, error.message);
          return { duplicate: false, ignored: 'livemode_mismatch' };
        }
        throw error;
      }
      // Before the event is recorded and outside its transaction (placing an order takes its own): a
      // failure answers 500 and Stripe delivers the event again; placing the order twice is impossible.
      if (event.type === 'payment_intent.succeeded' && deps.checkout) {
        const completed = await deps.checkout.completeAuthenticatedPayment(event.payment);
        if (completed.outcome === 'placed' || completed.outcome === 'refused') {
          deps.log?.warn(
            { paymentId: event.payment.paymentId, ...completed },
            completed.outcome === 'placed'
              ? 'Order placed from the payment webhook: the buyer never came back from authentication'
              : 'A paid checkout could not be placed; the payment was refunded',
          );
        }
      }
      let reversed = false;
      const answer = await db.transaction(async (transaction) => {
        const fresh = await recordEventOnce(transaction, {
          id: event.id,
          provider: connect.name,
          type: event.type === 'other' ? event.providerType : event.type,
          receivedAt: clock.now(),
        });
        if (!fresh) return { duplicate: true };
        const now = clock.now();
        switch (event.type) {
          case 'account.updated': {
            const row = await findAccountByProviderId(transaction, event.account.id);
            if (row) await syncPaymentAccount(transaction, row, event.account, clock.now());
            break;
          }
          case 'transfer.reversed': {
            const payout = await findPayoutByTransferId(transaction, event.transferId);
            if (payout) {
              await updatePayout(transaction, payout.id, { status: 'failed', failureReason: 'The transfer was reversed', updatedAt: now });
              await deps.orderItems.setSellerPaid(transaction, payout.orderItemId, false);
              reversed = true;
            }
            break;
          }
          case 'payout.paid':
          case 'payout.failed': {
            if (event.accountId) {
              await recordBankPayoutOutcome(
                transaction,
                event.accountId,
                event.type === 'payout.failed' ? (event.failureMessage ?? 'The payout to the bank failed') : null,
                now,
              );
            }
            break;
          }
          case 'charge.refunded': {
            if (event.paymentIntentId) {
              const payment = await findPaymentByProviderId(transaction, event.paymentIntentId);
              if (payment && event.amountRefundedCents > payment.refundedCents) {
                const refunded = Math.min(event.amountRefundedCents, payment.amountCents);
                await recordPaymentRefund(transaction, payment.id, { refundedCents: refunded, isFull: refunded >= payment.amountCents, now });
              }
            }
            break;
          }
          case 'charge.dispute.created': {
            if (event.paymentIntentId) await markPaymentDisputed(transaction, event.paymentIntentId, now);
            break;
          }
          case 'payment_intent.succeeded':
          case 'other':
            break;
        }
        return { duplicate: false };
      });
      // A reversed transfer turns a paid payout into a failed one.
      if (reversed) deps.onPayoutsChanged?.();
      return answer;
    },
  };
}

export type StripeWebhooksService = ReturnType<typeof createStripeWebhooksService>;
