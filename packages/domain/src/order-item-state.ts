// The life of an order item, as one transition table. The orders service applies it for every module
// (checkout, seller approval, shipping, disputes, returns, payouts), and nothing else writes an item's
// status. docs/product/orders.md tells the same story in words.

export const ORDER_ITEM_STATES = [
  'pending',
  'approved',
  'rejected',
  'shipped',
  'delivered',
  'completed',
  'partially_refunded',
  'refunded',
  'cancelled',
] as const;
export type OrderItemState = (typeof ORDER_ITEM_STATES)[number];

/** Who asks for a move: a person in one of the three roles, or the marketplace itself (carrier tracking, a refund that landed). */
export type OrderItemActor = 'buyer' | 'seller' | 'admin' | 'system';

interface Move {
  to: OrderItemState;
  by: readonly OrderItemActor[];
  /** Why the move exists, shown in errors and the product docs. */
  means: string;
}

// Refunds move an item to partially_refunded or refunded by what has been given back, whoever settled it:
// the admin deciding a dispute, the buyer accepting the seller's offer, or a return that came back.
const REFUNDERS: readonly OrderItemActor[] = ['buyer', 'admin', 'system'];
const refundMoves: Move[] = [
  { to: 'partially_refunded', by: REFUNDERS, means: 'part of what the buyer paid went back' },
  { to: 'refunded', by: REFUNDERS, means: 'everything the buyer paid for the item went back' },
];

export const ORDER_ITEM_TRANSITIONS: Readonly<Record<OrderItemState, readonly Move[]>> = {
  pending: [
    { to: 'approved', by: ['seller'], means: 'the seller accepts the item' },
    { to: 'rejected', by: ['seller'], means: 'the seller declines; the buyer is refunded in full' },
    { to: 'cancelled', by: ['buyer'], means: 'the buyer cancels before any approval; refunded in full' },
  ],
  approved: [{ to: 'shipped', by: ['system', 'seller'], means: 'a carrier label was bought for it, or the seller sent it another way' }],
  shipped: [
    { to: 'approved', by: ['system'], means: 'its label was voided; it waits for a new shipment' },
    { to: 'delivered', by: ['system', 'seller'], means: 'the carrier scans it delivered (the seller marks it only when no carrier tracks its parcel)' },
    ...refundMoves,
  ],
  delivered: [{ to: 'completed', by: ['seller'], means: 'the seller closes the sale' }, ...refundMoves],
  completed: refundMoves,
  partially_refunded: refundMoves,
  rejected: [],
  cancelled: [],
  refunded: [],
};

export class OrderItemTransitionError extends Error {
  constructor(
    readonly from: OrderItemState,
    readonly to: OrderItemState,
    readonly actor: OrderItemActor,
    readonly reason: 'not_allowed' | 'wrong_actor',
  ) {
    super(
      reason === 'wrong_actor'
        ? `A ${actor} cannot move an item from ${labelOfItemState(from)} to ${labelOfItemState(to)}`
        : `An item cannot go from ${labelOfItemState(from)} to ${labelOfItemState(to)}`,
    );
    this.name = 'OrderItemTransitionError';
  }
}

export function labelOfItemState(state: string): string {
  return state.replaceAll('_', ' ');
}

/** Whether `actor` may move an item from `from` to `to`. */
export function canTransition(from: OrderItemState, to: OrderItemState, actor: OrderItemActor): boolean {
  return ORDER_ITEM_TRANSITIONS[from].some((move) => move.to === to && move.by.includes(actor));
}

/** Throws OrderItemTransitionError unless the move is in the table for that actor. */
export function assertTransition(from: OrderItemState, to: OrderItemState, actor: OrderItemActor): void {
  const move = ORDER_ITEM_TRANSITIONS[from].find((candidate) => candidate.to === to);
  if (!move) throw new OrderItemTransitionError(from, to, actor, 'not_allowed');
  if (!move.by.includes(actor)) throw new OrderItemTransitionError(from, to, actor, 'wrong_actor');
}

/** The states a given actor may move an item to from where it is (the web offers exactly these). */
export function nextStatesFor(from: OrderItemState, actor: OrderItemActor): OrderItemState[] {
  return ORDER_ITEM_TRANSITIONS[from].filter((move) => move.by.includes(actor)).map((move) => move.to);
}

/** States in which the buyer has the goods (or they are on the way) and money may still go back. */
export const REFUNDABLE_STATES: readonly OrderItemState[] = ['shipped', 'delivered', 'completed', 'partially_refunded'];

/** States whose seller may still be paid for what the buyer kept (a sale the seller closed, completed, included). */
export const PAYABLE_STATES: readonly OrderItemState[] = ['shipped', 'delivered', 'completed', 'partially_refunded'];

/** States that are not a sale: they add nothing to sales, revenue, orders or units on any screen. */
export const NOT_A_SALE_STATES: readonly OrderItemState[] = ['rejected', 'cancelled', 'refunded'];

/** Where a refund leaves an item: refunded once everything it cost came back, otherwise partially refunded. */
export function stateAfterRefund(refundedCents: number, refundableCents: number): 'partially_refunded' | 'refunded' {
  if (!Number.isSafeInteger(refundedCents) || refundedCents <= 0) throw new RangeError(`refundedCents must be a positive integer, got ${refundedCents}`);
  if (refundedCents > refundableCents) throw new RangeError('An item cannot be refunded more than the buyer paid for it');
  return refundedCents === refundableCents ? 'refunded' : 'partially_refunded';
}
