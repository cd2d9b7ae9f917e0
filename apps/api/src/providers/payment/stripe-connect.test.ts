import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripeConnectServer, type AccountState, type FakeStripeConnectServer } from '../../../test/fake-stripe-connect-server';
import { ConnectError, isAccountComplete, WebhookModeMismatchError, WebhookPayloadError, WebhookSignatureError, type ConnectProvider } from './connect-port';
import { createStripeConnectProvider, signStripeWebhookPayload } from './stripe-connect';

const WEBHOOK_SECRET = 'whsec_test_fake_connect';

let fake: FakeStripeConnectServer;
let stripe: ConnectProvider;

beforeAll(async () => {
  fake = await startFakeStripeConnectServer();
  stripe = createStripeConnectProvider({ secretKey: fake.secretKey, webhookSecret: WEBHOOK_SECRET, ...fake.connection });
});
afterAll(async () => {
  await fake.close();
});

async function connectErrorOf(promise: Promise<unknown>): Promise<ConnectError> {
  const error: unknown = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ConnectError);
  return error as ConnectError;
}

const newAccountRequest = (key: string) => ({ email: 'seller@example.com', country: 'US' as const, idempotencyKey: key, metadata: { sellerId: 'seller-1' } });

describe('Stripe Connect accounts (against a local fake of the API)', () => {
  it('creates a US Express account with the transfers capability, once per idempotency key', async () => {
    const before = fake.accounts.size;
    const first = await stripe.createExpressAccount(newAccountRequest('connect-account-seller-1'));
    const request = fake.requestsTo('POST', '/v1/accounts').at(-1);
    expect(request).toMatchObject({ idempotencyKey: 'connect-account-seller-1', authorization: `Bearer ${fake.secretKey}` });
    expect(request?.form).toEqual({
      type: 'express',
      country: 'US',
      email: 'seller@example.com',
      'capabilities[transfers][requested]': 'true',
      'metadata[sellerId]': 'seller-1',
    });
    expect(first).toEqual({
      id: expect.stringMatching(/^acct_/),
      detailsSubmitted: false,
      payoutsEnabled: false,
      transfersActive: false,
      requirementsDue: ['business_type', 'external_account', 'tos_acceptance.date', 'tos_acceptance.ip'],
      disabledReason: 'requirements.past_due',
    });

    const retried = await stripe.createExpressAccount(newAccountRequest('connect-account-seller-1'));
    expect(retried.id).toBe(first.id);
    expect(fake.requestsTo('POST', '/v1/accounts').at(-1)?.replayed).toBe(true);
    expect(fake.accounts.size).toBe(before + 1);
  });

  it('refuses the same key with other parameters, as Stripe does', async () => {
    await stripe.createExpressAccount(newAccountRequest('connect-account-seller-2'));
    const error = await connectErrorOf(stripe.createExpressAccount({ ...newAccountRequest('connect-account-seller-2'), email: 'other@example.com' }));
    expect(error).toMatchObject({ code: 'invalid_request', retryable: false });
    expect(error.message).toMatch(/same parameters/);
  });

  it('maps a complete account and names what is still due', async () => {
    const account = fake.addAccount();
    fake.completeOnboarding(account.id);
    const complete = await stripe.retrieveAccount(account.id);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', path: `/v1/accounts/${account.id}` });
    expect(complete).toEqual({
      id: account.id,
      detailsSubmitted: true,
      payoutsEnabled: true,
      transfersActive: true,
      requirementsDue: [],
      disabledReason: null,
    });
    expect(isAccountComplete(complete)).toBe(true);

    fake.setAccountState(account.id, { currentlyDue: ['external_account', 'individual.ssn_last_4'], pastDue: ['external_account'] });
    expect((await stripe.retrieveAccount(account.id)).requirementsDue).toEqual(['external_account', 'individual.ssn_last_4']);
  });

  const missing: [string, AccountState][] = [
    ['details not submitted', { detailsSubmitted: false }],
    ['payouts not enabled', { payoutsEnabled: false }],
    ['transfers pending', { transfers: 'pending' }],
    ['transfers inactive', { transfers: 'inactive' }],
    ['something currently due', { currentlyDue: ['external_account'] }],
    ['something past due', { pastDue: ['tos_acceptance.date'] }],
    ['disabled by Stripe', { disabledReason: 'under_review' }],
  ];
  it.each(missing)('is pending when %s', async (_, state) => {
    const account = fake.addAccount();
    fake.completeOnboarding(account.id);
    fake.setAccountState(account.id, state);
    const mapped = await stripe.retrieveAccount(account.id);
    expect(isAccountComplete(mapped)).toBe(false);
  });

  it('answers account_not_found for an unknown account', async () => {
    const error = await connectErrorOf(stripe.retrieveAccount('acct_doesnotexist00'));
    expect(error).toMatchObject({ code: 'account_not_found', retryable: false });
  });

  it('makes an onboarding link with both return addresses and its expiry', async () => {
    const account = fake.addAccount();
    const before = Math.floor(Date.now() / 1000);
    const link = await stripe.createOnboardingLink({
      accountId: account.id,
      refreshUrl: 'https://shop.test/seller/onboarding/refresh',
      returnUrl: 'https://shop.test/seller/onboarding/return',
    });
    const request = fake.requests.at(-1);
    expect(request).toMatchObject({ method: 'POST', path: '/v1/account_links' });
    expect(request?.form).toEqual({
      account: account.id,
      type: 'account_onboarding',
      refresh_url: 'https://shop.test/seller/onboarding/refresh',
      return_url: 'https://shop.test/seller/onboarding/return',
    });
    expect(link.url).toMatch(/^https:\/\/connect\.stripe\.com\//);
    const expiresAt = Date.parse(link.expiresAt);
    expect(link.expiresAt).toBe(new Date(expiresAt).toISOString());
    expect(expiresAt / 1000).toBeGreaterThanOrEqual(before + 300);
    expect(expiresAt / 1000).toBeLessThanOrEqual(before + 302);

    const unknown = await connectErrorOf(
      stripe.createOnboardingLink({ accountId: 'acct_doesnotexist00', refreshUrl: 'https://shop.test/r', returnUrl: 'https://shop.test/x' }),
    );
    expect(unknown.code).toBe('account_not_found');
  });

  it('makes an Express dashboard link once onboarding is done', async () => {
    const account = fake.addAccount();
    const notReady = await connectErrorOf(stripe.createLoginLink(account.id));
    expect(notReady).toMatchObject({ code: 'account_not_ready', retryable: false });

    fake.completeOnboarding(account.id);
    const link = await stripe.createLoginLink(account.id);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', path: `/v1/accounts/${account.id}/login_links` });
    expect(link).toEqual({ url: expect.stringMatching(/^https:\/\/connect\.stripe\.com\/express\//) });

    expect((await connectErrorOf(stripe.createLoginLink('acct_doesnotexist00'))).code).toBe('account_not_found');
  });
});

describe('Stripe Connect transfers', () => {
  const transferTo = (accountId: string, idempotencyKey: string, amountCents = 8_123) => ({
    accountId,
    amountCents,
    currency: 'usd' as const,
    idempotencyKey,
    description: 'Payout for order ORD-1001, item 1',
    transferGroup: 'order_ORD-1001',
    metadata: { orderId: 'ORD-1001', orderItemId: 'item-1' },
  });

  it('sends the amount in cents with the idempotency key, and a retry never sends money twice', async () => {
    const account = fake.addAccount();
    fake.completeOnboarding(account.id);
    fake.balanceCents = 50_000;
    const count = fake.transfers.length;

    const first = await stripe.transfer(transferTo(account.id, 'payout-item-1-attempt-1'));
    const request = fake.requestsTo('POST', '/v1/transfers').at(-1);
    expect(request?.idempotencyKey).toBe('payout-item-1-attempt-1');
    expect(request?.form).toEqual({
      amount: '8123',
      currency: 'usd',
      destination: account.id,
      description: 'Payout for order ORD-1001, item 1',
      transfer_group: 'order_ORD-1001',
      'metadata[orderId]': 'ORD-1001',
      'metadata[orderItemId]': 'item-1',
    });
    expect(first).toEqual({ id: expect.stringMatching(/^tr_/), amountCents: 8_123 });

    const retried = await stripe.transfer(transferTo(account.id, 'payout-item-1-attempt-1'));
    expect(retried).toEqual(first);
    expect(fake.transfers.length).toBe(count + 1);
    expect(fake.balanceCents).toBe(50_000 - 8_123);
  });

  it('answers insufficient_funds when the platform balance cannot cover it', async () => {
    const account = fake.addAccount();
    fake.completeOnboarding(account.id);
    fake.balanceCents = 1_000;
    const error = await connectErrorOf(stripe.transfer(transferTo(account.id, 'payout-item-2-attempt-1', 1_001)));
    expect(error).toMatchObject({ code: 'insufficient_funds', retryable: false });
    expect(fake.balanceCents).toBe(1_000);
    // Stripe stores the failed answer under the key: only a new attempt (a new key) can succeed later.
    fake.balanceCents = 10_000;
    expect((await connectErrorOf(stripe.transfer(transferTo(account.id, 'payout-item-2-attempt-1', 1_001)))).code).toBe('insufficient_funds');
    expect(await stripe.transfer(transferTo(account.id, 'payout-item-2-attempt-2', 1_001))).toMatchObject({ amountCents: 1_001 });
  });

  it('answers account_not_found for an unknown destination and account_not_ready before transfers are active', async () => {
    expect(await connectErrorOf(stripe.transfer(transferTo('acct_doesnotexist00', 'payout-item-3-attempt-1')))).toMatchObject({
      code: 'account_not_found',
      retryable: false,
    });
    const pending = fake.addAccount();
    expect(await connectErrorOf(stripe.transfer(transferTo(pending.id, 'payout-item-4-attempt-1')))).toMatchObject({
      code: 'account_not_ready',
      retryable: false,
    });
  });

  it('passes Stripe’s message through for an invalid request', async () => {
    const account = fake.addAccount();
    fake.completeOnboarding(account.id);
    const error = await connectErrorOf(stripe.transfer(transferTo(account.id, 'payout-item-5-attempt-1', 12.5)));
    expect(error).toMatchObject({ code: 'invalid_request', retryable: false, message: 'Invalid positive integer' });
  });

  it('draws on the buyer’s charge (source_transaction) when the payment was charged, and not otherwise', async () => {
    const account = fake.addAccount();
    fake.completeOnboarding(account.id);
    fake.balanceCents = 100_000;
    const lastTransferForm = () => fake.requestsTo('POST', '/v1/transfers').at(-1)?.form;

    const paid = fake.addPaymentIntent();
    const drawn = await stripe.transfer({ ...transferTo(account.id, 'payout-item-6-attempt-1'), sourcePaymentId: paid.id });
    expect(lastTransferForm()?.source_transaction).toBe(paid.chargeId);
    expect(fake.transfers.find((transfer) => transfer.id === drawn.id)?.source_transaction).toBe(paid.chargeId);
    expect(fake.requestsTo('GET', `/v1/payment_intents/${paid.id}`)).toHaveLength(1);

    // Never charged, unknown to Stripe, not Stripe's (a sandbox payment) or not given: from the balance.
    const uncharged = fake.addPaymentIntent({ charged: false });
    for (const [index, sourcePaymentId] of [uncharged.id, 'pi_doesnotexist', 'pay_sandbox_1', null, undefined].entries()) {
      await stripe.transfer({ ...transferTo(account.id, `payout-item-7-${index}-attempt-1`), sourcePaymentId });
      expect(lastTransferForm(), String(sourcePaymentId)).not.toHaveProperty('source_transaction');
    }
  });

  it('keeps a transfer retryable when Stripe cannot say which charge paid for it', async () => {
    const account = fake.addAccount();
    fake.completeOnboarding(account.id);
    const paid = fake.addPaymentIntent();
    const before = fake.requestsTo('POST', '/v1/transfers').length;
    fake.failNext(500, { type: 'api_error', message: 'Something went wrong on Stripe’s end.' });
    expect(await connectErrorOf(stripe.transfer({ ...transferTo(account.id, 'payout-item-8-attempt-1'), sourcePaymentId: paid.id }))).toMatchObject({
      code: 'provider_unavailable',
      retryable: true,
    });
    expect(fake.requestsTo('POST', '/v1/transfers')).toHaveLength(before);
  });
});

describe('Stripe Connect failures', () => {
  it('is provider_unavailable and retryable when Stripe cannot be reached', async () => {
    const down = await startFakeStripeConnectServer();
    await down.close();
    const unreachable = createStripeConnectProvider({ secretKey: down.secretKey, webhookSecret: null, ...down.connection });
    expect(await connectErrorOf(unreachable.retrieveAccount('acct_any'))).toMatchObject({ code: 'provider_unavailable', retryable: true });
  });

  it('is provider_unavailable and retryable on Stripe errors and rate limits', async () => {
    const account = fake.addAccount();
    fake.failNext(500, { type: 'api_error', message: 'An unknown error occurred' });
    expect(await connectErrorOf(stripe.retrieveAccount(account.id))).toMatchObject({ code: 'provider_unavailable', retryable: true });
    fake.failNext(429, { type: 'invalid_request_error', code: 'rate_limit', message: 'Too many requests' });
    expect(await connectErrorOf(stripe.retrieveAccount(account.id))).toMatchObject({ code: 'provider_unavailable', retryable: true });
  });

  it('is provider_unavailable, not retryable, with a clear message when the key is refused', async () => {
    const wrongKey = createStripeConnectProvider({ secretKey: 'sk_test_not_the_platform', webhookSecret: null, ...fake.connection });
    const error = await connectErrorOf(wrongKey.retrieveAccount('acct_any'));
    expect(error).toMatchObject({ code: 'provider_unavailable', retryable: false });
    expect(error.message).toMatch(/STRIPE_SECRET_KEY/);
  });
});

describe('Stripe Connect webhooks', () => {
  function eventPayload(type: string, object: object, extra: { account?: string } = {}): string {
    const event: Pick<Stripe.Event, 'id' | 'object' | 'api_version' | 'created' | 'livemode' | 'pending_webhooks' | 'request'> & {
      type: string;
      data: { object: object };
      account?: string;
    } = {
      id: `evt_${type.replace(/\./g, '_')}`,
      object: 'event',
      api_version: '2025-10-29.clover',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
      ...extra,
    };
    return JSON.stringify(event);
  }
  const signed = (payload: string) => stripe.parseWebhook(Buffer.from(payload), signStripeWebhookPayload(payload, WEBHOOK_SECRET));

  it('maps account.updated to the account', () => {
    const account = fake.addAccount();
    fake.completeOnboarding(account.id);
    expect(signed(eventPayload('account.updated', account))).toEqual({
      id: 'evt_account_updated',
      type: 'account.updated',
      account: { id: account.id, detailsSubmitted: true, payoutsEnabled: true, transfersActive: true, requirementsDue: [], disabledReason: null },
    });
  });

  it('maps transfer.reversed', () => {
    const transfer: Pick<Stripe.Transfer, 'id' | 'object' | 'amount' | 'amount_reversed' | 'reversed'> = {
      id: 'tr_1',
      object: 'transfer',
      amount: 5_000,
      amount_reversed: 1_250,
      reversed: false,
    };
    expect(signed(eventPayload('transfer.reversed', transfer))).toEqual({
      id: 'evt_transfer_reversed',
      type: 'transfer.reversed',
      transferId: 'tr_1',
      amountReversedCents: 1_250,
    });
  });

  it('maps payout.paid and payout.failed with the connected account', () => {
    const payout: Pick<Stripe.Payout, 'id' | 'object' | 'amount' | 'failure_message' | 'status'> = {
      id: 'po_1',
      object: 'payout',
      amount: 7_700,
      failure_message: null,
      status: 'paid',
    };
    expect(signed(eventPayload('payout.paid', payout, { account: 'acct_seller' }))).toEqual({
      id: 'evt_payout_paid',
      type: 'payout.paid',
      accountId: 'acct_seller',
      payoutId: 'po_1',
      amountCents: 7_700,
      failureMessage: null,
    });
    const failed = { ...payout, status: 'failed', failure_message: 'The bank account has been closed.' };
    expect(signed(eventPayload('payout.failed', failed))).toEqual({
      id: 'evt_payout_failed',
      type: 'payout.failed',
      accountId: null,
      payoutId: 'po_1',
      amountCents: 7_700,
      failureMessage: 'The bank account has been closed.',
    });
  });

  it('maps charge.refunded and charge.dispute.created to the payment', () => {
    const charge: Pick<Stripe.Charge, 'id' | 'object' | 'amount' | 'amount_refunded' | 'payment_intent'> = {
      id: 'ch_1',
      object: 'charge',
      amount: 4_000,
      amount_refunded: 1_500,
      payment_intent: 'pi_1',
    };
    expect(signed(eventPayload('charge.refunded', charge))).toEqual({
      id: 'evt_charge_refunded',
      type: 'charge.refunded',
      paymentIntentId: 'pi_1',
      chargeId: 'ch_1',
      amountRefundedCents: 1_500,
    });
    expect(signed(eventPayload('charge.refunded', { ...charge, payment_intent: null }))).toMatchObject({ paymentIntentId: null });

    const dispute: Pick<Stripe.Dispute, 'id' | 'object' | 'amount' | 'charge' | 'payment_intent' | 'reason' | 'status'> = {
      id: 'dp_1',
      object: 'dispute',
      amount: 4_000,
      charge: 'ch_1',
      payment_intent: 'pi_1',
      reason: 'fraudulent',
      status: 'needs_response',
    };
    expect(signed(eventPayload('charge.dispute.created', dispute))).toEqual({
      id: 'evt_charge_dispute_created',
      type: 'charge.dispute.created',
      paymentIntentId: 'pi_1',
      chargeId: 'ch_1',
      amountCents: 4_000,
      reason: 'fraudulent',
    });
  });

  it('maps payment_intent.succeeded with the checkout it names (metadata and shipping), or none', () => {
    const intent = {
      id: 'pi_3ds',
      object: 'payment_intent',
      amount: 6_000,
      amount_received: 6_000,
      status: 'succeeded',
      payment_method: 'pm_1',
      latest_charge: { id: 'ch_3ds', object: 'charge', payment_method_details: { type: 'card', card: { brand: 'visa', last4: '3155' } } },
      metadata: { checkout_buyer_id: 'buyer-1', checkout_idempotency_key: 'key-1', checkout_request_hash: 'a'.repeat(64) },
      shipping: { name: 'Ada Buyer', address: { line1: '1 Main St', line2: '', city: 'Portland', state: 'OR', postal_code: '97201', country: 'US' } },
    };
    expect(signed(eventPayload('payment_intent.succeeded', intent))).toEqual({
      id: 'evt_payment_intent_succeeded',
      type: 'payment_intent.succeeded',
      payment: {
        paymentId: 'pi_3ds',
        amountCents: 6_000,
        paymentMethodId: 'pm_1',
        cardBrand: 'visa',
        cardLast4: '3155',
        checkout: {
          buyerId: 'buyer-1',
          idempotencyKey: 'key-1',
          requestHash: 'a'.repeat(64),
          shippingAddress: { name: 'Ada Buyer', line1: '1 Main St', line2: null, city: 'Portland', state: 'OR', postal_code: '97201', country: 'US' },
        },
      },
    });
    expect(signed(eventPayload('payment_intent.succeeded', { ...intent, metadata: {} }))).toMatchObject({ payment: { paymentId: 'pi_3ds', checkout: null } });
  });

  it('passes other types through as other', () => {
    expect(signed(eventPayload('customer.created', { id: 'cus_1', object: 'customer' }))).toEqual({
      id: 'evt_customer_created',
      type: 'other',
      providerType: 'customer.created',
    });
  });

  it('refuses a signed event with nothing to apply: no object, or an object without what its type reads', () => {
    const refused = (payload: string) => () => signed(payload);
    for (const object of [null, 'ch_1', [], 7]) {
      expect(refused(eventPayload('charge.refunded', object as never)), JSON.stringify(object)).toThrow(WebhookPayloadError);
      expect(refused(eventPayload('customer.created', object as never)), JSON.stringify(object)).toThrow(WebhookPayloadError);
    }
    expect(refused(eventPayload('charge.refunded', { id: 'ch_1', object: 'charge', amount_refunded: '1500', payment_intent: 'pi_1' }))).toThrow(
      WebhookPayloadError,
    );
    expect(refused(eventPayload('transfer.reversed', { object: 'transfer', amount_reversed: 100 }))).toThrow(WebhookPayloadError);
    expect(refused(eventPayload('payout.failed', { id: 'po_1', object: 'payout', amount: 1.5 }))).toThrow(WebhookPayloadError);
    expect(refused(eventPayload('account.updated', { id: 'acct_1', object: 'account' }))).toThrow(WebhookPayloadError);
    expect(refused(eventPayload('charge.dispute.created', { id: 'dp_1', object: 'dispute', amount: 100, charge: 42 }))).toThrow(WebhookPayloadError);
    expect(refused(JSON.stringify({ id: 'evt_no_data', object: 'event', livemode: false, type: 'charge.refunded' }))).toThrow(WebhookPayloadError);
    // An event we do not apply needs only an object: a balance has no id of its own.
    expect(signed(eventPayload('balance.available', { object: 'balance', available: [] }))).toMatchObject({ type: 'other' });
    expect(signed(eventPayload('constructor', {}))).toMatchObject({ type: 'other', providerType: 'constructor' });
  });

  it('refuses a tampered body, a wrong secret, an old timestamp, a missing header and a missing secret', () => {
    const payload = eventPayload('payout.paid', { id: 'po_1', object: 'payout', amount: 100, failure_message: null });
    const header = signStripeWebhookPayload(payload, WEBHOOK_SECRET);
    expect(() => stripe.parseWebhook(Buffer.from(payload.replace('"amount":100', '"amount":999')), header)).toThrow(WebhookSignatureError);
    expect(() => stripe.parseWebhook(Buffer.from(payload), signStripeWebhookPayload(payload, 'whsec_someone_else'))).toThrow(WebhookSignatureError);
    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
    expect(() => stripe.parseWebhook(Buffer.from(payload), signStripeWebhookPayload(payload, WEBHOOK_SECRET, tenMinutesAgo))).toThrow(WebhookSignatureError);
    expect(() => stripe.parseWebhook(Buffer.from(payload), undefined)).toThrow(WebhookSignatureError);
    expect(() => stripe.parseWebhook(Buffer.from(payload), 'garbage')).toThrow(WebhookSignatureError);
    const unconfigured = createStripeConnectProvider({ secretKey: fake.secretKey, webhookSecret: null, ...fake.connection });
    expect(() => unconfigured.parseWebhook(Buffer.from(payload), header)).toThrow(WebhookSignatureError);
    // Within the 300 s tolerance a delivery is still accepted.
    expect(stripe.parseWebhook(Buffer.from(payload), signStripeWebhookPayload(payload, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 120)).type).toBe(
      'payout.paid',
    );
  });

  it('accepts an event that either endpoint secret signed (platform and Connect), and no other', () => {
    const both = createStripeConnectProvider({
      secretKey: fake.secretKey,
      webhookSecret: 'whsec_platform',
      connectWebhookSecret: 'whsec_connect',
      ...fake.connection,
    });
    const payload = eventPayload('payout.paid', { id: 'po_2', object: 'payout', amount: 100, failure_message: null }, { account: 'acct_seller' });
    expect(both.parseWebhook(Buffer.from(payload), signStripeWebhookPayload(payload, 'whsec_platform')).type).toBe('payout.paid');
    expect(both.parseWebhook(Buffer.from(payload), signStripeWebhookPayload(payload, 'whsec_connect')).type).toBe('payout.paid');
    expect(() => both.parseWebhook(Buffer.from(payload), signStripeWebhookPayload(payload, 'whsec_other'))).toThrow(WebhookSignatureError);
    // With only the Connect secret set, the platform's events are refused and the connected accounts' accepted.
    const connectOnly = createStripeConnectProvider({
      secretKey: fake.secretKey,
      webhookSecret: null,
      connectWebhookSecret: 'whsec_connect',
      ...fake.connection,
    });
    expect(connectOnly.parseWebhook(Buffer.from(payload), signStripeWebhookPayload(payload, 'whsec_connect')).type).toBe('payout.paid');
    expect(() => connectOnly.parseWebhook(Buffer.from(payload), signStripeWebhookPayload(payload, 'whsec_platform'))).toThrow(WebhookSignatureError);
  });

  it('refuses an event of the other mode than the secret key: test events on a live key and live events on a test key', () => {
    const testEvent = eventPayload('payout.paid', { id: 'po_3', object: 'payout', amount: 100, failure_message: null });
    const liveEvent = testEvent.replace('"livemode":false', '"livemode":true');
    const live = createStripeConnectProvider({ secretKey: 'sk_live_platform', webhookSecret: WEBHOOK_SECRET, ...fake.connection });
    expect(() => live.parseWebhook(Buffer.from(testEvent), signStripeWebhookPayload(testEvent, WEBHOOK_SECRET))).toThrow(WebhookModeMismatchError);
    expect(live.parseWebhook(Buffer.from(liveEvent), signStripeWebhookPayload(liveEvent, WEBHOOK_SECRET)).type).toBe('payout.paid');
    expect(() => stripe.parseWebhook(Buffer.from(liveEvent), signStripeWebhookPayload(liveEvent, WEBHOOK_SECRET))).toThrow(WebhookModeMismatchError);
    expect(stripe.parseWebhook(Buffer.from(testEvent), signStripeWebhookPayload(testEvent, WEBHOOK_SECRET)).type).toBe('payout.paid');
  });
});
