// The books of one order (docs/product/money.md, "The books of an order"): where every cent the buyer paid went,
// shop by shop. Each item settles as item-settlement.ts says (its payout, its shipping credited to its seller, the
// platform's charges, its refunds); each shop's labels are charged to the shop's seller, a voided one credited back.
// For every order:  buyer paid = sellers' payouts + shipping credited − labels charged + platform take + refunds,
// where the platform's take is its commission, pickup charges and transfer fees, the add-ons the buyer kept paying,
// and the labels it charged (which pay the carrier's bill), less what it absorbs when charges exceed a line.

import { settleOrderItem } from './item-settlement';
import { labelsChargedCents, type LabelFigures } from './shop-shipping-money';

export interface BookLine {
  unitPriceCents: number;
  quantity: number;
  /** The add-on when chosen, else 0. */
  addOnCents: number;
  /** The line's share of its shop's shipping (null: an order placed before shops set their shipping). */
  shippingCents: number | null;
  /** For an order placed before: the line's share of the order's one shipping, the platform's (item-paid.ts). */
  legacyShippingCents?: number;
  refundedCents: number;
  /** A late parcel's shipping given back for the line, and who pays it (shop-shipping-money.ts). */
  lateShippingRefundCents?: number;
  lateRefundPaidBy?: 'seller' | 'marketplace' | null;
  commissionRateBasisPoints: number | null;
  allocatedPickupChargeCents: number;
}

export interface BookShop {
  sellerId: string;
  lines: readonly BookLine[];
  labels: readonly LabelFigures[];
}

export interface ShopBooks {
  sellerId: string;
  paidCents: number;
  refundedCents: number;
  /** The spec's payouts of the shop's items (before any deduction made for other items). */
  payoutsCents: number;
  shippingCreditedCents: number;
  labelsChargedCents: number;
  /** Commission, pickup charges and transfer fees, less what the platform absorbed. */
  chargesCents: number;
  /** The add-ons the buyer kept paying (the platform's). */
  addOnsKeptCents: number;
  /** An older order's shipping the buyer kept paying (the platform's, as it was then), less late refunds it paid. */
  platformShippingKeptCents: number;
  platformCents: number;
  /** Each line as it settles, in the order given. */
  lines: Array<{ paidCents: number; refundedCents: number; payoutCents: number; shippingCreditCents: number }>;
}

export interface OrderBooks {
  shops: ShopBooks[];
  paidCents: number;
  refundedCents: number;
  payoutsCents: number;
  shippingCreditedCents: number;
  labelsChargedCents: number;
  platformCents: number;
}

/** The six figures of a shop's or an order's books. */
export type BookFigures = Pick<OrderBooks, 'paidCents' | 'refundedCents' | 'payoutsCents' | 'shippingCreditedCents' | 'labelsChargedCents' | 'platformCents'>;

/**
 * What the buyer paid that the books do not account for: paid − (payouts + shipping credited − labels charged +
 * platform take + refunds). 0 when they balance, which they always should; the admin's page says so, or warns.
 */
export function unaccountedCents(figures: BookFigures): number {
  return (
    figures.paidCents - (figures.payoutsCents + figures.shippingCreditedCents - figures.labelsChargedCents + figures.platformCents + figures.refundedCents)
  );
}

export function shopBooks(shop: BookShop): ShopBooks {
  const books: ShopBooks = {
    sellerId: shop.sellerId,
    paidCents: 0,
    refundedCents: 0,
    payoutsCents: 0,
    shippingCreditedCents: 0,
    labelsChargedCents: labelsChargedCents(shop.labels),
    chargesCents: 0,
    addOnsKeptCents: 0,
    platformShippingKeptCents: 0,
    platformCents: 0,
    lines: [],
  };
  for (const line of shop.lines) {
    const shipping = line.shippingCents ?? line.legacyShippingCents ?? 0;
    const settled = settleOrderItem({
      unitPriceCents: line.unitPriceCents,
      quantity: line.quantity,
      extrasCents: line.addOnCents + shipping,
      shippingCents: line.shippingCents,
      refundedCents: line.refundedCents,
      lateShippingRefundCents: line.lateShippingRefundCents ?? 0,
      lateRefundPaidBy: line.lateRefundPaidBy ?? null,
      commissionRateBasisPoints: line.commissionRateBasisPoints,
      allocatedPickupChargeCents: line.allocatedPickupChargeCents,
    });
    const { payout } = settled;
    const absorbed = Math.max(0, -(payout.grossCents - payout.feeCents));
    // The extras kept: the add-on first kept, as refunds reach the add-on before the shipping.
    const extrasRefunded = line.refundedCents - settled.lineRefundCents;
    const addOnKept = line.addOnCents - Math.min(extrasRefunded, line.addOnCents);
    books.lines.push({
      paidCents: settled.paidCents,
      refundedCents: settled.refundedCents,
      payoutCents: payout.payoutCents,
      shippingCreditCents: settled.shippingCreditCents,
    });
    books.paidCents += settled.paidCents;
    books.refundedCents += settled.refundedCents;
    books.payoutsCents += payout.payoutCents;
    books.shippingCreditedCents += settled.shippingCreditCents;
    books.chargesCents += payout.commissionCents + payout.pickupChargeCents + payout.feeCents - absorbed;
    books.addOnsKeptCents += addOnKept;
    // The shipping the buyer kept paying and the seller is not credited: an older order's (the platform's), less a late
    // parcel's refund the marketplace paid (the seller's credit untouched, so the platform's take pays it).
    books.platformShippingKeptCents += settled.keptExtrasCents - addOnKept - settled.shippingCreditCents;
  }
  books.platformCents = books.chargesCents + books.addOnsKeptCents + books.platformShippingKeptCents + books.labelsChargedCents;
  return books;
}

export function orderBooks(shops: readonly BookShop[]): OrderBooks {
  const perShop = shops.map(shopBooks);
  const sum = (pick: (books: ShopBooks) => number) => perShop.reduce((total, books) => total + pick(books), 0);
  return {
    shops: perShop,
    paidCents: sum((books) => books.paidCents),
    refundedCents: sum((books) => books.refundedCents),
    payoutsCents: sum((books) => books.payoutsCents),
    shippingCreditedCents: sum((books) => books.shippingCreditedCents),
    labelsChargedCents: sum((books) => books.labelsChargedCents),
    platformCents: sum((books) => books.platformCents),
  };
}
