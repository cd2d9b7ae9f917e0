import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import {
  TOTAL_CHANGED_CODE,
  type CheckoutRequest,
  type CheckoutRequiresAction,
  type CheckoutSummaryResponse,
  type GiftInput,
} from '@marketplace/contracts/orders';
import { toast } from '../../../components/toast';
import { describeApiError } from '../../../lib/api-error';
import { useShop } from '../../../lib/shop';
import type { Form } from '../../../lib/use-form';
import { useAuthenticateSandboxPaymentMutation, usePlaceOrderMutation } from '../api';
import type { CheckoutFormOutput, CheckoutFormValues } from '../checkout-form-schema';
import type { CheckoutPayment } from './use-checkout-payment';

export interface ConflictItem {
  title: string;
  requested: number;
  available: number;
  /** False when the listing can no longer be bought at all. */
  live: boolean;
}

/** Why the last attempt did not become an order, in the words shown beside the Place order button. */
export type SubmitProblem =
  | { kind: 'declined'; message: string }
  | { kind: 'stock'; message: string; items: ConflictItem[] }
  | { kind: 'total'; message: string }
  | { kind: 'other'; message: string };

/** A checkout attempt is one cart content; a changed cart is a new attempt with a new key. */
function fingerprintOf(summary: CheckoutSummaryResponse): string {
  return summary.items.map((item) => `${item.id}:${item.quantity}:${item.retip_added}:${item.price}`).join('|');
}

/** How many times a payment that still waits for authentication is offered the step again. */
const AUTHENTICATION_ROUNDS = 3;

/**
 * Placing the order: the card becomes a payment (the sandbox's typed card, or a Stripe PaymentMethod
 * made by Stripe.js), the order is sent with one Idempotency-Key per attempt, and a refusal is told
 * the buyer's way: a decline (402), the items that ran out (409), or the server's message with its
 * field messages under the fields. A card that asks for authentication (3-D Secure, a 202) goes
 * through the step (Stripe.js's own dialog, or the sandbox's) and the same request is sent again
 * naming the payment; the server reads what became of it and answers the order or a decline.
 */
export function useCheckoutSubmit({
  summary,
  form,
  payment,
  gifts = [],
}: {
  summary: CheckoutSummaryResponse;
  form: Form<CheckoutFormValues, CheckoutFormOutput>;
  payment: CheckoutPayment;
  /** The shops' parts the buyer sends as gifts, with their messages (docs/product/checkout.md "Gifts"). */
  gifts?: readonly GiftInput[];
}) {
  const navigate = useNavigate();
  const shop = useShop();
  const [placeOrder] = usePlaceOrderMutation();
  const [authenticateSandboxPayment] = useAuthenticateSandboxPaymentMutation();
  const [problem, setProblem] = useState<SubmitProblem | null>(null);
  // The sandbox's authentication dialog while it is open, and how the buyer's answer reaches `pay`.
  const [sandboxAuthentication, setSandboxAuthentication] = useState<{ amount: number } | null>(null);
  const answerRef = useRef<((outcome: 'complete' | 'fail') => void) | null>(null);
  // One key per attempt, kept across retries of the same attempt so nothing is charged twice.
  const attemptRef = useRef<{ key: string; fingerprint: string } | null>(null);
  const problemRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (problem) problemRef.current?.scrollIntoView?.({ block: 'center' });
  }, [problem]);

  /** The bank's step for a payment that asks for it; what came of it is the server's to read afterwards. */
  async function authenticate(step: CheckoutRequiresAction) {
    if (payment.isSandbox) {
      const outcome = await new Promise<'complete' | 'fail'>((resolve) => {
        answerRef.current = resolve;
        setSandboxAuthentication({ amount: summary.orderTotal });
      });
      answerRef.current = null;
      setSandboxAuthentication(null);
      await authenticateSandboxPayment({ clientSecret: step.clientSecret, outcome }).unwrap();
    } else if (payment.stripeCard.status === 'ready') {
      // Stripe.js shows the bank's page in its own dialog; a failed or closed one leaves the payment
      // needing another card, which the server's answer says.
      await payment.stripeCard.stripe.handleNextAction({ clientSecret: step.clientSecret });
    }
  }

  function answerSandboxAuthentication(outcome: 'complete' | 'fail') {
    answerRef.current?.(outcome);
  }

  async function pay(data: CheckoutFormOutput) {
    // Another address is another request: a key is never sent again with other details (the server would refuse it).
    const { name, line1, line2, city, state, postal_code, country } = data;
    const fingerprint = `${fingerprintOf(summary)}|${JSON.stringify([name, line1, line2, city, state, postal_code, country])}`;
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
      // The total the buyer sees beside Place order: the server charges nothing if the order would cost another.
      const body: CheckoutRequest = {
        shippingAddress: { name, line1, line2, city, state, postal_code, country },
        payment: paidWith,
        expectedTotal: summary.orderTotal,
        ...(gifts.length > 0 ? { gifts: [...gifts] } : {}),
      };
      let answer = await placeOrder({ idempotencyKey, body }).unwrap();
      for (let round = 0; !answer.success && round < AUTHENTICATION_ROUNDS; round += 1) {
        await authenticate(answer);
        answer = await placeOrder({ idempotencyKey, body: { ...body, authenticatedPaymentId: answer.paymentId } }).unwrap();
      }
      if (!answer.success) {
        setProblem({ kind: 'declined', message: 'The payment was not confirmed with your bank.' });
        return;
      }
      const { orderId } = answer;
      shop.resetCartAfterOrder();
      toast.success('Order placed! The sellers will confirm your items shortly.');
      // The confirmation and receipt (orders feature, decision 0009); replace, so Back does not return to a spent checkout.
      navigate(`/myorders/${encodeURIComponent(orderId)}/receipt?placed=1`, { replace: true });
    } catch (error) {
      const details = describeApiError(error);
      if (details.status === 402) {
        // A failed authentication may be tried again with the same card: that is a new payment, so a new key.
        if (details.code === 'payment_intent_authentication_failure') attemptRef.current = null;
        setProblem({ kind: 'declined', message: details.message });
      } else if (details.status === 409 && details.code === TOTAL_CHANGED_CODE) {
        // The summary is read again (the mutation invalidates it), so the new total shows beside the button.
        setProblem({ kind: 'total', message: details.message });
      } else if (details.status === 409) {
        const items = ((error as { data?: { items?: ConflictItem[] } }).data?.items ?? []).map(({ title, requested, available, live }) => ({
          title,
          requested,
          available,
          live: live !== false,
        }));
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

  return { onSubmit, problem, problemRef, isPlacing: form.isSubmitting, sandboxAuthentication, answerSandboxAuthentication };
}
