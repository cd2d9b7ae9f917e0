import { screen, waitFor, within } from '@testing-library/react';
import type { ChangeEvent } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutSummaryResponse } from '@marketplace/contracts/orders';
import { jsonResponse, renderApp } from '../../../test/render-app';
import { apiRoutes, cartOf, EMPTY_CART, EMPTY_WISHLIST, makeCartItem } from '../../../test/shop-fixtures';
import { logInAs } from '../../../test/tokens';
import { timeLimit } from '../../../test/time-limit';

// Stripe.js cannot load in tests: loadStripe and the React bindings are stand-ins whose calls the tests check.
const stripeJs = vi.hoisted(() => ({ loadStripe: vi.fn(), createPaymentMethod: vi.fn(), card: { focus: vi.fn() } }));
vi.mock('@stripe/stripe-js', () => ({ loadStripe: stripeJs.loadStripe }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: React.ReactNode }) => children,
  // Stripe's iframe stands in as an input that reports Stripe's change events.
  CardElement: ({ id, onChange }: { id?: string; onChange?: (event: { error?: { message: string } }) => void }) => (
    <input
      id={id}
      data-testid="stripe-card"
      onChange={(event: ChangeEvent<HTMLInputElement>) =>
        onChange?.(event.target.value === 'bad' ? { error: { message: 'Your card number is invalid.' } } : {})
      }
    />
  ),
  useStripe: () => ({ createPaymentMethod: stripeJs.createPaymentMethod }),
  useElements: () => ({ getElement: () => stripeJs.card }),
}));

let keyCount = 0;
// The route downloads the page the first time it is opened: load its modules once before the tests, so the first
// test waits for what it checks, not for the page's code to be transformed on a busy machine (a CI run saw the
// loading screen still up after 5 s).
beforeAll(async () => {
  await import('./checkout-page');
}, timeLimit(60_000));

beforeEach(() => {
  stripeJs.loadStripe.mockReset().mockResolvedValue({});
  stripeJs.createPaymentMethod.mockReset().mockResolvedValue({ paymentMethod: { id: 'pm_card_visa' } });
  stripeJs.card.focus.mockReset();
});

const LINE = makeCartItem({ quantity: 2, price: 52, price_changed: true, previous_price: 49.5 });
const SUMMARY: CheckoutSummaryResponse = {
  items: [LINE],
  itemsTotal: 104,
  shipping: 0,
  retipTotal: 0,
  orderTotal: 104,
  problems: [{ cartItemId: LINE.id, kind: 'price_changed', message: 'Walnut desk lamp now costs $52.00 (was $49.50)' }],
  shops: [{ sellerId: 's1', shopName: 'Oak & Ember', itemsTotal: 104, shipping: 0, arrivesBy: { earliest: '2026-12-12', latest: '2026-12-16' } }],
  destination: { postalCode: '97201' },
  shippingCalculated: true,
  shippingNote: null,
};

/** The summary as the API answers it for the ZIP code asked (the tests' summaries are figured to any ZIP code alike). */
const summaryFor = (summary: CheckoutSummaryResponse, request: Request) => {
  const postalCode = new URL(request.url).searchParams.get('postal_code');
  return jsonResponse(200, { ...summary, destination: postalCode ? { postalCode } : null });
};
const ADDRESSES = [
  {
    id: 'addr-2',
    name: 'Bea Tester',
    line1: '9 Side St',
    line2: null,
    city: 'Austin',
    state: 'TX',
    postal_code: '73301',
    country: 'US',
    phone: null,
    isDefault: false,
  },
  {
    id: 'addr-1',
    name: 'Bea Tester',
    line1: '1 Main St',
    line2: 'Apt 4',
    city: 'Portland',
    state: 'OR',
    postal_code: '97201',
    country: 'US',
    phone: null,
    isDefault: true,
  },
];

interface SetUpOptions {
  provider?: string;
  /** Stripe.js is loaded once per key: each Stripe test gets its own unless it says otherwise. */
  publishableKey?: string | null;
  summary?: CheckoutSummaryResponse;
  checkout: (request: Request) => Response | Promise<Response>;
  /** More API routes, e.g. the sandbox's authentication. */
  routes?: Record<string, (request: Request) => Response | Promise<Response>>;
}

