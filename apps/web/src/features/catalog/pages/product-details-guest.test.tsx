import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderApp } from '../../../test/render-app';
import { apiRoutes, cartOf, EMPTY_CART, EMPTY_WISHLIST, makeCartItem, makeProductDetail } from '../../../test/shop-fixtures';
import { makeAuthResponse, type TestRole } from '../../../test/tokens';

const PRODUCT = makeProductDetail({ quantity: 3, retip: { label: 'Gift wrapping', price: 4.25 } });
const PRODUCT_PATH = `/products/${PRODUCT.id}`;
const LINE_ID = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const CHAT_ID = 'c0000000-0000-4000-8000-0000000000aa';

type User = ReturnType<typeof renderApp>['user'];

/**
 * A marketplace API for one product: the server's cart and wishlist start empty and change with the
 * calls, and every call is written down ("METHOD /path body"). The first cart read answers a little
 * late, as on a slow network, so a cart change sent before it would be overwritten by it.
 */
function marketplace({ role = 'buyer' as TestRole } = {}) {
  const calls: string[] = [];
  let cart = EMPTY_CART;
  let wishlist: { items: unknown[]; items_count: number; isNew: boolean } = EMPTY_WISHLIST;
  const log = async (request: Request) => {
    const body = request.method === 'GET' ? '' : ` ${await request.clone().text()}`;
    calls.push(`${request.method} ${new URL(request.url).pathname}${body}`.trim());
  };
  const routes = apiRoutes({
    [`GET /api/products/${PRODUCT.id}`]: () => jsonResponse(200, PRODUCT),
    [`GET /api/products/${PRODUCT.id}/delivery`]: () =>
      jsonResponse(200, { postalCode: null, shipping: 5.99, freeFrom: 50, arrivesBy: null, handlingDays: { min: 1, max: 3 } }),
    'POST /api/auth/login': () => jsonResponse(200, makeAuthResponse(role)),
    'POST /api/auth/signup': () => jsonResponse(201, makeAuthResponse(role)),
    'GET /api/cart': async () => {
      const answer = jsonResponse(200, cart);
      await new Promise((resolve) => setTimeout(resolve, 50));
      calls.push('GET /api/cart answered');
      return answer;
    },
    'GET /api/wishlist': () => jsonResponse(200, wishlist),
    'POST /api/cart/items': async (request) => {
      const { quantity } = (await request.json()) as { quantity: number };
      cart = cartOf([makeCartItem({ id: LINE_ID, quantity, available_quantity: 3, retip_label: 'Gift wrapping', retip_offered_price: 4.25 })]);
      return jsonResponse(200, cart);
    },
    [`PUT /api/cart/items/${LINE_ID}/retip`]: () => {
      cart = cartOf([
        makeCartItem({ id: LINE_ID, quantity: cart.items[0]!.quantity, retip_added: true, retip_price: 4.25, retipAdded: true, retipPrice: 4.25 }),
      ]);
      return jsonResponse(200, cart);
    },
    'POST /api/wishlist/items': () => {
      wishlist = {
        items: [{ id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', product_id: PRODUCT.id, title: PRODUCT.title, price: PRODUCT.price, image: null, quantity: 3 }],
        items_count: 1,
        isNew: true,
      };
      return jsonResponse(201, wishlist);
    },
    'POST /api/chat': () =>
      jsonResponse(201, {
        success: true,
        created: true,
        chat: {
          id: CHAT_ID,
          unread_count: 0,
          buyer_id: 'user-buyer',
          seller_id: PRODUCT.seller.id,
          other: { id: PRODUCT.seller.id, name: 'Olive Ember', companyName: PRODUCT.seller.companyName, role: 'seller' },
          last_message: null,
          other_last_read_at: null,
          product: { id: PRODUCT.id, title: PRODUCT.title },
          updated_at: new Date().toISOString(),
        },
      }),
  });
  return {
    calls,
    /** The calls that change something (the reads are left out). */
    changes: () => calls.filter((call) => !call.startsWith('GET ')),
    api: async (request: Request) => {
      await log(request);
      return routes(request);
    },
  };
}

async function logIn(user: User) {
  await user.type(await screen.findByLabelText('Email'), 'buyer2@example.com');
  await user.type(screen.getByLabelText('Password'), 'marketplace-demo');
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('a guest on the product page', () => {
  it('sees the product, its price and the buttons, with Log in and Sign up in the header', async () => {
    const server = marketplace();
    renderApp(PRODUCT_PATH, { api: server.api });
    expect(await screen.findByRole('heading', { level: 1, name: PRODUCT.title })).toBeInTheDocument();
    expect(screen.getByText('$49.50')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Add to wishlist' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Message seller' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign up' })).toBeInTheDocument();
    // The delivery box comes after the page has started, with a call of its own (as the reviews have theirs);
    // nothing else is asked for a guest (no cart, no wishlist).
    expect(await screen.findByText('Enter your ZIP code to see when it arrives')).toBeInTheDocument();
    expect(server.calls.filter((call) => !call.endsWith('/reviews'))).toEqual([`GET /api${PRODUCT_PATH}`, `GET /api${PRODUCT_PATH}/delivery`]);
  });

  it('is asked to log in, with why, on Add to cart, and nothing is sent', async () => {
    const server = marketplace();
    const { user } = renderApp(PRODUCT_PATH, { api: server.api });
    await user.click(await screen.findByRole('button', { name: 'Add to cart' }));

    const dialog = await screen.findByRole('dialog', { name: 'Log in to continue' });
    expect(dialog).toHaveAccessibleDescription('Log in or create an account to add this to your cart.');
    expect(within(dialog).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    // The prompt's code loads on demand, so React draws it in a render of its own (not the click's) and
    // moves focus in that render's passive effect, a task later: on a busy machine findByRole can hand the
    // dialog back before that task runs. Waiting for the focus also waits for the Escape listener, set up
    // in the same effect.
    await waitFor(() => expect(within(dialog).getByRole('link', { name: 'Log in' })).toHaveFocus());
    expect(within(dialog).getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup');
    expect(server.changes()).toEqual([]);

    // Not now: the dialog closes and the guest stays on the page.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: PRODUCT.title })).toBeInTheDocument();
  });

  it('logs in from the prompt, comes back to the product and finds it in the cart, add-on and quantity as chosen', async () => {
    const server = marketplace();
    const { user, router } = renderApp(PRODUCT_PATH, { api: server.api });
    await user.click(await screen.findByRole('checkbox', { name: /Gift wrapping/ }));
    await user.tripleClick(screen.getByLabelText('Quantity'));
    await user.keyboard('2');
    expect(screen.getByLabelText('Quantity')).toHaveValue(2);
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('link', { name: 'Log in' }));

    // The login page says why the guest is here.
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByText('Log in or create an account to add this to your cart.')).toBeInTheDocument();
    expect(screen.getByText('You’ll come back to this product with it in your cart.')).toBeInTheDocument();
    await logIn(user);

    expect(await screen.findByRole('button', { name: 'Cart, 2 items' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(PRODUCT_PATH);
    expect(screen.getByRole('heading', { level: 1, name: PRODUCT.title })).toBeInTheDocument();
    expect(await screen.findByText(`${PRODUCT.title} added to your cart`)).toBeInTheDocument();
    await waitFor(() =>
      expect(server.changes()).toEqual([
        'POST /api/auth/login {"email":"buyer2@example.com","password":"marketplace-demo"}',
        `POST /api/cart/items {"product_id":"${PRODUCT.id}","quantity":2}`,
        `PUT /api/cart/items/${LINE_ID}/retip {"retip_added":true}`,
      ]),
    );
    // Every read of the cart answered before the change was sent, so none can undo it on screen.
    const count = (call: string) => server.calls.filter((made) => made === call).length;
    await waitFor(() => expect(count('GET /api/cart answered')).toBe(count('GET /api/cart')));
    expect(server.calls.lastIndexOf('GET /api/cart answered')).toBeLessThan(server.calls.findIndex((call) => call.startsWith('POST /api/cart/items')));
    expect(screen.getByRole('button', { name: 'Cart, 2 items' })).toBeInTheDocument();
    // Done once: the history entry no longer carries it, so back, forward or reload do not add it again.
    expect(router.state.location.state).toBeNull();
    await router.navigate('/products');
    await router.navigate(-1);
    expect(await screen.findByRole('heading', { level: 1, name: PRODUCT.title })).toBeInTheDocument();
    expect(server.changes().filter((call) => call.startsWith('POST /api/cart/items'))).toHaveLength(1);
  });

  it('signs up from the wishlist prompt and comes back with the product saved', async () => {
    const server = marketplace();
    const { user, router } = renderApp(PRODUCT_PATH, { api: server.api });
    await user.click(await screen.findByRole('button', { name: 'Add to wishlist' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log in to continue' });
    expect(dialog).toHaveAccessibleDescription('Log in or create an account to save this to your wishlist.');
    await user.click(within(dialog).getByRole('link', { name: 'Create an account' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Create your account' })).toBeInTheDocument();
    expect(screen.getByText('Log in or create an account to save this to your wishlist.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('First name'), 'Bea');
    await user.type(screen.getByLabelText('Last name'), 'Tester');
    await user.type(screen.getByLabelText('Email'), 'bea@example.com');
    await user.type(screen.getByLabelText('Password'), 'long-enough-password');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('button', { name: 'Saved' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Wishlist, 1 item' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(PRODUCT_PATH);
    expect(server.changes().filter((call) => call.startsWith('POST /api/wishlist/items'))).toEqual([`POST /api/wishlist/items {"product_id":"${PRODUCT.id}"}`]);
    expect(server.changes().some((call) => call.startsWith('POST /api/cart'))).toBe(false);
  });

  it('goes between login and signup (the header’s links or the page’s) without losing what it was doing', async () => {
    const server = marketplace();
    const { user } = renderApp(PRODUCT_PATH, { api: server.api });
    await user.click(await screen.findByRole('button', { name: 'Add to cart' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('link', { name: 'Log in' }));
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    await user.click(within(screen.getByRole('banner')).getByRole('link', { name: 'Sign up' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Create your account' })).toBeInTheDocument();
    expect(screen.getByText('Log in or create an account to add this to your cart.')).toBeInTheDocument();
    await user.click(within(screen.getByRole('main')).getByRole('link', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByText('Log in or create an account to add this to your cart.')).toBeInTheDocument();
    await logIn(user);
    expect(await screen.findByRole('button', { name: 'Cart, 1 item' })).toBeInTheDocument();
  });

  it('opens the conversation with the seller after logging in from Message seller', async () => {
    const server = marketplace();
    const { user, router } = renderApp(PRODUCT_PATH, { api: server.api });
    await user.click(await screen.findByRole('button', { name: 'Message seller' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log in to continue' });
    expect(dialog).toHaveAccessibleDescription('Log in or create an account to message the seller.');
    await user.click(within(dialog).getByRole('link', { name: 'Log in' }));
    await logIn(user);

    await waitFor(() => expect(router.state.location.pathname).toBe('/user/chats'));
    expect(router.state.location.search).toBe(`?chat=${CHAT_ID}`);
    expect(server.changes().filter((call) => call.startsWith('POST /api/chat'))).toEqual([
      `POST /api/chat {"sellerId":"${PRODUCT.seller.id}","productId":"${PRODUCT.id}"}`,
    ]);
  });

  it('adds nothing when the account that logs in is a seller’s', async () => {
    const server = marketplace({ role: 'seller' });
    const { user, router } = renderApp(PRODUCT_PATH, { api: server.api });
    await user.click(await screen.findByRole('button', { name: 'Add to cart' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('link', { name: 'Log in' }));
    await logIn(user);

    expect(await screen.findByText(/You are signed in as a seller/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(PRODUCT_PATH);
    expect(server.changes().filter((call) => !call.startsWith('POST /api/auth'))).toEqual([]);
  });
});
