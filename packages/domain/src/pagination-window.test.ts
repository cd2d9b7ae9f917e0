import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { clampPage, pageRange, paginationWindow, totalPagesFor } from './pagination-window';
import type { PaginationItem } from './pagination-window';

const numbersIn = (items: PaginationItem[]): number[] => items.filter((item) => item !== 'ellipsis');

describe('paginationWindow', () => {
  it('shows every page when there are 5 or fewer', () => {
    expect(paginationWindow(1, 1)).toEqual([1]);
    expect(paginationWindow(2, 3)).toEqual([1, 2, 3]);
    expect(paginationWindow(5, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it.each([
    [1, [1, 2, 3, 4, 'ellipsis', 10]],
    [2, [1, 2, 3, 4, 'ellipsis', 10]],
    [3, [1, 2, 3, 4, 'ellipsis', 10]],
    [4, [1, 'ellipsis', 3, 4, 5, 'ellipsis', 10]],
    [5, [1, 'ellipsis', 4, 5, 6, 'ellipsis', 10]],
    [7, [1, 'ellipsis', 6, 7, 8, 'ellipsis', 10]],
    [8, [1, 'ellipsis', 7, 8, 9, 10]],
    [9, [1, 'ellipsis', 7, 8, 9, 10]],
    [10, [1, 'ellipsis', 7, 8, 9, 10]],
  ] as const)('uses ellipses with more than 5 pages: page %i of 10', (current, expected) => {
    expect(paginationWindow(current, 10)).toEqual(expected);
  });

  it('handles 6 pages, the first count that needs an ellipsis', () => {
    expect(paginationWindow(1, 6)).toEqual([1, 2, 3, 4, 'ellipsis', 6]);
    expect(paginationWindow(3, 6)).toEqual([1, 2, 3, 4, 'ellipsis', 6]);
    expect(paginationWindow(4, 6)).toEqual([1, 'ellipsis', 3, 4, 5, 6]);
  });

  it('clamps pages outside 1..totalPages', () => {
    expect(paginationWindow(0, 10)).toEqual(paginationWindow(1, 10));
    expect(paginationWindow(-3, 10)).toEqual(paginationWindow(1, 10));
    expect(paginationWindow(99, 10)).toEqual(paginationWindow(10, 10));
    expect(paginationWindow(Number.NaN, 10)).toEqual(paginationWindow(1, 10));
    expect(paginationWindow(1, 0)).toEqual([1]);
  });

  it('honours other button budgets', () => {
    expect(paginationWindow(5, 20, 7)).toEqual([1, 'ellipsis', 3, 4, 5, 6, 7, 'ellipsis', 20]);
    expect(paginationWindow(5, 20, 4)).toEqual([1, 'ellipsis', 5, 6, 'ellipsis', 20]);
    expect(paginationWindow(5, 20, 3)).toEqual([1, 'ellipsis', 5, 'ellipsis', 20]);
  });

  it('rejects a budget too small for first, current and last page', () => {
    expect(() => paginationWindow(1, 10, 2)).toThrow(RangeError);
    expect(() => paginationWindow(1, 10, 4.5)).toThrow(RangeError);
    expect(() => paginationWindow(1, Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('keeps its promises for any page, page count and budget', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -5, max: 1_100 }),
        fc.integer({ min: 0, max: 1_000 }),
        fc.integer({ min: 3, max: 12 }),
        (requested, totalPages, maxButtons) => {
          const items = paginationWindow(requested, totalPages, maxButtons);
          const numbers = numbersIn(items);
          const last = Math.max(1, totalPages);
          const current = Math.min(Math.max(1, requested), last);

          expect(numbers.length).toBeLessThanOrEqual(maxButtons);
          expect(numbers.length).toBe(Math.min(last, maxButtons));
          expect(numbers[0]).toBe(1);
          expect(numbers.at(-1)).toBe(last);
          expect(numbers).toContain(current);
          if (maxButtons >= 5) {
            if (current > 1) expect(numbers).toContain(current - 1);
            if (current < last) expect(numbers).toContain(current + 1);
          }
          for (let index = 1; index < numbers.length; index += 1) {
            expect(numbers[index]).toBeGreaterThan(numbers[index - 1] ?? Number.NaN);
          }
          // An ellipsis sits only between two numbers that skip pages, and every skip has one.
          expect(items[0]).not.toBe('ellipsis');
          expect(items.at(-1)).not.toBe('ellipsis');
          items.forEach((item, index) => {
            const before = items[index - 1];
            const after = items[index + 1];
            if (item === 'ellipsis') {
              expect(typeof before).toBe('number');
              expect(typeof after).toBe('number');
              expect((after as number) - (before as number)).toBeGreaterThan(1);
            } else if (typeof after === 'number') {
              expect(after).toBe(item + 1);
            }
          });
          if (last <= maxButtons) expect(items).not.toContain('ellipsis');
        },
      ),
    );
  });
});

describe('totalPagesFor', () => {
  it('rounds up and never answers fewer than 1 page', () => {
    expect(totalPagesFor(0, 10)).toBe(1);
    expect(totalPagesFor(10, 10)).toBe(1);
    expect(totalPagesFor(11, 10)).toBe(2);
    expect(totalPagesFor(101, 25)).toBe(5);
  });

  it('rejects page sizes and counts that only a bug could produce', () => {
    expect(() => totalPagesFor(10, 0)).toThrow(RangeError);
    expect(() => totalPagesFor(10, 2.5)).toThrow(RangeError);
    expect(() => totalPagesFor(-1, 10)).toThrow(RangeError);
  });
});

describe('clampPage', () => {
  it('keeps in-range pages and pulls the rest into 1..totalPages', () => {
    expect(clampPage(3, 5)).toBe(3);
    expect(clampPage(0, 5)).toBe(1);
    expect(clampPage(8, 5)).toBe(5);
    expect(clampPage(Number.NaN, 5)).toBe(1);
    expect(clampPage(Number.POSITIVE_INFINITY, 5)).toBe(5);
    expect(clampPage(2.7, 5)).toBe(2);
  });
});

describe('pageRange', () => {
  it("answers the numbers for 'Showing X to Y of Z results'", () => {
    expect(pageRange(1, 10, 95)).toEqual({ from: 1, to: 10 });
    expect(pageRange(3, 25, 95)).toEqual({ from: 51, to: 75 });
    expect(pageRange(10, 10, 95)).toEqual({ from: 91, to: 95 });
  });

  it('answers 0 to 0 when there are no items', () => {
    expect(pageRange(1, 10, 0)).toEqual({ from: 0, to: 0 });
    expect(pageRange(4, 10, 0)).toEqual({ from: 0, to: 0 });
  });

  it('clamps out-of-range pages', () => {
    expect(pageRange(99, 10, 95)).toEqual({ from: 91, to: 95 });
    expect(pageRange(0, 10, 95)).toEqual({ from: 1, to: 10 });
  });

  it('covers every item exactly once across the pages', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2_000 }), fc.constantFrom(10, 25, 50, 100), (totalItems, pageSize) => {
        let next = 1;
        for (let page = 1; page <= totalPagesFor(totalItems, pageSize); page += 1) {
          const { from, to } = pageRange(page, pageSize, totalItems);
          if (totalItems === 0) {
            expect({ from, to }).toEqual({ from: 0, to: 0 });
            continue;
          }
          expect(from).toBe(next);
          expect(to - from + 1).toBeLessThanOrEqual(pageSize);
          expect(to).toBeGreaterThanOrEqual(from);
          next = to + 1;
        }
        if (totalItems > 0) expect(next).toBe(totalItems + 1);
      }),
    );
  });
});
