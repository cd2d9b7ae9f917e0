import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, logIn, newPage, PHONE, waitForInteractive, waitForPath } from './support/browser';
import { api, ok } from './support/page-api';

// Shipping each shop sets (docs/product/shipping.md): a seller adds a shipping profile in their settings; a guest
// on a product page types a ZIP code and is told when it arrives; a new buyer on a phone checks out a cart from
// two shops — a flat rate and a rate UPS calculates — sees each shop's shipping with its dates, and pays exactly
// the total shown. The buyer is a new account, so no other journey's cart is touched.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const suffix = Date.now().toString(36).slice(-5);
const buyerEmail = `shipping-buyer-${suffix}@example.com`;
const password = 'marketplace-demo-2';

interface Listing {
  id: string;
  title: string;
  price: number;
  quantity: number;
  hasVariants: boolean;
  seller: { companyName: string | null };
}

/** A live listing of the shop without choices to make, with units to spare. */
async function listingOf(page: Parameters<typeof api>[0], shop: string): Promise<Listing> {
  const listings = ok(await api<{ items: Listing[] }>(page, 'GET', '/api/products?limit=100'), 'catalogue').items;
  const found = listings.find((listing) => listing.seller.companyName === shop && !listing.hasVariants && listing.quantity >= 3);
  expect(found, `a listing of ${shop}`).toBeDefined();
  return found!;
}

describe('shipping per shop', () => {
  it('a seller adds a shipping profile with a flat rate, and sees it in words', async () => {
    const { context, page } = await newPage(browser);
    // Maple & Thread's: the other journeys buy the demo seller's and Brightside's listings.
    await logIn(page, 'seller3@example.com');
    await waitForPath(page, '/seller/product-list');
    await page.goto('/seller/settings');
    const section = page.getByRole('region', { name: 'Shipping profiles' });
    await expect(section.getByText('Home goods by weight')).toBeVisibleSoon(15_000);
    await section.getByRole('button', { name: 'Add a shipping profile' }).click();
    await page.getByLabel('Profile name').fill(`Heavy parcels ${suffix}`);
    await page.getByLabel('From (days)').fill('2');
    await page.getByLabel('To (days)').fill('4');
    await page.getByLabel('First item (USD)').fill('7.50');
    await page.getByLabel('Each additional item (USD)').fill('2');
    await page.getByRole('button', { name: 'Add profile' }).click();
    await expect(section.getByText(`Heavy parcels ${suffix}`)).toBeVisibleSoon(15_000);
    await expect(section.getByText('$7.50 first item, $2.00 each additional')).toBeVisibleSoon();
    await expect(section.getByText('Ships in 2–4 business days')).toBeVisibleSoon();
    // A new profile is not the default: the shop's listings still ship as they did.
    const profiles = ok(await api<{ profiles: { name: string; isDefault: boolean }[] }>(page, 'GET', '/api/seller/shipping-profiles'), 'profiles').profiles;
    expect(profiles.find((profile) => profile.name === `Heavy parcels ${suffix}`)?.isDefault).toBe(false);
    expect(profiles.find((profile) => profile.isDefault)?.name).toBe('Home goods by weight');
    await context.close();
  });

  it('a guest types a ZIP code on a product page and is told the shipping and when it arrives', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/products');
    const listing = await listingOf(page, 'Maple & Thread Home');
    await page.goto(`/products/${listing.id}`);
    await expect(page.getByRole('heading', { level: 1, name: listing.title })).toBeVisibleSoon(15_000);
    await waitForInteractive(page);
    // UPS's rate depends on where it goes: the guest is asked first.
    await expect(page.getByText('Enter your ZIP code to see shipping and delivery')).toBeVisibleSoon(15_000);
    await page.getByRole('button', { name: 'Enter ZIP code' }).click();
    await page.getByLabel('ZIP code').fill('981');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('Enter a 5-digit ZIP code, e.g. 94107')).toBeVisibleSoon();
    await page.getByLabel('ZIP code').fill('98101');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText(/Arrives [A-Z][a-z]{2} \d{1,2}(–[A-Z]?[a-z]{0,2} ?\d{1,2})? to 98101/)).toBeVisibleSoon(15_000);
    await expect(page.getByText(/^Shipping: \$\d+\.\d{2}$/)).toBeVisibleSoon();
    // The same shipping as the API's answer for that ZIP code, to the cent.
    const quote = ok(await api<{ shipping: number }>(page, 'GET', `/api/products/${listing.id}/delivery?postal_code=98101`), 'quote');
    await expect(page.getByText(`Shipping: $${quote.shipping.toFixed(2)}`)).toBeVisibleSoon();
    await context.close();
  });

  it('a new buyer on a phone sees each shop’s shipping and dates at checkout, and pays exactly the total shown', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await page.goto('/login');
    ok(await api(page, 'POST', '/api/auth/signup', { email: buyerEmail, password, firstName: 'Rae', lastName: 'Shipper', role: 'buyer' }), 'buyer signup');
    await logIn(page, buyerEmail, password);
    await waitForPath(page, '/products');
    const flat = await listingOf(page, 'Northwind Outfitters');
    const calculated = await listingOf(page, 'Maple & Thread Home');
    for (const listing of [flat, calculated]) ok(await api(page, 'POST', '/api/cart/items', { product_id: listing.id, quantity: 1 }), `add ${listing.title}`);

    await page.goto('/products/checkout');
    const summary = page.getByRole('region', { name: 'Order summary' });
    await expect(summary.getByRole('heading', { name: 'Northwind Outfitters' })).toBeVisibleSoon(15_000);
    await expect(summary.getByRole('heading', { name: 'Maple & Thread Home' })).toBeVisibleSoon();
    // No address yet: UPS's rate waits for the ZIP code, and so does Place order.
    await expect(page.getByText('Enter the ZIP code of your shipping address to see shipping and the total.')).toBeVisibleSoon();
    expect(await page.getByRole('button', { name: 'Place order' }).isDisabled()).toBe(true);

    await page.getByLabel('Full name').fill('Rae Shipper');
    await page.getByLabel('Address line 1').fill('1600 Pike Place');
    await page.getByLabel('City').fill('Seattle');
    await page.getByLabel('State').fill('WA');
    await page.getByLabel('ZIP code').fill('98101');
    await expect.poll(() => summary.getByText(/^Arrives /).count(), { timeout: 15_000 }).toBe(2);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');

    // What the page shows is the summary for that ZIP code: each shop's shipping, their sum, the total.
    const quoted = ok(
      await api<{ orderTotal: number; shipping: number; shops: { shopName: string; shipping: number }[] }>(
        page,
        'GET',
        '/api/checkout/summary?postal_code=98101',
      ),
      'summary',
    );
    expect(quoted.shops.map((shop) => shop.shopName).sort()).toEqual(['Maple & Thread Home', 'Northwind Outfitters']);
    for (const shop of quoted.shops) expect(shop.shipping).toBeGreaterThan(0);
    await expect(page.getByText(`You pay $${quoted.orderTotal.toFixed(2)}.`, { exact: false })).toBeVisibleSoon(15_000);

    await page.getByRole('button', { name: 'Place order' }).click();
    const receipt = await waitForPath(page, /^\/myorders\/[0-9a-f-]{36}\/receipt$/);
    const orderId = receipt.split('/')[2]!;
    const order = ok(await api<{ total: number; shipping: number }>(page, 'GET', `/api/orders/${orderId}`), 'order');
    expect(order).toMatchObject({ total: quoted.orderTotal, shipping: quoted.shipping });
    await context.close();
  });
});
