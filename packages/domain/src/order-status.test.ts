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
  ] as const)('%j → %s', (statuses, expected) => {
    expect(deriveOrderStatus(statuses)).toBe(expected);
  });
});
