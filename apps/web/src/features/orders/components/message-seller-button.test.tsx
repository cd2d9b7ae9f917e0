import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BuyerOrder } from '@marketplace/contracts/orders';
import { jsonResponse, renderApp } from '../../../test/render-app';
import { apiRoutes, EMPTY_CART, EMPTY_WISHLIST, makeProductDetail } from '../../../test/shop-fixtures';
import { logInAs } from '../../../test/tokens';

const ORDER_ID = 'c0ffee00-0000-4000-8000-000000000001';
const PRODUCT = makeProductDetail({ id: 'p1' });
const CHAT_ID = 'c0000000-0000-4000-8000-0000000000bb';

const ORDER: BuyerOrder = {
  id: ORDER_ID,
  status: 'pending',
  createdAt: '2025-03-04T12:00:00.000Z',
  itemsTotal: 40,
  shipping: 5.99,
  retipTotal: 0,
  total: 45.99,
  items: [
    {
      id: 'i1',
      productId: 'p1',
      title: 'Walnut desk lamp',
      variantLabel: null,
      personalization: null,
      gift: null,
      image: null,
      price: 20,
      quantity: 2,
      retipAdded: false,
      retipPrice: 0,
      status: 'pending',
      rejectionReason: null,
    },
  ],
};

describe('Message seller on an order', () => {
  it("opens the conversation with the item's seller about this order", async () => {
    logInAs('buyer');
    const bodies: unknown[] = [];
    const chat = {
      id: CHAT_ID,
      unread_count: 0,
      buyer_id: 'user-buyer',
      seller_id: PRODUCT.seller.id,
      other: { id: PRODUCT.seller.id, name: 'Olive Ember', companyName: PRODUCT.seller.companyName, role: 'seller' },
      last_message: null,
      other_last_read_at: null,
      product: null,
      updated_at: new Date().toISOString(),
    };
    const { user, router } = renderApp('/myorders', {
      api: apiRoutes({
        'GET /api/cart': () => jsonResponse(200, EMPTY_CART),
        'GET /api/wishlist': () => jsonResponse(200, EMPTY_WISHLIST),
        'GET /api/orders': () => jsonResponse(200, { orders: [ORDER], pagination: { page: 1, totalPages: 1, totalItems: 1 } }),
        'GET /api/products/p1': () => jsonResponse(200, PRODUCT),
        'POST /api/chat': async (request) => {
          bodies.push(await request.json());
          return jsonResponse(200, { success: true, created: false, chat });
        },
        'GET /api/chat/user-buyer': () => jsonResponse(200, { success: true, chats: [chat] }),
        [`GET /api/chat/${CHAT_ID}/messages`]: () => jsonResponse(200, { success: true, messages: [], hasMore: false, other_last_read_at: null }),
      }),
    });

    const card = await screen.findByRole('article', { name: 'Order c0ffee00' }, { timeout: 5000 });
    await user.click(within(card).getByRole('button', { name: 'Message seller about Walnut desk lamp' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/user/chats'));
    expect(router.state.location.search).toBe(`?chat=${CHAT_ID}`);
    expect(bodies).toEqual([{ sellerId: PRODUCT.seller.id, orderId: ORDER_ID }]);
  });
});
