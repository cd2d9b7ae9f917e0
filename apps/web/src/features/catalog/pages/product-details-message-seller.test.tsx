import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderApp } from '../../../test/render-app';
import { apiRoutes, EMPTY_CART, EMPTY_WISHLIST, makeProductDetail } from '../../../test/shop-fixtures';
import { logInAs } from '../../../test/tokens';

const PRODUCT = makeProductDetail();
const CHAT_ID = 'c0000000-0000-4000-8000-0000000000aa';

function chatSummary() {
  return {
    id: CHAT_ID,
    unread_count: 0,
    buyer_id: 'user-buyer',
    seller_id: PRODUCT.seller.id,
    other: { id: PRODUCT.seller.id, name: 'Olive Ember', companyName: PRODUCT.seller.companyName, role: 'seller' },
    last_message: null,
    other_last_read_at: null,
    product: { id: PRODUCT.id, title: PRODUCT.title },
    updated_at: new Date().toISOString(),
  };
}

describe('Message seller on the product page', () => {
  it('starts the conversation about this product and opens it', async () => {
    logInAs('buyer');
    const bodies: unknown[] = [];
    const { user, router } = renderApp(`/products/${PRODUCT.id}`, {
      api: apiRoutes({
        [`GET /api/products/${PRODUCT.id}`]: () => jsonResponse(200, PRODUCT),
        'GET /api/cart': () => jsonResponse(200, EMPTY_CART),
        'GET /api/wishlist': () => jsonResponse(200, EMPTY_WISHLIST),
        'POST /api/chat': async (request) => {
          bodies.push(await request.json());
          return jsonResponse(201, { success: true, created: true, chat: chatSummary() });
        },
        'GET /api/chat/user-buyer': () => jsonResponse(200, { success: true, chats: [chatSummary()] }),
        [`GET /api/chat/${CHAT_ID}/messages`]: () => jsonResponse(200, { success: true, messages: [], hasMore: false, other_last_read_at: null }),
      }),
    });

    await user.click(await screen.findByRole('button', { name: 'Message seller' }, { timeout: 5000 }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/user/chats'));
    expect(router.state.location.search).toBe(`?chat=${CHAT_ID}`);
    expect(bodies).toEqual([{ sellerId: PRODUCT.seller.id, productId: PRODUCT.id }]);
  });

  it('is not offered to sellers', async () => {
    logInAs('seller');
    renderApp(`/products/${PRODUCT.id}`, {
      api: apiRoutes({ [`GET /api/products/${PRODUCT.id}`]: () => jsonResponse(200, PRODUCT) }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: PRODUCT.title }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Message seller' })).not.toBeInTheDocument();
  });
});
