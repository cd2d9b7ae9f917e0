import { formatArrivalRange, formatDay } from '@marketplace/domain/delivery-dates';
import { itemsTotalCents, lineTotalCents } from '@marketplace/domain/item-paid';
import { formatCents } from '@marketplace/domain/money';
import { shortId } from '@marketplace/domain/short-id';
import { renderEmail, type EmailRow } from './render-email';

// The words of each e-mail (docs/product/notifications.md): pure functions from the facts to a subject,
// HTML and text. Money is integer cents formatted by packages/domain (formatCents, as the screens do);
// every user-written string (titles, names, addresses, a dispute's description) goes through renderEmail,
// which escapes it.

export interface Rendered {
  subject: string;
  html: string;
  text: string;
}

export interface Brand {
  name: string;
  /** PUBLIC_URL without a trailing slash: every link starts with it. */
  publicUrl: string;
}

export interface MailLine {
  id: string;
  title: string;
  priceCents: number;
  quantity: number;
  retipAdded: boolean;
  retipPriceCents: number;
}

/** Where an order goes, as the orders module gives it (shippingAddressOfOrder); phone and e-mail are not printed. */
export interface MailAddress {
  name: string;
  line1: string;
  line2: string | null;
  city: string;
  state: string;
  postalCode: string;
  countryCode: string;
}

const link = (brand: Brand, path: string) => `${brand.publicUrl}${path}`;

function lineRows(lines: readonly MailLine[]): EmailRow[] {
  return lines.map((line) => ({
    label: `${line.quantity} × ${line.title}${line.retipAdded ? ` (add-on ${formatCents(line.retipPriceCents)})` : ''}`,
    value: formatCents(lineTotalCents(line)),
  }));
}

function addressLines(address: MailAddress): string[] {
  return [address.name, address.line1, address.line2 ?? '', `${address.city}, ${address.state} ${address.postalCode}`, address.countryCode].filter(
    (line) => line.trim() !== '',
  );
}

const footer = (brand: Brand) => `You get this e-mail because of your account at ${brand.name}.`;
const notificationFooter = (brand: Brand, what: string) =>
  `You get these e-mails about ${what} as a seller at ${brand.name}. Turn them off below or in Settings.`;
/** A buyer's optional e-mail: buyers have no Settings page, only the link. */
const buyerNotificationFooter = (brand: Brand, what: string) => `You get these e-mails about ${what} at ${brand.name}. Turn them off with the link below.`;

export function orderPlacedBuyer(
  brand: Brand,
  input: {
    buyerName: string;
    orderId: string;
    lines: readonly MailLine[];
    totals: { itemsTotalCents: number; shippingCents: number; retipTotalCents: number; totalCents: number };
    address: MailAddress;
    /** Each shop's shipping and the days its part should arrive between; none for an order placed before. */
    shops?: ReadonlyArray<{ shopName: string; shippingCents: number; arrivesBy: { earliest: string; latest: string } }>;
  },
): Rendered {
  const number = shortId(input.orderId);
  const rendered = renderEmail({
    brandName: brand.name,
    preheader: `Order #${number}: ${formatCents(input.totals.totalCents)} paid`,
    heading: 'Thank you for your order',
    paragraphs: [
      `Hi ${input.buyerName}, we received your order #${number} and your payment. Each seller confirms their items next; we will write again when they ship.`,
    ],
    sections: [
      { title: 'Items', rows: lineRows(input.lines) },
      {
        title: 'Totals',
        rows: [
          { label: 'Items', value: formatCents(input.totals.itemsTotalCents) },
          { label: 'Shipping', value: input.totals.shippingCents === 0 ? 'Free' : formatCents(input.totals.shippingCents) },
          { label: 'Add-on services', value: formatCents(input.totals.retipTotalCents) },
          { label: 'Total paid', value: formatCents(input.totals.totalCents), isEmphasized: true },
        ],
      },
      ...(input.shops && input.shops.length > 0
        ? [
            {
              title: 'Delivery',
              rows: input.shops.map((shop) => ({
                label: shop.shopName || 'Shop',
                value: `Arrives ${formatArrivalRange(shop.arrivesBy)} · ${shop.shippingCents === 0 ? 'Free shipping' : formatCents(shop.shippingCents)}`,
              })),
            },
          ]
        : []),
      { title: 'Shipping to', lines: addressLines(input.address) },
    ],
    button: { label: 'View your order', url: link(brand, `/myorders/${input.orderId}`) },
    footer: footer(brand),
  });
  return { subject: `Your order #${number} is confirmed`, ...rendered };
}

