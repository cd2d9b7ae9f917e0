import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addItem, addRetip, cartReducer, clearCart, initialCartState, removeItem, removeRetip, replaceCart, type CartItem, type CartState } from './slice';

function line(overrides: Partial<CartItem> & Pick<CartItem, 'id' | 'product_id'>): CartItem {
  return { quantity: 1, price: 10, retip_added: false, retip_price: 0, retipAdded: false, retipPrice: 0, ...overrides };
}

function cartWith(items: CartItem[]): CartState {
  return cartReducer(initialCartState, replaceCart({ items, products_count: items.length, total_price: 0 }));
}

// Prices in whole cents, as the API sends them (at most 2 decimals).
const priceArbitrary = fc.integer({ min: 1, max: 1_000_000 }).map((cents) => cents / 100);
const productIdArbitrary = fc.constantFrom('p1', 'p2', 'p3', 'p4');
const actionArbitrary = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), product_id: productIdArbitrary, quantity: fc.integer({ min: 1, max: 5 }), price: priceArbitrary }),
  fc.record({ kind: fc.constant('remove' as const), index: fc.nat(5), quantity: fc.integer({ min: 1, max: 6 }) }),
  fc.record({ kind: fc.constant('retip' as const), index: fc.nat(5), price: priceArbitrary }),
  fc.record({ kind: fc.constant('unretip' as const), index: fc.nat(5) }),
);

function expectedCents(items: CartItem[]): number {
  return items.reduce((sum, item) => sum + Math.round(item.price * 100) * item.quantity, 0);
}

