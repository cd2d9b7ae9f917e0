// The closed lists of words the database stores, one list each. Every list here (and the three that
// live beside their rules: ORDER_ITEM_STATES in order-item-state.ts, SHIPMENT_STATUSES in
// shipment-rules.ts, RETURN_STATUSES and RETURN_REASONS in returns.ts) is the single source of:
// - a PostgreSQL enum in its module's apps/api/src/modules/<module>/<module>.schema.ts (`pgEnum('…', LIST)`),
// - the zod enum of the same values in packages/contracts (`z.enum(LIST)`),
// - the status set the badges colour in status-colours.ts.
// apps/api/src/security/house-rules-enums.test.ts fails when one of them is written out again.
//
// The order of each list is the order of the PostgreSQL enum's values: changing it needs a migration.

export const USER_ROLES = ['buyer', 'seller', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const USER_STATUSES = ['active', 'suspended'] as const;

export const PRODUCT_CONDITIONS = ['new', 'like_new', 'good', 'fair'] as const;

export const PRODUCT_STATUSES = ['active', 'hidden'] as const;

/** An order's status summarises its items' (order-status.ts). */
export const ORDER_STATUSES = ['pending', 'processing', 'shipped', 'completed', 'cancelled', 'refunded'] as const;

/** The buyer's card payment of an order. */
export const PAYMENT_STATUSES = ['succeeded', 'failed', 'partially_refunded', 'refunded'] as const;

export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;

export const PICKUP_STATUSES = ['scheduled', 'cancelled'] as const;

/** How a seller's shipping profile prices a parcel (shipping-profiles.ts; a shop without a profile has the standard rate, stored nowhere). */
export const SHIPPING_RATE_TYPES = ['flat', 'free', 'calculated'] as const;

/** Where a pickup charge came from (docs/product/shipping.md). */
export const PICKUP_CHARGE_SOURCES = ['carrier real-time API', 'carrier API', 'fallback calculation', 'preview calculation'] as const;

/** A seller's Stripe account as stored; a seller who never created one has none (below). */
export const PAYMENT_ACCOUNT_STATUSES = ['created', 'pending', 'complete'] as const;
/** What answers and screens show for a seller's account: "none" before one was created. */
export const PAYMENT_ACCOUNT_STATUSES_WITH_NONE = ['none', ...PAYMENT_ACCOUNT_STATUSES] as const;

/** A seller's payout for an item. */
export const PAYOUT_STATUSES = ['pending', 'paid', 'failed'] as const;

/** Where a shop part's delivery promise stands: waiting for the carrier's delivery, then kept (by the last day) or late. */
export const PROMISE_STATES = ['waiting', 'kept', 'late'] as const;

/** Who pays the shipping given back for a late parcel: the seller when it was handed over late, else the marketplace. */
export const LATE_REFUND_PAYERS = ['seller', 'marketplace'] as const;

/** A line of a seller's label account: a label bought (charged) or a voided label credited back. */
export const LABEL_CHARGE_KINDS = ['label', 'void_credit'] as const;

/** Stripe's payouts from a connected account to its bank (not stored: the Connect sandbox's dashboard shows them). */
export const BANK_PAYOUT_STATUSES = ['paid', 'pending', 'in_transit'] as const;

export const DISPUTE_STATUSES = ['open', 'seller_responded', 'under_review', 'resolved_refunded', 'resolved_rejected'] as const;
export const DISPUTE_REASONS = ['not_received', 'damaged', 'not_as_described', 'other'] as const;

/** A seller's message to the marketplace's support. */
export const SUPPORT_REQUEST_STATUSES = ['open', 'closed'] as const;

/** An e-mail in the outbox (docs/decisions/0021-email-outbox.md): `kept` = recorded only, no SMTP server set. */
export const MAIL_STATUSES = ['queued', 'sending', 'sent', 'failed', 'kept'] as const;
/** Notifications carry an unsubscribe link and follow the recipient's preferences; transactional mail does not. */
export const MAIL_CATEGORIES = ['transactional', 'notification'] as const;