function setUp({
  provider = 'sandbox',
  publishableKey = provider === 'stripe' ? `pk_test_${++keyCount}` : null,
  summary = SUMMARY,
  checkout,
  routes = {},
}: SetUpOptions) {
  logInAs('buyer');
  let cart = cartOf([LINE]);
  const requests: { idempotencyKey: string | null; body: unknown }[] = [];
  const rendered = renderApp('/products/checkout', {
    api: apiRoutes({
      'GET /api/cart': () => jsonResponse(200, cart),
      'GET /api/wishlist': () => jsonResponse(200, EMPTY_WISHLIST),
      'GET /api/checkout/summary': (request) => summaryFor(summary, request),
      'GET /api/checkout/config': () => jsonResponse(200, { provider, publishableKey }),
      'GET /api/users/me/addresses': () => jsonResponse(200, { addresses: ADDRESSES }),
      'GET /api/orders': () => jsonResponse(200, { orders: [], pagination: { page: 1, totalPages: 1, totalItems: 0 } }),
      'POST /api/orders/checkout': async (request) => {
        requests.push({ idempotencyKey: request.headers.get('Idempotency-Key'), body: await request.json() });
        const response = await checkout(request);
        if (response.status === 201) cart = EMPTY_CART;
        return response;
      },
      ...routes,
    }),
  });
  return { ...rendered, requests };
}

async function fillCard(user: ReturnType<typeof renderApp>['user'], number: string) {
  const cardNumber = await screen.findByLabelText('Card number', {}, { timeout: 5000 });
  await user.clear(cardNumber);
  await user.type(cardNumber, number);
  await user.clear(screen.getByLabelText('Expiry (MM / YY)'));
  await user.type(screen.getByLabelText('Expiry (MM / YY)'), '1239');
  await user.clear(screen.getByLabelText('CVC'));
  await user.type(screen.getByLabelText('CVC'), '123');
}

