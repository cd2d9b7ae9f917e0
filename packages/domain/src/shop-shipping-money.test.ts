import { describe, expect, it } from 'vitest';
import { applyLabelLedger, describeLabelLine, labelsChargedCents, shippingCreditCents, shippingRefundedCents } from './shop-shipping-money';

const item = { lineCents: 4_000, addOnCents: 500, shippingCents: 800, refundedCents: 0 };

describe('the shipping credited to a seller', () => {
  it('is the line’s share of its shop’s shipping, until refunds get past the line and the add-on', () => {
    expect(shippingCreditCents(item)).toBe(800);
    expect(shippingCreditCents({ ...item, refundedCents: 4_500 })).toBe(800);
    expect(shippingRefundedCents({ ...item, refundedCents: 4_700 })).toBe(200);
    expect(shippingCreditCents({ ...item, refundedCents: 4_700 })).toBe(600);
    expect(shippingCreditCents({ ...item, refundedCents: 5_300 })).toBe(0);
  });

  it('is nothing for an order placed before shops set their shipping', () => {
    expect(shippingCreditCents({ ...item, shippingCents: null })).toBe(0);
    expect(shippingRefundedCents({ ...item, shippingCents: null, refundedCents: 5_300 })).toBe(0);
  });

  it('refuses amounts that are not cents', () => {
    expect(() => shippingCreditCents({ ...item, refundedCents: -1 })).toThrow(RangeError);
    expect(() => shippingCreditCents({ ...item, shippingCents: 1.5 })).toThrow(RangeError);
  });
});

describe('applyLabelLedger', () => {
  it('adds every credit, then takes charges oldest first, each whole, while the payout covers it', () => {
    const result = applyLabelLedger(1_000, [
      { id: 'a', amountCents: -700 },
      { id: 'b', amountCents: -900 },
      { id: 'c', amountCents: 400 },
      { id: 'd', amountCents: -300 },
    ]);
    // 1,000 + 400 = 1,400; a (700) fits → 700; b (900) waits; d (300) fits → 400.
    expect(result).toEqual({ netCents: 400, labelChargeCents: -600, settledIds: ['c', 'a', 'd'] });
  });

  it('leaves a payout alone when nothing is open, and refuses a zero line', () => {
    expect(applyLabelLedger(500, [])).toEqual({ netCents: 500, labelChargeCents: 0, settledIds: [] });
    expect(() => applyLabelLedger(500, [{ id: 'x', amountCents: 0 }])).toThrow(RangeError);
  });

  it('charges only the labels not voided', () => {
    expect(
      labelsChargedCents([
        { chargesCents: 1_020, voided: true },
        { chargesCents: 935, voided: false },
      ]),
    ).toBe(935);
  });
});

describe('describeLabelLine', () => {
  const orderId = 'a1b2c3d4-0000-4000-8000-000000000000';
  const day = (date: Date) => date.toISOString().slice(0, 10);
  it('says what the label was and where its money stands', () => {
    expect(describeLabelLine({ kind: 'label', trackingNumber: '1Z999', orderId, settledAt: null }, day)).toBe(
      'UPS label 1Z999 for order #a1b2c3d4: taken from your next payout',
    );
    expect(describeLabelLine({ kind: 'void_credit', trackingNumber: '1Z999', orderId, settledAt: new Date('2026-12-01T10:00:00Z') }, day)).toBe(
      'UPS label 1Z999 voided, credited back (order #a1b2c3d4): settled by the payout of 2026-12-01',
    );
  });
});
