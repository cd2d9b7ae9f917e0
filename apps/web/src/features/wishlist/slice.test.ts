import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addToWishlist, clearWishlist, initialWishlistState, removeFromWishlist, replaceWishlist, wishlistReducer, type WishlistState } from './slice';

const saved: WishlistState = wishlistReducer(
  initialWishlistState,
  replaceWishlist({
    items: [
      { id: 'w1', product_id: 'p1' },
      { id: 'w2', product_id: 'p2' },
    ],
    items_count: 2,
    isNew: false,
  }),
);

describe('wishlist slice (docs/product/cart-and-wishlist.md)', () => {
  it('starts empty (docs/product/limits.md)', () => {
    expect(wishlistReducer(undefined, { type: 'init' })).toEqual({ items: [], totalItems: 0, loading: false, error: null, isNew: false });
  });

  it('add ignores a product that is already saved', () => {
    const state = wishlistReducer(saved, addToWishlist({ id: 'other', product_id: 'p1' }));
    expect(state).toBe(saved);
  });

  it('add saves a new product and raises the count by one', () => {
    const state = wishlistReducer(saved, addToWishlist({ id: 'w3', product_id: 'p3' }));
    expect(state.items.map((item) => item.product_id)).toEqual(['p1', 'p2', 'p3']);
    expect(state.totalItems).toBe(3);
  });

  it('remove drops the entry by its id and sets the count to the list length', () => {
    const state = wishlistReducer({ ...saved, totalItems: 7 }, removeFromWishlist('w1'));
    expect(state.items.map((item) => item.id)).toEqual(['w2']);
    expect(state.totalItems).toBe(1);
  });

  it('remove of an unknown id keeps the list and still counts it', () => {
    const state = wishlistReducer({ ...saved, totalItems: 5 }, removeFromWishlist('nope'));
    expect(state.items).toHaveLength(2);
    expect(state.totalItems).toBe(2);
  });

  it('replace reads items, items_count and isNew from the payload and clears loading and error', () => {
    const state = wishlistReducer(
      { ...initialWishlistState, loading: true, error: 'x' },
      replaceWishlist({ items: [{ id: 'w9', product_id: 'p9' }], items_count: 1, isNew: true }),
    );
    expect(state).toEqual({ items: [{ id: 'w9', product_id: 'p9' }], totalItems: 1, isNew: true, loading: false, error: null });
  });

  it('replace defaults to an empty list', () => {
    expect(wishlistReducer(saved, replaceWishlist({}))).toMatchObject({ items: [], totalItems: 0, isNew: false });
  });

  it('clear empties the list', () => {
    expect(wishlistReducer(saved, clearWishlist())).toMatchObject({ items: [], totalItems: 0 });
  });

  it('property: adds and removes keep one entry per product and the count equal to the list length', () => {
    const action = fc.oneof(
      fc.record({ kind: fc.constant('add' as const), product: fc.integer({ min: 1, max: 6 }) }),
      fc.record({ kind: fc.constant('remove' as const), product: fc.integer({ min: 1, max: 6 }) }),
    );
    fc.assert(
      fc.property(fc.array(action, { maxLength: 40 }), (actions) => {
        let state = initialWishlistState;
        for (const { kind, product } of actions) {
          state =
            kind === 'add'
              ? wishlistReducer(state, addToWishlist({ id: `w${product}`, product_id: `p${product}` }))
              : wishlistReducer(state, removeFromWishlist(`w${product}`));
          expect(state.totalItems).toBe(state.items.length);
          expect(new Set(state.items.map((item) => item.product_id)).size).toBe(state.items.length);
        }
      }),
    );
  });
});
