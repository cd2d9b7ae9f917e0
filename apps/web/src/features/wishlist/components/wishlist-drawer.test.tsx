import { render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../../app/store';
import { replaceWishlist } from '../slice';
import { WishlistDrawer } from './wishlist-drawer';

// A saved listing that is no longer for sale (hidden, or its seller suspended) comes back with quantity 0:
// the drawer shows it as unavailable and offers no way to move it to the cart.

describe('WishlistDrawer', () => {
  it('shows a line with nothing to buy as unavailable, without "Add to cart"', () => {
    const store = makeStore();
    store.dispatch(
      replaceWishlist({
        items: [
          { id: 'w1', product_id: 'p1', title: 'Teak stool', price: 40, image: null, quantity: 0 },
          { id: 'w2', product_id: 'p2', title: 'Rope basket', price: 12, image: null, quantity: 3 },
        ],
        items_count: 2,
        isNew: false,
      }),
    );
    render(
      <Provider store={store}>
        <MemoryRouter>
          <WishlistDrawer onClose={vi.fn()} onAddToCart={vi.fn()} />
        </MemoryRouter>
      </Provider>,
    );
    const [gone, available] = within(screen.getByRole('list', { name: 'Saved products' })).getAllByRole('listitem');
    expect(within(gone!).getByText('Unavailable')).toBeInTheDocument();
    expect(within(gone!).getByRole('button', { name: /Add to cart/ })).toBeDisabled();
    expect(within(available!).queryByText('Unavailable')).toBeNull();
    expect(within(available!).getByRole('button', { name: /Add to cart/ })).toBeEnabled();
  });
});