export function orderPlacedSeller(
  brand: Brand,
  input: {
    sellerName: string;
    orderId: string;
    buyerName: string;
    lines: readonly MailLine[];
    unsubscribeUrl: string;
    /** What the checkout promised for this seller's part, or none (an order placed before shops set their shipping). */
    promise?: { shipBy: string; arrivesBy: { earliest: string; latest: string } } | null;
  },
): Rendered {
  const number = shortId(input.orderId);
  const total = itemsTotalCents(input.lines);
  const rendered = renderEmail({
    brandName: brand.name,
    preheader: `${input.lines.length} item(s) to approve, ${formatCents(total)}`,
    heading: 'You have a new order',
    paragraphs: [
      `Hi ${input.sellerName}, ${input.buyerName} ordered from you (order #${number}). Approve or reject the items, then buy a label to ship them.`,
      ...(input.promise
        ? [
            `Ship by ${formatArrivalRange({ earliest: input.promise.shipBy, latest: input.promise.shipBy })}: the buyer was told it arrives ${formatArrivalRange(input.promise.arrivesBy)}.`,
          ]
        : []),
    ],
    sections: [{ title: 'Items to approve', rows: [...lineRows(input.lines), { label: 'Your items total', value: formatCents(total), isEmphasized: true }] }],
    button: { label: 'Review the order', url: link(brand, `/seller/orders/items/${input.orderId}`) },
    footer: notificationFooter(brand, 'new orders'),
    unsubscribeUrl: input.unsubscribeUrl,
  });
  return { subject: `New order #${number}: ${input.lines.length === 1 ? input.lines[0]!.title : `${input.lines.length} items`}`, ...rendered };
}

export function itemsShipped(
  brand: Brand,
  input: { buyerName: string; orderId: string; titles: readonly string[]; carrier: string; trackingNumber: string | null },
): Rendered {
  const number = shortId(input.orderId);
  const rendered = renderEmail({
    brandName: brand.name,
    preheader: input.trackingNumber ? `Tracking number ${input.trackingNumber}` : `Order #${number} is on its way`,
    heading: 'Your items are on their way',
    paragraphs: [
      `Hi ${input.buyerName}, items of your order #${number} have shipped.`,
      input.trackingNumber ? `${input.carrier.toUpperCase()} tracking number: ${input.trackingNumber}` : 'The seller will add tracking details soon.',
    ],
    sections: [{ title: 'In this parcel', lines: [...input.titles] }],
    button: { label: 'Track your order', url: link(brand, `/myorders/${input.orderId}`) },
    footer: footer(brand),
  });
  return { subject: `Shipped: your order #${number}`, ...rendered };
}

export function itemsDelivered(brand: Brand, input: { buyerName: string; orderId: string; titles: readonly string[] }): Rendered {
  const number = shortId(input.orderId);
  const rendered = renderEmail({
    brandName: brand.name,
    preheader: `Order #${number} was delivered`,
    heading: 'Delivered',
    paragraphs: [
      `Hi ${input.buyerName}, the carrier reports these items of your order #${number} delivered. Something wrong? You can return an item or open a dispute from your order.`,
    ],
    sections: [{ title: 'Delivered', lines: [...input.titles] }],
    button: { label: 'View your order', url: link(brand, `/myorders/${input.orderId}`) },
    footer: footer(brand),
  });
  return { subject: `Delivered: your order #${number}`, ...rendered };
}

