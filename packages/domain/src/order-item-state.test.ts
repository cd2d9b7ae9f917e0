import { describe, expect, it } from 'vitest';
import {
  ORDER_ITEM_STATES,
  ORDER_ITEM_TRANSITIONS,
  OrderItemTransitionError,
  assertTransition,
  canTransition,
  nextStatesFor,
  stateAfterRefund,
  type OrderItemActor,
  type OrderItemState,
} from './order-item-state';

const ACTORS: OrderItemActor[] = ['buyer', 'seller', 'admin', 'system'];

// The table written out the way docs/product/orders.md states it, kept apart from the code it checks.
const EXPECTED: Array<[OrderItemState, OrderItemState, OrderItemActor[]]> = [
  ['pending', 'approved', ['seller']],
  ['pending', 'rejected', ['seller']],
  ['pending', 'cancelled', ['buyer']],
  ['approved', 'shipped', ['system', 'seller']],
  ['shipped', 'approved', ['system']],
  ['shipped', 'delivered', ['system', 'seller']],
  ['delivered', 'completed', ['seller']],
  ...(['shipped', 'delivered', 'completed', 'partially_refunded'] as const).flatMap((from) =>
    (['partially_refunded', 'refunded'] as const).map((to): [OrderItemState, OrderItemState, OrderItemActor[]] => [from, to, ['buyer', 'admin', 'system']]),
  ),
];

describe('order item transitions', () => {
  it('allows exactly the documented moves, each only for its actors', () => {
    for (const from of ORDER_ITEM_STATES) {
      for (const to of ORDER_ITEM_STATES) {
        for (const actor of ACTORS) {
          const expected = EXPECTED.some(([a, b, actors]) => a === from && b === to && actors.includes(actor));
          expect(canTransition(from, to, actor), `${from} → ${to} by ${actor}`).toBe(expected);
        }
      }
    }
  });

  it('rejected, cancelled and refunded are final', () => {
    for (const state of ['rejected', 'cancelled', 'refunded'] as const) expect(ORDER_ITEM_TRANSITIONS[state]).toHaveLength(0);
  });

  it('says whether the move does not exist or the actor may not make it', () => {
    expect(() => assertTransition('delivered', 'approved', 'seller')).toThrow(/cannot go from delivered to approved/);
    try {
      assertTransition('pending', 'approved', 'buyer');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(OrderItemTransitionError);
      expect((error as OrderItemTransitionError).reason).toBe('wrong_actor');
    }
  });

  it('offers each actor its next states', () => {
    expect(nextStatesFor('pending', 'seller')).toEqual(['approved', 'rejected']);
    expect(nextStatesFor('shipped', 'seller')).toEqual(['delivered']);
    expect(nextStatesFor('refunded', 'admin')).toEqual([]);
  });

  it('a refund leaves an item partially refunded until all it cost went back', () => {
    expect(stateAfterRefund(12_000, 43_800)).toBe('partially_refunded');
    expect(stateAfterRefund(43_800, 43_800)).toBe('refunded');
    expect(() => stateAfterRefund(0, 43_800)).toThrow(RangeError);
    expect(() => stateAfterRefund(43_801, 43_800)).toThrow(RangeError);
  });
});
