import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { CheckoutRequest, CheckoutSummaryResponse } from '@marketplace/contracts/orders';
import { toast } from '../../../components/toast';
import { describeApiError } from '../../../lib/api-error';
import { useShop } from '../../../lib/shop';
import type { Form } from '../../../lib/use-form';
import { usePlaceOrderMutation } from '../api';
import type { CheckoutFormOutput, CheckoutFormValues } from '../checkout-form-schema';
import type { CheckoutPayment } from './use-checkout-payment';

export interface ConflictItem {
  title: string;
  requested: number;
  available: number;
}

/** Why the last attempt did not become an order, in the words shown beside the Place order button. */
export type SubmitProblem = { kind: 'declined'; message: string } | { kind: 'stock'; message: string; items: ConflictItem[] } | { kind: 'other'; message: string };

/** A checkout attempt is one cart content; a changed cart is a new attempt with a new key. */
function fingerprintOf(summary: CheckoutSummaryResponse): string {
  return summary.items.map((item) => `${item.id}:${item.quantity}:${item.retip_added}:${item.price}`).join('|');
}

/**
 * Placing the order: the card becomes a payment (the sandbox's typed card, or a Stripe PaymentMethod
 * made by Stripe.js), the order is sent with one Idempotency-Key per attempt, and a refusal is told
 * the buyer's way: a decline (402), the items that ran out (409), or the server's message with its
 * field messages under the fields.
 */
export function useCheckoutSubmit({ summary, form, payment }: { summary: CheckoutSummaryResponse; form: Form<CheckoutFormValues, CheckoutFormOutput>; payment: CheckoutPayment }) {
  const navigate = useNavigate();
  const shop = useShop();
  const [placeOrder] = usePlaceOrderMutation();
  const [problem, setProblem] = useState<SubmitProblem | null>(null);
  // One key per attempt, kept across retries of the same attempt so nothing is charged twice.
  const attemptRef = useRef<{ key: string; fingerprint: string } | null>(null);
  const problemRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (problem) problemRef.current?.scrollIntoView?.({ block: 'center' });
  }, [problem]);

  async function pay(data: CheckoutFormOutput) {
    const fingerprint = fingerprintOf(summary);
    if (!attemptRef.current || attemptRef.current.fingerprint !== fingerprint) {
      attemptRef.current = { key: crypto.randomUUID(), fingerprint };
    }
    const idempotencyKey = attemptRef.current.key;
    setProblem(null);
    try {
      let paidWith: CheckoutRequest['payment'];
      if (payment.isSandbox) {
        if (!data.number || !data.expiry || !data.cvc) return;
        paidWith = { card: { number: data.number, expMonth: data.expiry.month, expYear: data.expiry.year, cvc: data.cvc } };
      } else {
        // Stripe.js turns the card into a PaymentMethod; the card number never reaches our server.
        const paymentMethodId = await payment.stripeCardRef.current?.createPaymentMethod();
        if (!paymentMethodId) return;
        paidWith = { paymentMethodId };
      }
      const { name, line1, line2, city, state, postal_code, country } = data;
      const { orderId } = await placeOrder({
        idempotencyKey,
        body: { shippingAddress: { name, line1, line2, city, state, postal_code, country }, payment: paidWith },
      }).unwrap();
      shop.resetCartAfterOrder();
      toast.success('Order placed! The sellers will confirm your items shortly.');
      // The confirmation and receipt (orders feature, decision 0009); replace, so Back does not return to a spent checkout.
      navigate(`/myorders/${encodeURIComponent(orderId)}/receipt?placed=1`, { replace: true });
    } catch (error) {
      const details = describeApiError(error);
      if (details.status === 402) {
        setProblem({ kind: 'declined', message: details.message });
      } else if (details.status === 409) {
        const items = ((error as { data?: { items?: ConflictItem[] } }).data?.items ?? []).map(({ title, requested, available }) => ({ title, requested, available }));
        setProblem({ kind: 'stock', message: details.message, items });
      } else {
        form.showServerError(error);
        setProblem({ kind: 'other', message: details.message });
      }
    }
  }

  const submit = form.handleSubmit(pay);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (!payment.canPay) {
      event.preventDefault();
      return;
    }
    void submit(event);
  }

  return { onSubmit, problem, problemRef, isPlacing: form.isSubmitting };
}