export function refundIssued(brand: Brand, input: { buyerName: string; orderId: string; title: string; amountCents: number; refundedCents: number }): Rendered {
  const number = shortId(input.orderId);
  const rendered = renderEmail({
    brandName: brand.name,
    preheader: `${formatCents(input.amountCents)} is on its way back to you`,
    heading: 'Your refund is on its way',
    paragraphs: [
      `Hi ${input.buyerName}, we refunded ${formatCents(input.amountCents)} for "${input.title}" (order #${number}) to your card. Banks usually show it within 5 to 10 business days.`,
    ],
    sections: [
      {
        rows: [
          { label: 'This refund', value: formatCents(input.amountCents), isEmphasized: true },
          { label: 'Refunded for this item so far', value: formatCents(input.refundedCents) },
        ],
      },
    ],
    button: { label: 'View your order', url: link(brand, `/myorders/${input.orderId}`) },
    footer: footer(brand),
  });
  return { subject: `Refund of ${formatCents(input.amountCents)} for order #${number}`, ...rendered };
}

export function labelVoided(brand: Brand, input: { buyerName: string; orderId: string; trackingNumber: string | null; titles: readonly string[] }): Rendered {
  const number = shortId(input.orderId);
  const rendered = renderEmail({
    brandName: brand.name,
    preheader: 'The seller cancelled the shipping label: a new tracking number comes when it ships',
    heading: 'Your parcel is not on its way yet',
    paragraphs: [
      `Hi ${input.buyerName}, the seller cancelled the shipping label for ${input.titles.join(', ')} (order #${number}) before UPS collected the parcel.`,
      `${input.trackingNumber ? `Tracking number ${input.trackingNumber} will not be used. ` : ''}You will get a new tracking number as soon as it ships; you do not need to do anything.`,
    ],
    button: { label: 'View your order', url: link(brand, `/myorders/${input.orderId}`) },
    footer: footer(brand),
  });
  return { subject: `Order #${number}: not shipped yet, the label was cancelled`, ...rendered };
}

export function lateDeliveryCredit(
  brand: Brand,
  input: { buyerName: string; orderId: string; shopName: string; amountCents: number; arrivesLatest: string; deliveredOn: string },
): Rendered {
  const number = shortId(input.orderId);
  const rendered = renderEmail({
    brandName: brand.name,
    preheader: `${formatCents(input.amountCents)} of shipping is on its way back to you`,
    heading: 'Your parcel was late: its shipping is refunded',
    paragraphs: [
      `Hi ${input.buyerName}, ${input.shopName}'s parcel of order #${number} was promised by ${formatDay(input.arrivesLatest)} and was delivered ${formatDay(input.deliveredOn)}.`,
      `We kept our word: the ${formatCents(input.amountCents)} you paid to ship it is refunded to your card. Banks usually show it within 5 to 10 business days. You do not need to do anything.`,
    ],
    sections: [
      {
        rows: [
          { label: 'Promised by', value: formatDay(input.arrivesLatest) },
          { label: 'Delivered', value: formatDay(input.deliveredOn) },
          { label: 'Shipping refunded', value: formatCents(input.amountCents), isEmphasized: true },
        ],
      },
    ],
    button: { label: 'View your order', url: link(brand, `/myorders/${input.orderId}`) },
    footer: footer(brand),
  });
  return { subject: `Late delivery: ${formatCents(input.amountCents)} of shipping refunded (order #${number})`, ...rendered };
}

