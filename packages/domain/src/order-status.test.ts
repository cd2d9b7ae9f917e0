import { describe, expect, it } from 'vitest';
import { deriveOrderStatus } from './order-status';

describe('deriveOrderStatus', () => {
  it.each([
    [['pending', 'pending'], 'pending'],
    [['pending', 'rejected'], 'pending'],
    [['approved', 'pending'], 'processing'],
    [['approved'], 'processing'],
    [['shipped', 'approved'], 'processing'],
    [['shipped', 'delivered'], 'shipped'],
    [['delivered', 'completed', 'rejected'], 'completed'],
    [['cancelled', 'cancelled'], 'cancelled'],
    [['rejected', 'cancelled'], 'refunded'],
    [['refunded'], 'refunded'],
    [[], 'pending'],
    // A full dispute refund of a one-item order refunds the order; a partial one does not.
    [['partially_refunded'], 'shipped'],
    [['partially_refunded', 'refunded'], 'shipped'],
  ] as const)('%j → %s', (statuses, expected) => {
    expect(deriveOrderStatus(statuses)).toBe(expected);
  });

  it('counts a partly refunded item as delivered once it was', () => {
    expect(deriveOrderStatus([{ status: 'partially_refunded', delivered: true }, 'completed'])).toBe('completed');
    expect(deriveOrderStatus([{ status: 'partially_refunded', delivered: false }, 'delivered'])).toBe('shipped');
  });
});