describe('cart slice (docs/product/cart-and-wishlist.md)', () => {
  it('starts empty with zero totals (docs/product/limits.md)', () => {
    expect(cartReducer(undefined, { type: 'init' })).toEqual({
      items: [],
      totalQuantity: 0,
      totalPrice: 0,
      loading: false,
      error: null,
      productsCount: 0,
    });
  });

  describe('replace from a server payload', () => {
    it('sums the quantities, takes total price and product count from the payload, and clears loading and error', () => {
      const loading: CartState = { ...initialCartState, loading: true, error: 'Earlier failure' };
      const state = cartReducer(
        loading,
        replaceCart({
          items: [line({ id: 'a', product_id: 'p1', quantity: 2, price: 5 }), line({ id: 'b', product_id: 'p2', quantity: 3, price: 1 })],
          products_count: 2,
          total_price: 13,
        }),
      );
      expect(state.totalQuantity).toBe(5);
      expect(state.totalPrice).toBe(13);
      expect(state.productsCount).toBe(2);
      expect(state.loading).toBe(false);
      expect(state.error).toBeNull();
      expect(state.items.map((item) => item.id)).toEqual(['a', 'b']);
    });

    it('defaults total price and product count to 0 and items to empty', () => {
      const state = cartReducer({ ...initialCartState, totalPrice: 9, productsCount: 4 }, replaceCart({}));
      expect(state).toMatchObject({ items: [], totalQuantity: 0, totalPrice: 0, productsCount: 0 });
    });

    it('gives lines without add-on fields the defaults (false, 0) in both spellings', () => {
      const bare = { id: 'a', product_id: 'p1', quantity: 1, price: 2 } as CartItem;
      const [item] = cartReducer(initialCartState, replaceCart({ items: [bare] })).items;
      expect(item).toMatchObject({ retip_added: false, retip_price: 0, retipAdded: false, retipPrice: 0 });
    });

    it('keeps the total price the server sent even when it differs from the lines', () => {
      const state = cartReducer(initialCartState, replaceCart({ items: [line({ id: 'a', product_id: 'p1', price: 4 })], total_price: 99.5 }));
      expect(state.totalPrice).toBe(99.5);
    });
  });

  describe('add item', () => {
    it('raises the quantity of a product already in the cart', () => {
      const state = cartReducer(
        cartWith([line({ id: 'a', product_id: 'p1', quantity: 2, price: 4.5 })]),
        addItem({ product_id: 'p1', quantity: 3, price: 4.5 }),
      );
      expect(state.items).toHaveLength(1);
      expect(state.items[0]?.quantity).toBe(5);
      expect(state.totalQuantity).toBe(5);
      expect(state.totalPrice).toBe(22.5);
    });

    it('adds a new product as a line without an add-on, and recomputes the totals', () => {
      const start = cartWith([line({ id: 'a', product_id: 'p1', quantity: 1, price: 0.1 })]);
      const state = cartReducer(start, addItem({ id: 'b', product_id: 'p2', quantity: 2, price: 0.2 }));
      expect(state.items[1]).toMatchObject({ id: 'b', product_id: 'p2', quantity: 2, retip_added: false, retip_price: 0, retipAdded: false, retipPrice: 0 });
      expect(state.totalQuantity).toBe(3);
      expect(state.totalPrice).toBe(0.5);
    });

    it('adds one unit when no quantity is given', () => {
      const state = cartReducer(initialCartState, addItem({ product_id: 'p1', price: 3 }));
      expect(state.items[0]?.quantity).toBe(1);
      expect(state.totalQuantity).toBe(1);
    });
  });

  describe('remove by item id and quantity', () => {
    const start = cartWith([line({ id: 'a', product_id: 'p1', quantity: 3, price: 2 }), line({ id: 'b', product_id: 'p2', quantity: 1, price: 7 })]);

    it('lowers the quantity when fewer units than the line holds are removed', () => {
      const state = cartReducer(start, removeItem({ id: 'a', quantity: 2 }));
      expect(state.items.find((item) => item.id === 'a')?.quantity).toBe(1);
      expect(state.totalQuantity).toBe(2);
      expect(state.totalPrice).toBe(9);
    });

    it('deletes the line when exactly its quantity is removed', () => {
      const state = cartReducer(start, removeItem({ id: 'a', quantity: 3 }));
      expect(state.items.map((item) => item.id)).toEqual(['b']);
      expect(state.totalQuantity).toBe(1);
      expect(state.totalPrice).toBe(7);
    });

    it('deletes the line when more than its quantity is removed', () => {
      const state = cartReducer(start, removeItem({ id: 'b', quantity: 10 }));
      expect(state.items.map((item) => item.id)).toEqual(['a']);
      expect(state.totalPrice).toBe(6);
    });

    it('leaves the lines alone for an unknown id', () => {
      const state = cartReducer(start, removeItem({ id: 'zzz', quantity: 1 }));
      expect(state.items).toEqual(start.items);
    });
  });

  it('clear empties the items and zeroes the totals', () => {
    const state = cartReducer(cartWith([line({ id: 'a', product_id: 'p1', quantity: 3 })]), clearCart());
    expect(state).toMatchObject({ items: [], totalQuantity: 0, totalPrice: 0, productsCount: 0 });
  });

  describe('add-on (retip)', () => {
    const start = cartWith([line({ id: 'a', product_id: 'p1' }), line({ id: 'b', product_id: 'p2' })]);

    it('add sets the flag and the price, mirrored in retipAdded and retipPrice', () => {
      const state = cartReducer(start, addRetip({ id: 'a', price: 12.5 }));
      expect(state.items[0]).toMatchObject({ retip_added: true, retip_price: 12.5, retipAdded: true, retipPrice: 12.5 });
      expect(state.items[1]).toMatchObject({ retip_added: false, retip_price: 0 });
    });

    it('remove unsets the flag and sets the price to 0 in both spellings', () => {
      const withRetip = cartReducer(start, addRetip({ id: 'a', price: 12.5 }));
      const state = cartReducer(withRetip, removeRetip('a'));
      expect(state.items[0]).toMatchObject({ retip_added: false, retip_price: 0, retipAdded: false, retipPrice: 0 });
    });
  });

  it('property: after any sequence of local changes the totals equal the sums of the lines', () => {
    fc.assert(
      fc.property(fc.array(actionArbitrary, { maxLength: 30 }), (actions) => {
        let state = initialCartState;
        for (const action of actions) {
          const target = state.items[action.kind === 'add' ? 0 : action.index % Math.max(1, state.items.length)];
          if (action.kind === 'add')
            state = cartReducer(
              state,
              addItem({ id: `line-${action.product_id}`, product_id: action.product_id, quantity: action.quantity, price: action.price }),
            );
          else if (!target) continue;
          else if (action.kind === 'remove') state = cartReducer(state, removeItem({ id: target.id, quantity: action.quantity }));
          else if (action.kind === 'retip') state = cartReducer(state, addRetip({ id: target.id, price: action.price }));
          else state = cartReducer(state, removeRetip(target.id));

          expect(state.totalQuantity).toBe(state.items.reduce((sum, item) => sum + item.quantity, 0));
          expect(Math.round(state.totalPrice * 100)).toBe(expectedCents(state.items));
          expect(new Set(state.items.map((item) => item.product_id)).size).toBe(state.items.length);
          for (const item of state.items) {
            expect(item.quantity).toBeGreaterThan(0);
            expect(item.retipAdded).toBe(item.retip_added);
            expect(item.retipPrice).toBe(item.retip_price);
            if (!item.retip_added) expect(item.retip_price).toBe(0);
          }
        }
      }),
    );
  });

  it('property: replacing from a payload counts the quantities and trusts the payload for price and count', () => {
    const lineArbitrary = fc.record({ quantity: fc.integer({ min: 1, max: 50 }), price: priceArbitrary });
    fc.assert(
      fc.property(fc.array(lineArbitrary, { maxLength: 20 }), fc.option(priceArbitrary, { nil: undefined }), (lines, totalPrice) => {
        const items = lines.map((value, index) => line({ id: `l${index}`, product_id: `p${index}`, ...value }));
        const state = cartReducer(initialCartState, replaceCart({ items, products_count: items.length, total_price: totalPrice }));
        expect(state.totalQuantity).toBe(lines.reduce((sum, value) => sum + value.quantity, 0));
        expect(state.totalPrice).toBe(totalPrice ?? 0);
        expect(state.productsCount).toBe(items.length);
      }),
    );
  });
});