export function payoutSent(
  brand: Brand,
  input: {
    sellerName: string;
    orderId: string;
    title: string;
    quantity: number;
    breakdown: {
      itemTotalCents: number;
      commissionRateBasisPoints: number;
      commissionCents: number;
      pickupChargeCents: number;
      feeCents: number;
      adjustmentCents: number;
      shippingCreditCents: number;
      labelChargeCents: number;
      netCents: number;
    };
    unsubscribeUrl: string;
  },
): Rendered {
  const figures = input.breakdown;
  const percent = `${(figures.commissionRateBasisPoints / 100).toFixed(2).replace(/\.?0+$/, '')} %`;
  const rows: EmailRow[] = [
    { label: `${input.quantity} × ${input.title}`, value: formatCents(figures.itemTotalCents) },
    { label: `Commission (${percent})`, value: formatCents(-figures.commissionCents) },
  ];
  if (figures.pickupChargeCents > 0) rows.push({ label: 'Pickup charge', value: formatCents(-figures.pickupChargeCents) });
  rows.push({ label: 'Transfer fee', value: formatCents(-figures.feeCents) });
  if (figures.shippingCreditCents > 0) rows.push({ label: 'Shipping the buyer paid', value: formatCents(figures.shippingCreditCents) });
  if (figures.labelChargeCents !== 0)
    rows.push({ label: figures.labelChargeCents < 0 ? 'Shipping labels' : 'Voided labels credited back', value: formatCents(figures.labelChargeCents) });
  if (figures.adjustmentCents !== 0) rows.push({ label: 'Owed from earlier refunds', value: formatCents(figures.adjustmentCents) });
  rows.push({ label: 'Paid to you', value: formatCents(figures.netCents), isEmphasized: true });
  const rendered = renderEmail({
    brandName: brand.name,
    preheader: `${formatCents(figures.netCents)} is on its way to your bank`,
    heading: 'You have been paid',
    paragraphs: [`Hi ${input.sellerName}, we sent ${formatCents(figures.netCents)} to your Stripe account for order #${shortId(input.orderId)}.`],
    sections: [{ title: 'Breakdown', rows }],
    button: { label: 'View your orders', url: link(brand, `/seller/orders/items/${input.orderId}`) },
    footer: notificationFooter(brand, 'payouts'),
    unsubscribeUrl: input.unsubscribeUrl,
  });
  return { subject: `Payout sent: ${formatCents(figures.netCents)}`, ...rendered };
}

const REASONS: Record<string, string> = { not_received: 'Not received', damaged: 'Damaged', not_as_described: 'Not as described', other: 'Other' };

export function disputeOpened(
  brand: Brand,
  input: {
    audience: 'buyer' | 'seller' | 'admin';
    recipientName: string;
    disputeId: string;
    orderId: string;
    title: string;
    reason: string;
    description: string;
    buyerName: string;
    unsubscribeUrl?: string;
  },
): Rendered {
  const number = shortId(input.orderId);
  const reason = REASONS[input.reason] ?? input.reason;
  const pathOf = {
    buyer: `/orderDisputes/${input.disputeId}`,
    seller: `/seller/disputes/${input.disputeId}`,
    admin: `/admin/disputes/${input.disputeId}`,
  } as const;
  const intro = {
    buyer: `Hi ${input.recipientName}, we received your dispute about "${input.title}" (order #${number}). The seller answers first; you can follow it and add messages from the dispute page.`,
    seller: `Hi ${input.recipientName}, ${input.buyerName} opened a dispute about "${input.title}" (order #${number}). Answer it with a statement or a refund offer; the payout for this item waits until it is settled.`,
    admin: `${input.buyerName} opened a dispute about "${input.title}" (order #${number}).`,
  }[input.audience];
  const rendered = renderEmail({
    brandName: brand.name,
    preheader: `Dispute: ${reason}`,
    heading: input.audience === 'admin' ? 'A dispute was opened' : input.audience === 'buyer' ? 'Your dispute is open' : 'A buyer opened a dispute',
    paragraphs: [intro],
    sections: [{ rows: [{ label: 'Reason', value: reason }] }, { title: 'What the buyer wrote', lines: [input.description] }],
    button: { label: 'Open the dispute', url: link(brand, pathOf[input.audience]) },
    footer: input.unsubscribeUrl ? notificationFooter(brand, 'disputes') : footer(brand),
    ...(input.unsubscribeUrl ? { unsubscribeUrl: input.unsubscribeUrl } : {}),
  });
  return { subject: `Dispute opened on order #${number}: ${input.title}`, ...rendered };
}

export function itemApproved(brand: Brand, input: { buyerName: string; orderId: string; title: string; quantity: number; sellerName: string }): Rendered {
  const number = shortId(input.orderId);
  const rendered = renderEmail({
    brandName: brand.name,
    preheader: `${input.sellerName} confirmed your item`,
    heading: 'Your item is confirmed',
    paragraphs: [
      `Hi ${input.buyerName}, ${input.sellerName} confirmed "${input.quantity} × ${input.title}" of your order #${number} and is getting it ready. We will write again when it ships.`,
    ],
    button: { label: 'View your order', url: link(brand, `/myorders/${input.orderId}`) },
    footer: footer(brand),
  });
  return { subject: `Confirmed: ${input.title} (order #${number})`, ...rendered };
}

