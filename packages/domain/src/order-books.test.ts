import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyPayoutAdjustments } from './dispute-money';
import { shippingSharesOfShop } from './item-paid';
import { orderBooks, unaccountedCents, type BookLine, type BookShop } from './order-books';
import { shopShippingCents, type ShippingRate } from './shipping-profiles';
import { applyLabelLedger, type LabelLedgerEntry } from './shop-shipping-money';

// The books of random orders from several shops: each shop on a flat, free (with or without a minimum),
// calculated or standard rate, random refunds (some of a whole shop's part), labels bought and voided.

const rates: fc.Arbitrary<ShippingRate> = fc.oneof(
  fc.record({ type: fc.constant('flat' as const), firstCents: fc.integer({ min: 0, max: 3_000 }), additionalCents: fc.integer({ min: 0, max: 1_500 }) }),
  fc.record({ type: fc.constant('free' as const), minimumItemsTotalCents: fc.option(fc.integer({ min: 1, max: 20_000 }), { nil: null }) }),
  fc.record({ type: fc.constant('calculated' as const), handlingFeeCents: fc.integer({ min: 0, max: 500 }) }),
  fc.constant({ type: 'standard' as const }),
);

const lineDrafts = fc.record({
  unitPriceCents: fc.integer({ min: 1, max: 200_000 }),
  quantity: fc.integer({ min: 1, max: 5 }),
  addOnCents: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 2_000 })),
  commissionRateBasisPoints: fc.option(fc.integer({ min: 0, max: 3_000 }), { nil: null }),
  allocatedPickupChargeCents: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 1_500 })),
  refundShare: fc.oneof(fc.constant(0), fc.constant(1), fc.double({ min: 0, max: 1, noNaN: true })),
});

const shopDrafts = fc.record({
  rate: rates,
  carrierCents: fc.integer({ min: 500, max: 6_000 }),
  lines: fc.array(lineDrafts, { minLength: 1, maxLength: 4 }),
  labels: fc.array(fc.record({ chargesCents: fc.integer({ min: 700, max: 4_000 }), voided: fc.boolean() }), { maxLength: 3 }),
  refundWholePart: fc.boolean(),
  /** The part came late: its shipping goes back (what refunds left of it), paid by the seller or the marketplace. */
  late: fc.option(fc.constantFrom('seller' as const, 'marketplace' as const), { nil: null }),
});

/** A shop's part as the checkout prices and keeps it, then refunded as drawn. */
type ShopDraft = typeof shopDrafts extends fc.Arbitrary<infer Draft> ? Draft : never;

function shopOf(draft: ShopDraft, index: number): BookShop & { shippingCents: number; refundWholePart: boolean; late: 'seller' | 'marketplace' | null } {
  const itemsTotal = draft.lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  const units = draft.lines.reduce((sum, line) => sum + line.quantity, 0);
  const shippingCents = shopShippingCents([{ rate: draft.rate, units, carrierCents: draft.carrierCents }], itemsTotal) ?? 0;
  const shares = shippingSharesOfShop(
    shippingCents,
    draft.lines.map((line) => ({ priceCents: line.unitPriceCents, quantity: line.quantity })),
  );
  const lines: BookLine[] = draft.lines.map((line, at) => {
    const shipping = shares[at] ?? 0;
    const paid = line.unitPriceCents * line.quantity + line.addOnCents + shipping;
    const share = draft.refundWholePart ? 1 : line.refundShare;
    // A late part's refund came first: the goods refunds can then reach only what is left of the shipping.
    const late = draft.late ? shipping : 0;
    const refundedCents = Math.min(Math.floor(paid * share), paid - late);
    return {
      unitPriceCents: line.unitPriceCents,
      quantity: line.quantity,
      addOnCents: line.addOnCents,
      shippingCents: shipping,
      refundedCents,
      lateShippingRefundCents: late,
      lateRefundPaidBy: draft.late,
      commissionRateBasisPoints: line.commissionRateBasisPoints,
      allocatedPickupChargeCents: line.allocatedPickupChargeCents,
    };
  });
  return { sellerId: `seller-${index}`, lines, labels: draft.labels, shippingCents, refundWholePart: draft.refundWholePart, late: draft.late };
}

const orders = fc.array(shopDrafts, { minLength: 1, maxLength: 4 }).map((drafts) => drafts.map(shopOf));

