import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentDeclinedError, PaymentValidationError } from './port';
import { createStripePaymentProvider } from './stripe';

// A tiny stand-in for Stripe's API on 127.0.0.1: form-encoded requests, bearer secret key, and the
// Idempotency-Key header honoured the way Stripe does (the first answer is replayed).

interface Recorded {
  method: string;
  path: string;
  form: URLSearchParams;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

const recorded: Recorded[] = [];
const answers = new Map<string, { status: number; body: unknown }>();
const charged = new Map<string, { amount: number; refunded: number }>();
/** PaymentIntents that asked for 3-D Secure, as Stripe keeps them: the buyer's step changes their status. */
const intents = new Map<
  string,
  {
    id: string;
    object: 'payment_intent';
    amount: number;
    status: string;
    client_secret: string;
    latest_charge: object | null;
    last_payment_error: object | null;
  }
>();
const card = { brand: 'visa', last4: '3155' };

/** What Stripe.js's handleNextAction does in the buyer's browser: the bank's step passes or fails. */
function authenticateIntent(id: string, outcome: 'complete' | 'fail') {
  const intent = intents.get(id);
  if (!intent) throw new Error(`no intent ${id}`);
  if (outcome === 'complete') {
    intent.status = 'succeeded';
    intent.latest_charge = { id: id.replace('pi_', 'ch_'), object: 'charge', payment_method_details: { type: 'card', card } };
    charged.set(id, { amount: intent.amount, refunded: 0 });
  } else {
    intent.status = 'requires_payment_method';
    intent.last_payment_error = {
      type: 'invalid_request_error',
      code: 'payment_intent_authentication_failure',
      message:
        'The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.',
    };
  }
}
let created = 0;
let server: Server;
let port: number;

const DECLINES: Record<string, { code: string; decline_code: string; message: string }> = {
  pm_card_chargeDeclined: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  pm_card_chargeDeclinedInsufficientFunds: { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
};

function answer(path: string, form: URLSearchParams): { status: number; body: unknown } {
  const retrieved = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
  if (retrieved?.[1]) {
    const intent = intents.get(retrieved[1]);
    if (!intent)
      return {
        status: 404,
        body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${retrieved[1]}'` } },
      };
    return { status: 200, body: intent };
  }
  if (path === '/v1/payment_intents') {
    const method = form.get('payment_method') ?? '';
    if (method === 'pm_card_threeDSecure2Required') {
      created += 1;
      const id = `pi_fake_${created}`;
      const intent = {
        id,
        object: 'payment_intent' as const,
        amount: Number(form.get('amount')),
        status: 'requires_action',
        client_secret: `${id}_secret_fake`,
        latest_charge: null,
        last_payment_error: null,
      };
      intents.set(id, intent);
      return { status: 200, body: { ...intent, next_action: { type: 'use_stripe_sdk', use_stripe_sdk: {} } } };
    }
    const decline = DECLINES[method];
    if (decline) return { status: 402, body: { error: { type: 'card_error', ...decline } } };
    if (!method.startsWith('pm_')) {
      return { status: 400, body: { error: { type: 'invalid_request_error', param: 'payment_method', message: `No such PaymentMethod: '${method}'` } } };
    }
    created += 1;
    const id = `pi_fake_${created}`;
    const amount = Number(form.get('amount'));
    charged.set(id, { amount, refunded: 0 });
    return {
      status: 200,
      body: {
        id,
        object: 'payment_intent',
        amount,
        currency: form.get('currency'),
        status: 'succeeded',
        latest_charge: { id: `ch_fake_${created}`, object: 'charge', payment_method_details: { type: 'card', card: { brand: 'visa', last4: '4242' } } },
      },
    };
  }
  if (path === '/v1/refunds') {
    const payment = charged.get(form.get('payment_intent') ?? '');
    const amount = Number(form.get('amount'));
    if (!payment) return { status: 400, body: { error: { type: 'invalid_request_error', param: 'payment_intent', message: 'No such payment_intent' } } };
    if (payment.refunded + amount > payment.amount) {
      return {
        status: 400,
        body: {
          error: {
            type: 'invalid_request_error',
            code: 'amount_too_large',
            param: 'amount',
            message: 'Refund amount is greater than unrefunded amount on charge',
          },
        },
      };
    }
    payment.refunded += amount;
    return { status: 200, body: { id: `re_fake_${recorded.length}`, object: 'refund', amount, status: 'succeeded' } };
  }
  return { status: 404, body: { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } } };
}

async function readBody(request: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  return text;
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const form = new URLSearchParams(await readBody(request));
    const path = (request.url ?? '').split('?')[0] ?? '';
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    recorded.push({ method: request.method ?? '', path, form, idempotencyKey, authorization: request.headers.authorization });
    const cacheKey = idempotencyKey ? `${path}|${idempotencyKey}` : null;
    const cached = cacheKey ? answers.get(cacheKey) : undefined;
    const result = cached ?? answer(path, form);
    if (cacheKey && !cached) answers.set(cacheKey, result);
    response.writeHead(result.status, {
      'content-type': 'application/json',
      'request-id': `req_${recorded.length}`,
      ...(cached ? { 'idempotent-replayed': 'true' } : {}),
    });
    response.end(JSON.stringify(result.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const provider = () => createStripePaymentProvider({ secretKey: 'sk_test_fake', publishableKey: 'pk_test_fake', host: '127.0.0.1', port, protocol: 'http' });

describe('Stripe payment provider (against a local fake of the API)', () => {
  it('confirms a PaymentIntent with the payment method and an idempotency key', async () => {
    const result = await provider().charge({
      amountCents: 2599,
      currency: 'usd',
      idempotencyKey: 'charge-1',
      source: { paymentMethodId: 'pm_card_visa' },
      description: 'Order 1',
    });
    expect(result).toEqual({ id: expect.stringMatching(/^pi_fake_/), status: 'succeeded', cardBrand: 'visa', cardLast4: '4242' });
    const request = recorded.at(-1);
    expect(request).toMatchObject({ method: 'POST', path: '/v1/payment_intents', idempotencyKey: 'charge-1', authorization: 'Bearer sk_test_fake' });
    expect(Object.fromEntries(request?.form ?? [])).toMatchObject({
      amount: '2599',
      currency: 'usd',
      payment_method: 'pm_card_visa',
      confirm: 'true',
      description: 'Order 1',
      'automatic_payment_methods[enabled]': 'true',
      'automatic_payment_methods[allow_redirects]': 'never',
      'expand[0]': 'latest_charge',
    });
    expect(provider().publishableKey).toBe('pk_test_fake');
  });

  it('answers the same PaymentIntent for a repeated key without a second charge', async () => {
    const before = created;
    const request = {
      amountCents: 1000,
      currency: 'usd' as const,
      idempotencyKey: 'charge-2',
      source: { paymentMethodId: 'pm_card_visa' },
      description: 'Order 2',
    };
    const [first, second] = [await provider().charge(request), await provider().charge(request)];
    expect(second.id).toBe(first.id);
    expect(created).toBe(before + 1);
  });

  it('turns card errors into declines and bad requests into validation errors', async () => {
    const declined = provider().charge({
      amountCents: 1000,
      currency: 'usd',
      idempotencyKey: 'charge-3',
      source: { paymentMethodId: 'pm_card_chargeDeclined' },
      description: 'x',
    });
    await expect(declined).rejects.toBeInstanceOf(PaymentDeclinedError);
    await expect(declined).rejects.toMatchObject({ message: 'Your card was declined.', declineCode: 'generic_decline' });
    await expect(
      provider().charge({ amountCents: 1000, currency: 'usd', idempotencyKey: 'charge-4', source: { paymentMethodId: 'tok_bad' }, description: 'x' }),
    ).rejects.toBeInstanceOf(PaymentValidationError);
  });

  it('never sends card numbers to Stripe', async () => {
    const count = recorded.length;
    await expect(
      provider().charge({
        amountCents: 1000,
        currency: 'usd',
        idempotencyKey: 'charge-5',
        source: { card: { number: '4242424242424242', expMonth: 1, expYear: 2035, cvc: '123' } },
        description: 'x',
      }),
    ).rejects.toBeInstanceOf(PaymentValidationError);
    expect(recorded.length).toBe(count);
  });

  it('refunds with an idempotency key, once, and never more than was charged', async () => {
    const payment = await provider().charge({
      amountCents: 1000,
      currency: 'usd',
      idempotencyKey: 'charge-6',
      source: { paymentMethodId: 'pm_card_visa' },
      description: 'x',
    });
    const refund = { paymentId: payment.id, amountCents: 700, idempotencyKey: 'refund-1' };
    const first = await provider().refund(refund);
    expect(await provider().refund(refund)).toEqual(first);
    expect(recorded.at(-1)).toMatchObject({ path: '/v1/refunds', idempotencyKey: 'refund-1' });
    expect(Object.fromEntries(recorded.at(-1)?.form ?? [])).toMatchObject({ payment_intent: payment.id, amount: '700' });
    expect(charged.get(payment.id)?.refunded).toBe(700);
    await expect(provider().refund({ paymentId: payment.id, amountCents: 301, idempotencyKey: 'refund-2' })).rejects.toBeInstanceOf(PaymentValidationError);
  });

  it('answers a card that asks for 3-D Secure with the client secret, then what the buyer did: paid or declined', async () => {
    const request = (key: string) => ({
      amountCents: 4200,
      currency: 'usd' as const,
      idempotencyKey: key,
      source: { paymentMethodId: 'pm_card_threeDSecure2Required' },
      description: 'Order 3DS',
    });
    const first = await provider().charge(request('charge-3ds-1'));
    expect(first).toEqual({ id: expect.stringMatching(/^pi_fake_/), status: 'requires_action', clientSecret: `${first.id}_secret_fake` });
    // Stripe.js handles the step only for intents confirmed with use_stripe_sdk.
    expect(Object.fromEntries(recorded.filter((sent) => sent.path === '/v1/payment_intents').at(-1)?.form ?? [])).toMatchObject({
      use_stripe_sdk: 'true',
      confirm: 'true',
    });

    // The checkout it pays for rides along, for the payment_intent.succeeded webhook.
    const withCheckout = {
      ...request('charge-3ds-3'),
      checkout: {
        buyerId: 'buyer-1',
        idempotencyKey: 'key-1',
        requestHash: 'f'.repeat(64),
        shippingAddress: { name: 'Ada', line1: '1 Main St', line2: null, city: 'Portland', state: 'OR', postal_code: '97201', country: 'US' },
      },
    };
    await provider().charge(withCheckout);
    expect(Object.fromEntries(recorded.filter((sent) => sent.path === '/v1/payment_intents').at(-1)?.form ?? [])).toMatchObject({
      'metadata[checkout_buyer_id]': 'buyer-1',
      'metadata[checkout_idempotency_key]': 'key-1',
      'metadata[checkout_request_hash]': 'f'.repeat(64),
      'shipping[name]': 'Ada',
      'shipping[address][line1]': '1 Main St',
      'shipping[address][postal_code]': '97201',
    });

    // Sent again before the buyer finished: still waiting, read from Stripe (the replayed answer is stale).
    expect(await provider().charge(request('charge-3ds-1'))).toEqual(first);
    expect(recorded.at(-1)).toMatchObject({ method: 'GET', path: `/v1/payment_intents/${first.id}` });

    authenticateIntent(first.id, 'complete');
    expect(await provider().charge(request('charge-3ds-1'))).toEqual({ id: first.id, status: 'succeeded', cardBrand: 'visa', cardLast4: '3155' });

    const failed = await provider().charge(request('charge-3ds-2'));
    authenticateIntent(failed.id, 'fail');
    const declined = provider().charge(request('charge-3ds-2'));
    await expect(declined).rejects.toBeInstanceOf(PaymentDeclinedError);
    await expect(declined).rejects.toMatchObject({
      message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
      declineCode: 'payment_intent_authentication_failure',
    });
  });
});