export function itemRejected(
  brand: Brand,
  input: { buyerName: string; orderId: string; title: string; quantity: number; sellerName: string; reason: string | null; refundCents: number },
): Rendered {
  const number = shortId(input.orderId);
  const sections = input.reason?.trim() ? [{ title: 'What the seller said', lines: [input.reason.trim()] }] : [];
  const rendered = renderEmail({
    brandName: brand.name,
    preheader: `Refunded in full: ${formatCents(input.refundCents)}`,
    heading: 'An item of your order is not available',
    paragraphs: [
      `Hi ${input.buyerName}, ${input.sellerName} could not fulfil "${input.quantity} × ${input.title}" of your order #${number}, so it will not be sent.`,
      `You are refunded in full for it: ${formatCents(input.refundCents)}, the item with its share of shipping and any add-on. A separate e-mail confirms the refund.`,
    ],
    sections: [{ rows: [{ label: 'Refund', value: formatCents(input.refundCents), isEmphasized: true }] }, ...sections],
    button: { label: 'View your order', url: link(brand, `/myorders/${input.orderId}`) },
    footer: footer(brand),
  });
  return { subject: `Not available: ${input.title} (order #${number})`, ...rendered };
}

export function itemsOutForDelivery(
  brand: Brand,
  input: { buyerName: string; orderId: string; titles: readonly string[]; carrier: string; trackingNumber: string | null },
): Rendered {
  const number = shortId(input.orderId);
  const rendered = renderEmail({
    brandName: brand.name,
    preheader: `Order #${number} arrives today`,
    heading: 'Out for delivery',
    paragraphs: [
      `Hi ${input.buyerName}, the carrier has items of your order #${number} out for delivery: they should arrive today.`,
      ...(input.trackingNumber ? [`${input.carrier.toUpperCase()} tracking number: ${input.trackingNumber}`] : []),
    ],
    sections: [{ title: 'In this parcel', lines: [...input.titles] }],
    button: { label: 'Track your order', url: link(brand, `/myorders/${input.orderId}`) },
    footer: footer(brand),
  });
  return { subject: `Out for delivery: your order #${number}`, ...rendered };
}

export function disputeAnswered(
  brand: Brand,
  input: {
    audience: 'buyer' | 'admin';
    recipientName: string;
    disputeId: string;
    orderId: string;
    title: string;
    sellerName: string;
    action: 'offer_refund' | 'contest';
    offerCents: number | null;
    statement: string | null;
  },
): Rendered {
  const number = shortId(input.orderId);
  const offer = input.action === 'offer_refund' && input.offerCents !== null ? formatCents(input.offerCents) : null;
  const answer = offer ? `offered a refund of ${offer}` : 'contested the claim';
  const paragraphs =
    input.audience === 'buyer'
      ? [
          `Hi ${input.recipientName}, ${input.sellerName} answered your dispute about "${input.title}" (order #${number}): they ${answer}.`,
          offer
            ? 'Accept the offer and the refund is sent to your card at once, or decline it and the marketplace team decides.'
            : 'If you do not agree, ask the marketplace team to decide from the dispute page.',
        ]
      : [`${input.sellerName} answered the dispute about "${input.title}" (order #${number}): they ${answer}.`];
  const rows = offer ? [{ label: 'Refund offered', value: offer, isEmphasized: true }] : [{ label: 'Answer', value: 'Contested' }];
  const rendered = renderEmail({
    brandName: brand.name,
    preheader: offer ? `Refund offered: ${offer}` : 'The seller contested the claim',
    heading: input.audience === 'buyer' ? 'The seller answered your dispute' : 'A seller answered a dispute',
    paragraphs,
    sections: [{ rows }, ...(input.statement ? [{ title: 'What the seller wrote', lines: [input.statement] }] : [])],
    button: {
      label: 'Open the dispute',
      url: link(brand, input.audience === 'buyer' ? `/orderDisputes/${input.disputeId}` : `/admin/disputes/${input.disputeId}`),
    },
    footer: footer(brand),
  });
  return { subject: `Dispute answered on order #${number}: ${offer ? `${offer} offered` : 'contested'}`, ...rendered };
}