describe('CheckoutPage', { timeout: timeLimit(20_000) }, () => {
  it('shows price changes before paying and prefills the default address', async () => {
    const { user } = setUp({ checkout: () => jsonResponse(201, { success: true, orderId: 'o1' }) });
    const warning = await screen.findByText('Prices changed since you added these items', {}, { timeout: 5000 });
    expect(warning.closest('[role="status"]')).toHaveTextContent('Walnut desk lamp now costs $52.00 (was $49.50)');
    expect(screen.getByLabelText('Address line 1')).toHaveValue('1 Main St');
    expect(screen.getByLabelText('City')).toHaveValue('Portland');
    const summary = screen.getByRole('region', { name: 'Order summary' });
    // The shop's shipping and the order's: free, with the days it arrives between.
    expect(within(summary).getAllByText('Free')).toHaveLength(2);
    expect(within(summary).getByText('Arrives Dec 12–16')).toBeInTheDocument();
    expect(within(summary).getAllByText('$104.00')).toHaveLength(2);
    // The card form depends on /api/checkout/config, which may answer after the cart.
    expect(await screen.findByText(/Test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined/)).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: /9 Side St/ }));
    expect(screen.getByLabelText('City')).toHaveValue('Austin');
    // The sandbox never fetches Stripe.js.
    expect(stripeJs.loadStripe).not.toHaveBeenCalled();
    expect(screen.queryByText('Card details')).not.toBeInTheDocument();
  });

  it('shows each shop’s shipping and dates, asks again for another ZIP code and waits for its total before paying', async () => {
    const otherLine = makeCartItem({ id: 'line-2', price: 18, quantity: 1, seller: { id: 's2', vacation: null, name: 'Maple & Thread' } });
    const twoShops: CheckoutSummaryResponse = {
      ...SUMMARY,
      items: [LINE, otherLine],
      itemsTotal: 122,
      shipping: 12.49,
      orderTotal: 134.49,
      problems: [],
      shops: [
        { sellerId: 's1', shopName: 'Oak & Ember', itemsTotal: 104, shipping: 0, arrivesBy: { earliest: '2026-12-12', latest: '2026-12-16' } },
        { sellerId: 's2', shopName: 'Maple & Thread', itemsTotal: 18, shipping: 12.49, arrivesBy: { earliest: '2026-12-30', latest: '2027-01-04' } },
      ],
    };
    const asked: (string | null)[] = [];
    const { user, requests } = setUp({
      summary: twoShops,
      checkout: () => jsonResponse(201, { success: true, orderId: 'o1' }),
      routes: {
        'GET /api/checkout/summary': (request) => {
          asked.push(new URL(request.url).searchParams.get('postal_code'));
          return summaryFor(twoShops, request);
        },
      },
    });
    const summary = await screen.findByRole('region', { name: 'Order summary' }, { timeout: 5000 });
    expect(within(summary).getByRole('heading', { name: 'Maple & Thread' })).toBeInTheDocument();
    expect(within(summary).getByText('Arrives Dec 12–16')).toBeInTheDocument();
    expect(within(summary).getByText('Arrives Dec 30–Jan 4')).toBeInTheDocument();
    expect(within(summary).getByText('$12.49', { selector: 'span' })).toBeInTheDocument();
    // The default address's ZIP code from the first read.
    expect(asked[0]).toBe('97201');

    // A new address: until its ZIP code is whole, nothing can be paid.
    await user.click(screen.getByRole('radio', { name: 'A new address' }));
    await user.type(screen.getByLabelText('ZIP code'), '7330');
    expect(screen.getByRole('button', { name: 'Place order' })).toBeDisabled();
    expect(screen.getByText('Enter the ZIP code of your shipping address to see shipping and the total.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('ZIP code'), '1');
    await waitFor(() => expect(asked.at(-1)).toBe('73301'));
    for (const [label, value] of [
      ['Full name', 'Bea Tester'],
      ['Address line 1', '9 Side St'],
      ['City', 'Austin'],
      ['State', 'TX'],
    ] as const)
      await user.type(screen.getByLabelText(label), value);
    await fillCard(user, '4242424242424242');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Place order' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]!.body).toMatchObject({ shippingAddress: { postal_code: '73301' }, expectedTotal: 134.49 });
  });

  it('shows a decline, retries with the same Idempotency-Key, then clears the cart and opens the confirmation of the order', async () => {
    let attempt = 0;
    const { user, router, requests, store } = setUp({
      checkout: () => (++attempt === 1 ? jsonResponse(402, { error: 'Your card was declined.' }) : jsonResponse(201, { success: true, orderId: 'o1' })),
    });
    await fillCard(user, '4000000000000002');
    expect(screen.getByLabelText('Card number')).toHaveValue('4000 0000 0000 0002');
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText(/Your card was declined\./)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/products/checkout');

    await fillCard(user, '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    // The confirmation page of the new order (orders feature), which thanks the buyer because of ?placed=1.
    await waitFor(() => expect(router.state.location.pathname).toBe('/myorders/o1/receipt'));
    expect(router.state.location.search).toBe('?placed=1');

    expect(requests).toHaveLength(2);
    const [first, second] = requests;
    expect(first!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(second!.idempotencyKey).toBe(first!.idempotencyKey);
    expect(second!.body).toEqual({
      shippingAddress: { name: 'Bea Tester', line1: '1 Main St', line2: 'Apt 4', city: 'Portland', state: 'OR', postal_code: '97201', country: 'US' },
      payment: { card: { number: '4242424242424242', expMonth: 12, expYear: 2039, cvc: '123' } },
      expectedTotal: 104,
    });
    await waitFor(() => expect(store.getState().cart.totalQuantity).toBe(0));
    expect(await screen.findByText('Order placed! The sellers will confirm your items shortly.')).toBeInTheDocument();
  });

  it('sends one request for a double click', async () => {
    const { user, requests } = setUp({
      checkout: () => new Promise((resolve) => setTimeout(() => resolve(jsonResponse(201, { success: true, orderId: 'o1' })), 50)),
    });
    await fillCard(user, '4242424242424242');
    await user.dblClick(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(requests).toHaveLength(1));
  });

  it('sends a shop’s part as a gift with its message and shows the personalisation', async () => {
    const engraved = makeCartItem({ personalization: 'For Anna', seller: { id: '22222222-2222-4222-8222-222222222222', vacation: null, name: 'Walnut & Co' } });
    const summary = {
      ...SUMMARY,
      items: [engraved],
      problems: [],
      shops: [{ ...SUMMARY.shops[0]!, sellerId: '22222222-2222-4222-8222-222222222222', shopName: 'Walnut & Co' }],
    };
    const { user, requests } = setUp({ summary, checkout: () => jsonResponse(201, { success: true, orderId: 'o1' }) });
    expect(await screen.findByText('For Anna', { exact: false }, { timeout: 5000 })).toBeInTheDocument();
    const gift = screen.getByRole('checkbox', { name: /Send the items from Walnut & Co as a gift/ });
    await user.click(gift);
    await user.type(screen.getByLabelText('Gift message for Walnut & Co (optional)'), 'Happy birthday!');
    await fillCard(user, '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]!.body).toMatchObject({ gifts: [{ seller_id: '22222222-2222-4222-8222-222222222222', message: 'Happy birthday!' }] });
  });

  it('sends no gifts when no shop is marked', async () => {
    const { user, requests } = setUp({ checkout: () => jsonResponse(201, { success: true, orderId: 'o1' }) });
    await fillCard(user, '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]!.body).not.toHaveProperty('gifts');
  });

  it('says which items ran out on a 409', async () => {
    const { user } = setUp({
      checkout: () =>
        jsonResponse(409, {
          error: 'Some items are no longer available in the quantity you asked for',
          items: [{ cartItemId: LINE.id, productId: LINE.product_id, title: 'Walnut desk lamp', requested: 2, available: 1 }],
        }),
    });
    await fillCard(user, '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    const alert = await screen.findByText('Some items just ran out');
    expect(alert.closest('[role="alert"]')).toHaveTextContent('Walnut desk lamp: only 1 left (you asked for 2)');
  });

  it('says a hidden listing is no longer available on a 409', async () => {
    const { user } = setUp({
      checkout: () =>
        jsonResponse(409, {
          error: 'Sorry, "Walnut desk lamp" is no longer available',
          code: 'out_of_stock',
          items: [{ cartItemId: LINE.id, productId: LINE.product_id, title: 'Walnut desk lamp', requested: 2, available: 0, live: false }],
        }),
    });
    await fillCard(user, '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    const alert = await screen.findByText('Some items just ran out');
    expect(alert.closest('[role="alert"]')).toHaveTextContent('Walnut desk lamp: no longer available (you asked for 2)');
  });

  it('tells the buyer the total changed, charges nothing, and shows the new total to confirm', async () => {
    let summaryReads = 0;
    const repriced = { ...SUMMARY, items: SUMMARY.items.map((item) => ({ ...item, price: 999 })), itemsTotal: 1998, orderTotal: 1998 };
    let attempt = 0;
    const { user, requests } = setUp({
      checkout: () =>
        ++attempt === 1
          ? jsonResponse(409, {
              error:
                'The total of your order changed from $104.00 to $1,998.00 (a price changed since you opened checkout). Nothing was charged: check the new total and place the order again.',
              code: 'total_changed',
              expectedTotal: 104,
              summary: repriced,
            })
          : jsonResponse(201, { success: true, orderId: 'o1' }),
      routes: { 'GET /api/checkout/summary': (request) => summaryFor(++summaryReads === 1 ? SUMMARY : repriced, request) },
    });
    await fillCard(user, '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    const alert = await screen.findByText('The total changed');
    expect(alert.closest('[role="status"], [role="alert"]')).toHaveTextContent('changed from $104.00 to $1,998.00');
    const summary = screen.getByRole('region', { name: 'Order summary' });
    await waitFor(() => expect(within(summary).getAllByText('$1,998.00').length).toBeGreaterThan(0));

    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[0]!.body).toMatchObject({ expectedTotal: 104 });
    expect(requests[1]!.body).toMatchObject({ expectedTotal: 1998 });
    // A new total is a new attempt: a new Idempotency-Key.
    expect(requests[1]!.idempotencyKey).not.toBe(requests[0]!.idempotencyKey);
  });

  it('blocks paying while an item is out of stock', async () => {
    setUp({
      summary: { ...SUMMARY, problems: [{ cartItemId: LINE.id, kind: 'out_of_stock', message: 'Walnut desk lamp is out of stock' }] },
      checkout: () => jsonResponse(201, { success: true, orderId: 'o1' }),
    });
    expect(await screen.findByText('Walnut desk lamp is out of stock', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Place order' })).toBeDisabled();
  });

  it('pays with a Stripe PaymentMethod and keeps the Idempotency-Key for the retry after a decline', async () => {
    let attempt = 0;
    const { user, router, requests, store } = setUp({
      provider: 'stripe',
      publishableKey: 'pk_test_pay',
      checkout: () =>
        ++attempt === 1 ? jsonResponse(402, { error: 'Your card was declined.', code: 'card_declined' }) : jsonResponse(201, { success: true, orderId: 'o1' }),
    });
    const group = await screen.findByRole('group', { name: 'Card details' });
    expect(within(group).getByTestId('stripe-card')).toHaveAccessibleName('Card details');
    expect(stripeJs.loadStripe).toHaveBeenCalledWith('pk_test_pay');
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    expect(screen.queryByText(/Test cards/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText(/Your card was declined\./)).toBeInTheDocument();
    stripeJs.createPaymentMethod.mockResolvedValue({ paymentMethod: { id: 'pm_card_mastercard' } });
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    // The confirmation page of the new order (orders feature), which thanks the buyer because of ?placed=1.
    await waitFor(() => expect(router.state.location.pathname).toBe('/myorders/o1/receipt'));
    expect(router.state.location.search).toBe('?placed=1');

    expect(stripeJs.createPaymentMethod).toHaveBeenCalledTimes(2);
    expect(stripeJs.createPaymentMethod).toHaveBeenCalledWith({ type: 'card', card: stripeJs.card });
    expect(requests).toHaveLength(2);
    const [first, second] = requests;
    expect(first!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(second!.idempotencyKey).toBe(first!.idempotencyKey);
    expect(first!.body).toMatchObject({ payment: { paymentMethodId: 'pm_card_visa' } });
    expect(second!.body).toEqual({
      shippingAddress: { name: 'Bea Tester', line1: '1 Main St', line2: 'Apt 4', city: 'Portland', state: 'OR', postal_code: '97201', country: 'US' },
      payment: { paymentMethodId: 'pm_card_mastercard' },
      expectedTotal: 104,
    });
    await waitFor(() => expect(store.getState().cart.totalQuantity).toBe(0));
  });

  it("shows Stripe's own error under the card field and sends nothing", async () => {
    stripeJs.createPaymentMethod.mockResolvedValue({ error: { type: 'validation_error', message: 'Your card number is incomplete.' } });
    const { user, requests } = setUp({ provider: 'stripe', checkout: () => jsonResponse(201, { success: true, orderId: 'o1' }) });
    const group = await screen.findByRole('group', { name: 'Card details' });

    await user.type(within(group).getByTestId('stripe-card'), 'bad');
    expect(screen.getByText('Your card number is invalid.')).toBeInTheDocument();
    await user.clear(within(group).getByTestId('stripe-card'));
    expect(screen.queryByText('Your card number is invalid.')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Place order' }));
    const error = await screen.findByText('Your card number is incomplete.');
    expect(group).toHaveAccessibleDescription('Your card number is incomplete.');
    expect(error).toHaveAttribute('role', 'alert');
    expect(stripeJs.card.focus).toHaveBeenCalled();
    expect(requests).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Place order' })).toBeEnabled();
  });

  it('says card payments are unavailable when Stripe.js cannot load', async () => {
    stripeJs.loadStripe.mockRejectedValue(new Error('Failed to load Stripe.js'));
    const { requests } = setUp({ provider: 'stripe', checkout: () => jsonResponse(201, { success: true, orderId: 'o1' }) });
    expect(await screen.findByText('Card payments are unavailable right now: Stripe could not be loaded. Please try again later.')).toBeInTheDocument();
    expect(screen.queryByText('Card details')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Place order' })).toBeDisabled();
    expect(requests).toHaveLength(0);
  });

  it('does not offer card entry when Stripe has no publishable key', async () => {
    setUp({ provider: 'stripe', publishableKey: null, checkout: () => jsonResponse(201, { success: true, orderId: 'o1' }) });
    expect(await screen.findByText(/no Stripe publishable key is configured/)).toBeInTheDocument();
    expect(stripeJs.loadStripe).not.toHaveBeenCalled();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Place order' })).toBeDisabled();
  });

  describe('a card that asks for authentication (3-D Secure)', () => {
    const STEP = {
      success: false,
      requiresAction: true,
      paymentId: 'pi_sandbox_1',
      clientSecret: 'pi_sandbox_1_secret_2',
      message: 'Your bank asks you to confirm this payment.',
    };
    const ADDRESS = { name: 'Bea Tester', line1: '1 Main St', line2: 'Apt 4', city: 'Portland', state: 'OR', postal_code: '97201', country: 'US' };

    /** The sandbox's authentication step, answering 200; what the page sent it lands in `sent`. */
    function recordSandboxAuthentication() {
      const sent: unknown[] = [];
      const routes: SetUpOptions['routes'] = {
        'POST /api/checkout/sandbox-authentication': async (request) => {
          sent.push(await request.json());
          return jsonResponse(200, { success: true });
        },
      };
      return { sent, routes };
    }

    it('opens the sandbox’s authentication step, then sends the same request naming the payment and opens the order', async () => {
      let attempt = 0;
      const sandboxAuthentication = recordSandboxAuthentication();
      const { user, router, requests } = setUp({
        checkout: () => (++attempt === 1 ? jsonResponse(202, STEP) : jsonResponse(201, { success: true, orderId: 'o3ds' })),
        routes: sandboxAuthentication.routes,
      });
      await fillCard(user, '4000002500003155');
      await user.click(screen.getByRole('button', { name: 'Place order' }));

      const dialog = await screen.findByRole('dialog', { name: 'Confirm your payment' });
      expect(dialog).toHaveTextContent('Your bank asks you to confirm the payment of $104.00.');
      expect(requests).toHaveLength(1);
      await user.click(within(dialog).getByRole('button', { name: 'Complete authentication' }));

      await waitFor(() => expect(router.state.location.pathname).toBe('/myorders/o3ds/receipt'));
      expect(sandboxAuthentication.sent).toEqual([{ clientSecret: STEP.clientSecret, outcome: 'complete' }]);
      expect(requests).toHaveLength(2);
      const [first, second] = requests;
      expect(second!.idempotencyKey).toBe(first!.idempotencyKey);
      expect(second!.body).toEqual({
        shippingAddress: ADDRESS,
        payment: { card: { number: '4000002500003155', expMonth: 12, expYear: 2039, cvc: '123' } },
        authenticatedPaymentId: 'pi_sandbox_1',
        expectedTotal: 104,
      });
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });

    it('shows the decline when the buyer fails the step, and tries again with a new key', async () => {
      let attempt = 0;
      const sandboxAuthentication = recordSandboxAuthentication();
      const { user, router, requests } = setUp({
        checkout: () =>
          ++attempt === 2
            ? jsonResponse(402, {
                error: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
                code: 'payment_intent_authentication_failure',
              })
            : jsonResponse(202, STEP),
        routes: sandboxAuthentication.routes,
      });
      await fillCard(user, '4000002500003155');
      await user.click(screen.getByRole('button', { name: 'Place order' }));
      await user.click(within(await screen.findByRole('dialog', { name: 'Confirm your payment' })).getByRole('button', { name: 'Fail authentication' }));

      expect(await screen.findByText(/We are unable to authenticate your payment method\./)).toBeInTheDocument();
      expect(sandboxAuthentication.sent).toEqual([{ clientSecret: STEP.clientSecret, outcome: 'fail' }]);
      expect(router.state.location.pathname).toBe('/products/checkout');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Place order' }));
      await screen.findByRole('dialog', { name: 'Confirm your payment' });
      expect(requests).toHaveLength(3);
      expect(requests[2]!.idempotencyKey).not.toBe(requests[0]!.idempotencyKey);
    });

    it('lets Stripe.js run the step (handleNextAction) with the client secret, then confirms with the API', async () => {
      const handleNextAction = vi.fn().mockResolvedValue({ paymentIntent: { id: 'pi_1', status: 'succeeded' } });
      stripeJs.loadStripe.mockResolvedValue({ handleNextAction });
      let attempt = 0;
      const { user, router, requests } = setUp({
        provider: 'stripe',
        checkout: () =>
          ++attempt === 1
            ? jsonResponse(202, { ...STEP, paymentId: 'pi_1', clientSecret: 'pi_1_secret_2' })
            : jsonResponse(201, { success: true, orderId: 'o-stripe' }),
      });
      await screen.findByRole('group', { name: 'Card details' });
      await user.click(screen.getByRole('button', { name: 'Place order' }));

      await waitFor(() => expect(router.state.location.pathname).toBe('/myorders/o-stripe/receipt'));
      expect(handleNextAction).toHaveBeenCalledWith({ clientSecret: 'pi_1_secret_2' });
      expect(requests).toHaveLength(2);
      expect(requests[1]!.body).toEqual({
        shippingAddress: ADDRESS,
        payment: { paymentMethodId: 'pm_card_visa' },
        authenticatedPaymentId: 'pi_1',
        expectedTotal: 104,
      });
      expect(requests[1]!.idempotencyKey).toBe(requests[0]!.idempotencyKey);
    });
  });
});
