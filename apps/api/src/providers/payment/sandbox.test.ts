import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../lib/clock';
import { PaymentDeclinedError, PaymentValidationError, passesLuhnCheck, type ChargeRequest } from './port';
import { createSandboxPaymentProvider } from './sandbox';

const clock = createManualClock(new Date('2026-03-10T12:00:00Z'));
const card = (number: string, overrides: Partial<{ expMonth: number; expYear: number; cvc: string }> = {}) => ({
  card: { number, expMonth: 12, expYear: 2030, cvc: '123', ...overrides },
});
const request = (overrides: Partial<ChargeRequest> = {}): ChargeRequest => ({
  amountCents: 2599,
  currency: 'usd',
  idempotencyKey: `key-${Math.random()}`,
  source: card('4242424242424242'),
  description: 'Order',
  ...overrides,
});

describe('sandbox payment provider', () => {
  it('charges 4242 4242 4242 4242 and reports the brand and last four digits', async () => {
    const provider = createSandboxPaymentProvider({ clock });
    const result = await provider.charge(request());
    expect(result).toEqual({ id: expect.stringMatching(/^pi_sandbox_/), status: 'succeeded', cardBrand: 'visa', cardLast4: '4242' });
    expect(provider.chargeCount).toBe(1);
  });

  it.each([
    ['4000000000000002', 'Your card was declined.', 'generic_decline'],
    ['4000000000009995', 'Your card has insufficient funds.', 'insufficient_funds'],
  ])('declines %s', async (number, message, code) => {
    const provider = createSandboxPaymentProvider({ clock });
    const failure = provider.charge(request({ source: card(number) }));
    await expect(failure).rejects.toBeInstanceOf(PaymentDeclinedError);
    await expect(failure).rejects.toMatchObject({ message, declineCode: code });
    expect(provider.chargeCount).toBe(0);
  });

  it.each([
    ['a number failing Luhn', card('4242424242424241'), 'number'],
    ['a past expiry', card('4242424242424242', { expYear: 2026, expMonth: 2 }), 'expYear'],
    ['a bad month', card('4242424242424242', { expMonth: 13 }), 'expMonth'],
    ['a short CVC', card('4242424242424242', { cvc: '12' }), 'cvc'],
    ['an unknown payment method', { paymentMethodId: 'pm_nothing' }, 'paymentMethodId'],
  ])('refuses %s as a validation error', async (_label, source, field) => {
    const provider = createSandboxPaymentProvider({ clock });
    await expect(provider.charge(request({ source }))).rejects.toMatchObject({ name: 'PaymentValidationError', field });
  });

  it('accepts a card expiring this month and Stripe-style test payment methods', async () => {
    const provider = createSandboxPaymentProvider({ clock });
    await expect(provider.charge(request({ source: card('5555555555554444', { expYear: 2026, expMonth: 3 }) }))).resolves.toMatchObject({
      cardBrand: 'mastercard',
    });
    await expect(provider.charge(request({ source: { paymentMethodId: 'pm_card_visa' } }))).resolves.toMatchObject({ cardLast4: '4242' });
    await expect(provider.charge(request({ source: { paymentMethodId: 'pm_card_chargeDeclined' } }))).rejects.toBeInstanceOf(PaymentDeclinedError);
  });

  it('answers the same charge for the same idempotency key and never charges twice', async () => {
    const provider = createSandboxPaymentProvider({ clock });
    const first = request({ idempotencyKey: 'same-key' });
    const results = await Promise.all([provider.charge(first), provider.charge(first), provider.charge({ ...first })]);
    expect(new Set(results.map((result) => result.id)).size).toBe(1);
    expect(provider.chargeCount).toBe(1);
    await expect(provider.charge({ ...first, amountCents: 100 })).rejects.toBeInstanceOf(PaymentValidationError);
  });

  it('remembers a decline for its key, but not a validation error', async () => {
    const provider = createSandboxPaymentProvider({ clock });
    const declined = request({ idempotencyKey: 'declined-key', source: card('4000000000000002') });
    await expect(provider.charge(declined)).rejects.toBeInstanceOf(PaymentDeclinedError);
    await expect(provider.charge(declined)).rejects.toBeInstanceOf(PaymentDeclinedError);
    const invalid = request({ idempotencyKey: 'invalid-key', source: card('4242424242424242', { cvc: '1' }) });
    await expect(provider.charge(invalid)).rejects.toBeInstanceOf(PaymentValidationError);
  });

  it('refunds within the charge, idempotently, and never more than was charged', async () => {
    const provider = createSandboxPaymentProvider({ clock });
    const payment = await provider.charge(request({ amountCents: 1000 }));
    const first = await provider.refund({ paymentId: payment.id, amountCents: 600, idempotencyKey: 'refund-1' });
    expect(first.id).toMatch(/^re_sandbox_/);
    expect(await provider.refund({ paymentId: payment.id, amountCents: 600, idempotencyKey: 'refund-1' })).toEqual(first);
    await expect(provider.refund({ paymentId: payment.id, amountCents: 401, idempotencyKey: 'refund-2' })).rejects.toBeInstanceOf(PaymentValidationError);
    await expect(provider.refund({ paymentId: payment.id, amountCents: 400, idempotencyKey: 'refund-3' })).resolves.toMatchObject({ id: expect.any(String) });
    await expect(provider.refund({ paymentId: 'pi_other', amountCents: 1, idempotencyKey: 'refund-4' })).rejects.toBeInstanceOf(PaymentValidationError);
  });

  it('checks card numbers with Luhn', () => {
    expect(passesLuhnCheck('4242424242424242')).toBe(true);
    expect(passesLuhnCheck('4000000000000002')).toBe(true);
    expect(passesLuhnCheck('4242424242424243')).toBe(false);
  });

  it('asks for authentication with 4000 0025 0000 3155, and answers what the buyer did under the same key', async () => {
    const provider = createSandboxPaymentProvider({ clock });
    const completed = request({ source: card('4000002500003155') });
    const step = await provider.charge(completed);
    if (step.status !== 'requires_action') throw new Error('expected an authentication step');
    expect(step.clientSecret).toMatch(new RegExp(`^${step.id}_secret_`));
    expect(provider.chargeCount).toBe(0);
    expect(await provider.charge(completed)).toEqual(step);
    await provider.authenticate(step.clientSecret, 'complete');
    expect(await provider.charge(completed)).toEqual({ id: step.id, status: 'succeeded', cardBrand: 'visa', cardLast4: '3155' });
    expect(provider.chargeCount).toBe(1);
    // A step happens once; a made-up secret is refused.
    await expect(provider.authenticate(step.clientSecret, 'fail')).rejects.toBeInstanceOf(PaymentValidationError);
    await expect(provider.authenticate('pi_sandbox_x_secret_y', 'complete')).rejects.toBeInstanceOf(PaymentValidationError);
    // The authenticated payment can be refunded like any other.
    await expect(provider.refund({ paymentId: step.id, amountCents: 2599, idempotencyKey: 'refund-3ds' })).resolves.toMatchObject({ id: expect.any(String) });

    const failed = request({ source: { paymentMethodId: 'pm_card_authenticationRequired' } });
    const failing = await provider.charge(failed);
    if (failing.status !== 'requires_action') throw new Error('expected an authentication step');
    await provider.authenticate(failing.clientSecret, 'fail');
    await expect(provider.charge(failed)).rejects.toMatchObject({ name: 'PaymentDeclinedError', declineCode: 'payment_intent_authentication_failure' });
    await expect(provider.charge(failed)).rejects.toBeInstanceOf(PaymentDeclinedError);
    expect(provider.chargeCount).toBe(1);
    // Every other card behaves as before.
    expect(await provider.charge(request())).toMatchObject({ status: 'succeeded', cardLast4: '4242' });
  });
});