export function disputeResolved(
  brand: Brand,
  input: {
    audience: 'buyer' | 'seller';
    recipientName: string;
    disputeId: string;
    orderId: string;
    title: string;
    outcome: 'refunded' | 'rejected';
    refundCents: number | null;
    byBuyerAcceptingOffer: boolean;
    note: string | null;
  },
): Rendered {
  const number = shortId(input.orderId);
  const refund = input.refundCents !== null ? formatCents(input.refundCents) : null;
  const about = `"${input.title}" (order #${number})`;
  let paragraph: string;
  if (input.outcome === 'rejected') {
    paragraph =
      input.audience === 'buyer'
        ? `Hi ${input.recipientName}, the marketplace team reviewed your dispute about ${about} and rejected the claim. Nothing is refunded.`
        : `Hi ${input.recipientName}, the marketplace team rejected the buyer's claim about ${about}. Nothing is refunded, and the payout for this item goes ahead.`;
  } else if (input.audience === 'buyer') {
    paragraph = input.byBuyerAcceptingOffer
      ? `Hi ${input.recipientName}, you accepted the seller's offer on your dispute about ${about}: ${refund} is refunded to your card.`
      : `Hi ${input.recipientName}, the marketplace team decided your dispute about ${about}: ${refund} is refunded to your card.`;
  } else {
    paragraph = input.byBuyerAcceptingOffer
      ? `Hi ${input.recipientName}, the buyer accepted your offer on the dispute about ${about}: ${refund} was refunded to them. If you were already paid for this item, it is taken from your next payout.`
      : `Hi ${input.recipientName}, the marketplace team decided the dispute about ${about} with a refund of ${refund} to the buyer. If you were already paid for this item, it is taken from your next payout.`;
  }
  const rows = [
    { label: 'Outcome', value: input.outcome === 'refunded' ? 'Refunded' : 'Claim rejected' },
    ...(refund ? [{ label: 'Refund', value: refund, isEmphasized: true }] : []),
  ];
  const rendered = renderEmail({
    brandName: brand.name,
    preheader: input.outcome === 'refunded' ? `Refunded: ${refund}` : 'The claim was rejected',
    heading: 'The dispute is settled',
    paragraphs: [paragraph],
    sections: [{ rows }, ...(input.note ? [{ title: "The marketplace team's note", lines: [input.note] }] : [])],
    button: {
      label: 'Open the dispute',
      url: link(brand, input.audience === 'buyer' ? `/orderDisputes/${input.disputeId}` : `/seller/disputes/${input.disputeId}`),
    },
    footer: footer(brand),
  });
  return { subject: `Dispute settled on order #${number}: ${input.outcome === 'refunded' ? `${refund} refunded` : 'claim rejected'}`, ...rendered };
}

export function chatMessage(
  brand: Brand,
  input: { audience: 'buyer' | 'seller'; recipientName: string; senderName: string; excerpt: string; chatId: string; unsubscribeUrl: string },
): Rendered {
  const path = input.audience === 'buyer' ? '/user/chats' : '/seller/chats';
  const rendered = renderEmail({
    brandName: brand.name,
    preheader: `${input.senderName}: ${input.excerpt}`,
    heading: 'You have a new message',
    paragraphs: [`Hi ${input.recipientName}, ${input.senderName} wrote to you while you were away:`],
    sections: [{ lines: [input.excerpt] }],
    button: { label: 'Reply in the chat', url: link(brand, `${path}?chat=${encodeURIComponent(input.chatId)}`) },
    footer: input.audience === 'buyer' ? buyerNotificationFooter(brand, 'new messages') : notificationFooter(brand, 'new messages'),
    unsubscribeUrl: input.unsubscribeUrl,
  });
  return { subject: `New message from ${input.senderName}`, ...rendered };
}