describe('orderBooks', () => {
  it('property: buyer paid = sellers’ payouts + shipping credited − labels charged + platform take + refunds, to the cent', () => {
    fc.assert(
      fc.property(orders, (shops) => {
        const books = orderBooks(shops);
        const total = shops.reduce(
          (sum, shop) => sum + shop.shippingCents + shop.lines.reduce((lines, line) => lines + line.unitPriceCents * line.quantity + line.addOnCents, 0),
          0,
        );
        // What the buyer paid is the order's total: items, add-ons and each shop's shipping.
        expect(books.paidCents).toBe(total);
        expect(books.payoutsCents + books.shippingCreditedCents - books.labelsChargedCents + books.platformCents + books.refundedCents).toBe(books.paidCents);
        expect(unaccountedCents(books)).toBe(0);
        for (const [at, shop] of shops.entries()) {
          const part = books.shops[at]!;
          // Each shop balances on its own too, and never receives more shipping than its part paid.
          expect(part.payoutsCents + part.shippingCreditedCents - part.labelsChargedCents + part.platformCents + part.refundedCents).toBe(part.paidCents);
          expect(part.shippingCreditedCents).toBeGreaterThanOrEqual(0);
          expect(part.shippingCreditedCents).toBeLessThanOrEqual(shop.shippingCents);
          // A refund of the whole part gives its shipping back: nothing of it is credited, and the seller earns nothing.
          if (shop.refundWholePart && shop.late !== 'marketplace') {
            expect(part.shippingCreditedCents).toBe(0);
            expect(part.payoutsCents).toBe(0);
            expect(part.refundedCents).toBe(part.paidCents);
          }
          // A late part's shipping went back to the buyer: the seller who handed it over late is credited none of it;
          // when the carrier was late the marketplace pays it, and the seller's credit is what it would have been.
          if (shop.late === 'seller') expect(part.shippingCreditedCents).toBe(0);
          if (shop.late === 'marketplace' && !shop.refundWholePart) {
            const untouched = orderBooks([{ ...shop, lines: shop.lines.map((line) => ({ ...line, lateShippingRefundCents: 0, lateRefundPaidBy: null })) }]);
            expect(part.shippingCreditedCents).toBe(untouched.shops[0]!.shippingCreditedCents);
          }
          // The labels: every label charged, every voided one credited back.
          expect(part.labelsChargedCents).toBe(shop.labels.filter((label) => !label.voided).reduce((sum, label) => sum + label.chargesCents, 0));
        }
      }),
    );
  });

  it('property: settling a shop’s label lines over its payouts charges exactly the labels not voided, never paying below zero', () => {
    fc.assert(
      fc.property(orders, fc.array(fc.integer({ min: 0, max: 50_000 }), { minLength: 1, maxLength: 6 }), (shops, extraPayouts) => {
        for (const [at, shop] of shops.entries()) {
          const part = orderBooks(shops).shops[at]!;
          const entries: LabelLedgerEntry[] = shop.labels.flatMap((label, index) => [
            { id: `label-${index}`, amountCents: -label.chargesCents },
            ...(label.voided ? [{ id: `void-${index}`, amountCents: label.chargesCents }] : []),
          ]);
          // The shop's own payout first, then later payouts of the seller, until every line is settled.
          let open = entries;
          let settledCents = 0;
          for (const payout of [part.payoutsCents + part.shippingCreditedCents, ...extraPayouts, Number.MAX_SAFE_INTEGER / 4]) {
            const result = applyLabelLedger(Math.floor(payout), open);
            expect(result.netCents).toBeGreaterThanOrEqual(0);
            // Adjustments come after the labels, on what is left, and keep it non-negative too.
            expect(applyPayoutAdjustments(result.netCents, []).netCents).toBe(result.netCents);
            settledCents += result.labelChargeCents;
            open = open.filter((entry) => !result.settledIds.includes(entry.id));
          }
          expect(open).toEqual([]);
          expect(settledCents + part.labelsChargedCents).toBe(0);
        }
      }),
    );
  });

  it('says how much the books do not account for: nothing when they balance, the gap when a figure is off', () => {
    const figures = { paidCents: 10_195, payoutsCents: 8_060, shippingCreditedCents: 895, labelsChargedCents: 1_955, platformCents: 3_195, refundedCents: 0 };
    expect(unaccountedCents(figures)).toBe(0);
    expect(unaccountedCents({ ...figures, platformCents: 3_000 })).toBe(195);
    expect(unaccountedCents({ ...figures, refundedCents: 5 })).toBe(-5);
  });

  it('an order placed before shops set their shipping keeps its shipping the platform’s', () => {
    const books = orderBooks([
      {
        sellerId: 'old',
        lines: [
          {
            unitPriceCents: 4_000,
            quantity: 1,
            addOnCents: 0,
            shippingCents: null,
            legacyShippingCents: 599,
            refundedCents: 0,
            commissionRateBasisPoints: 1000,
            allocatedPickupChargeCents: 0,
          },
        ],
        labels: [],
      },
    ]);
    expect(books.shippingCreditedCents).toBe(0);
    expect(books.paidCents).toBe(4_599);
    expect(books.shops[0]!.platformShippingKeptCents).toBe(599);
    expect(books.payoutsCents + books.platformCents).toBe(books.paidCents);
  });

  it('the worked example of docs/product/money.md: two shops, one flat and one free, a label each and one voided', () => {
    const books = orderBooks([
      {
        sellerId: 'northwind',
        lines: [
          {
            unitPriceCents: 4_500,
            quantity: 1,
            addOnCents: 0,
            shippingCents: 895,
            refundedCents: 0,
            commissionRateBasisPoints: 1000,
            allocatedPickupChargeCents: 0,
          },
        ],
        labels: [
          { chargesCents: 1_020, voided: true },
          { chargesCents: 1_020, voided: false },
        ],
      },
      {
        sellerId: 'brightside',
        lines: [
          {
            unitPriceCents: 2_400,
            quantity: 2,
            addOnCents: 0,
            shippingCents: 0,
            refundedCents: 0,
            commissionRateBasisPoints: 1500,
            allocatedPickupChargeCents: 0,
          },
        ],
        labels: [{ chargesCents: 935, voided: false }],
      },
    ]);
    // Northwind: $45.00 − 10 % = $40.50, fee round(4,050 × 0.25 %) + 25 = 35 → payout $40.15; shipping $8.95; label $10.20.
    // Brightside: $48.00 − 15 % = $40.80, fee 10 + 25 = 35 → payout $40.45; free shipping; label $9.35.
    expect(books.shops.map((shop) => [shop.payoutsCents, shop.shippingCreditedCents, shop.labelsChargedCents])).toEqual([
      [4_015, 895, 1_020],
      [4_045, 0, 935],
    ]);
    expect(books.paidCents).toBe(4_500 + 895 + 4_800);
    // The platform: commission 450 + 720, fees 35 + 35, labels 1,020 + 935.
    expect(books.platformCents).toBe(450 + 720 + 35 + 35 + 1_020 + 935);
    expect(books.payoutsCents + books.shippingCreditedCents - books.labelsChargedCents + books.platformCents).toBe(books.paidCents);
  });
});