export interface WeeklyFigures {
  /** Distinct orders with a sale of theirs, items sold and net sales: the dashboard's own figures. */
  orders: number;
  itemsSold: number;
  revenueCents: number;
  /** Payouts paid to them in the week, and their total. */
  payoutCount: number;
  payoutCents: number;
}

export function weeklySummary(
  brand: Brand,
  input: { sellerName: string; isoWeek: string; firstDay: string; lastDay: string; figures: WeeklyFigures; unsubscribeUrl: string },
): Rendered {
  const figures = input.figures;
  const rendered = renderEmail({
    brandName: brand.name,
    preheader: `${formatCents(figures.revenueCents)} in sales, ${figures.orders} order(s)`,
    heading: 'Your week in numbers',
    paragraphs: [`Hi ${input.sellerName}, here is how last week went (${input.firstDay} to ${input.lastDay}, UTC).`],
    sections: [
      {
        title: `Week ${input.isoWeek}`,
        rows: [
          { label: 'Orders', value: String(figures.orders) },
          { label: 'Items sold', value: String(figures.itemsSold) },
          { label: 'Sales', value: formatCents(figures.revenueCents), isEmphasized: true },
          { label: `Payouts received (${figures.payoutCount})`, value: formatCents(figures.payoutCents) },
        ],
      },
    ],
    button: { label: 'Open your dashboard', url: link(brand, '/seller/dashboard') },
    footer: notificationFooter(brand, 'the weekly summary'),
    unsubscribeUrl: input.unsubscribeUrl,
  });
  return { subject: `Your week ${input.isoWeek}: ${formatCents(figures.revenueCents)} in sales`, ...rendered };
}

export function supportRequested(brand: Brand, input: { requesterName: string; requesterEmail: string; subject: string }): Rendered {
  const rendered = renderEmail({
    brandName: brand.name,
    preheader: input.subject,
    heading: 'A new support request',
    paragraphs: [`${input.requesterName} (${input.requesterEmail}) sent the marketplace team a support request.`],
    sections: [{ rows: [{ label: 'Subject', value: input.subject }] }],
    button: { label: 'Open support requests', url: link(brand, '/admin/settings') },
    footer: footer(brand),
  });
  return { subject: `Support request: ${input.subject}`, ...rendered };
}

// ── reviews (docs/product/reviews.md) ──

/** The order page opens the review form for the item from `?review=<order item>`. */
const reviewFormLink = (brand: Brand, orderId: string, orderItemId: string) => link(brand, `/myorders/${orderId}?review=${orderItemId}`);

export function reviewRequest(brand: Brand, input: { buyerName: string; orderId: string; orderItemId: string; title: string }): Rendered {
  const number = shortId(input.orderId);
  const rendered = renderEmail({
    brandName: brand.name,
    preheader: `Rate "${input.title}" in a minute`,
    heading: 'How was your item?',
    paragraphs: [
      `Hi ${input.buyerName}, "${input.title}" from your order #${number} arrived a few days ago. A few words and a star rating help other buyers choose, and tell the seller how they did.`,
      'Your review shows as a verified purchase. You can change it for 30 days.',
    ],
    button: { label: 'Write a review', url: reviewFormLink(brand, input.orderId, input.orderItemId) },
    footer: footer(brand),
  });
  return { subject: `How was "${input.title}"?`, ...rendered };
}

export function reviewHidden(
  brand: Brand,
  input: { buyerName: string; orderId: string; orderItemId: string; itemTitle: string; reviewTitle: string; reason: string },
): Rendered {
  const rendered = renderEmail({
    brandName: brand.name,
    preheader: `Your review of "${input.itemTitle}" is no longer shown`,
    heading: 'Your review was hidden',
    paragraphs: [
      `Hi ${input.buyerName}, the marketplace team hid your review "${input.reviewTitle}" of "${input.itemTitle}". It no longer shows on the product page and no longer counts in its rating.`,
      'You can still read it, and change it within 30 days of writing it, from your order.',
    ],
    sections: [{ rows: [{ label: 'Reason', value: input.reason }] }],
    button: { label: 'View your review', url: reviewFormLink(brand, input.orderId, input.orderItemId) },
    footer: footer(brand),
  });
  return { subject: 'Your review was hidden', ...rendered };
}
