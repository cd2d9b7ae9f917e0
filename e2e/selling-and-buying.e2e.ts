import sharp from 'sharp';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGet, fillCheckout, launchBrowser, logIn, newPage, PHONE, waitForPath } from './support/browser';

// The journey: a seller lists a product with a photo taken on the phone page, a buyer finds it
// by a misspelled search, adds it with its add-on, pays with the test card, the seller approves and
// the admin sees the order. Then the seller raises the price while another buyer is at checkout: that buyer
// pays what they saw or nothing.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const suffix = Date.now().toString(36).slice(-5);
const title = `Harbor Lantern ${suffix}`;

/** Calls the API as the signed-in user of `page` (for looking up ids the journey needs). */

describe('selling and buying', () => {
  let orderId = '';

  it('a seller lists a product and adds a photo from the phone page', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, 'seller@example.com');
    await waitForPath(page, '/seller/product-list');
    await page.goto('/seller/listing/add');
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Description').fill('A brass storm lantern with a glass chimney. Warm light for porches and camping.');
    await page.getByLabel('Category').selectOption('home-kitchen');
    await page.getByLabel('Condition').selectOption('new');
    await page.getByLabel('Price (USD)').fill('24.50');
    await page.getByLabel('Quantity in stock').fill('5');
    await page.getByLabel('Offer a paid add-on service').check();
    await page.getByLabel('Add-on name').fill('Gift wrap');
    await page.getByLabel('Add-on price (USD)').fill('3.00');
    await page.getByRole('button', { name: 'Create listing' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Listing' })).toBeVisibleSoon(15_000);

    await page.getByRole('button', { name: 'Show QR code' }).click();
    const uploadLink = await page.getByRole('textbox', { name: 'Phone upload link' }).inputValue();
    expect(uploadLink).toMatch(/\/mobile-upload\/[A-Za-z0-9_-]{20,}$/);
    await expect(page.getByRole('img', { name: 'QR code to scan with your phone' })).toBeVisibleSoon();

    // The phone: no login, just the link.
    const phone = await newPage(browser, PHONE);
    await phone.page.goto(new URL(uploadLink).pathname);
    await expect(phone.page.getByRole('button', { name: 'Take Photo' })).toBeVisibleSoon(15_000);
    const photo = await sharp({ create: { width: 900, height: 700, channels: 3, background: { r: 200, g: 140, b: 60 } } })
      .composite([{ input: Buffer.from('<svg width="900" height="700"><circle cx="450" cy="350" r="220" fill="#fff3c4"/></svg>') }])
      .jpeg()
      .toBuffer();
    await phone.page.getByLabel('Photos from gallery').setInputFiles({ name: 'lantern.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect(phone.page.getByText('Successfully uploaded 1 image')).toBeVisibleSoon(15_000);
    await phone.context.close();

    // Back on the desktop, the photo appears without a reload.
    await expect(page.getByRole('button', { name: 'Delete photo 1' })).toBeVisibleSoon(15_000);
    await context.close();
  });

  it('a buyer finds it despite a typo, adds it with the add-on and pays with the test card', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, 'buyer@example.com');
    await waitForPath(page, '/products');
    await page.getByRole('searchbox', { name: 'Search products' }).fill(`harbour lantren ${suffix}`);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('link', { name: title, exact: true }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisibleSoon();
    await page.getByRole('checkbox', { name: /Gift wrap/ }).check();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByRole('button', { name: /^Cart, 1 item/ })).toBeVisibleSoon();

    await page.getByRole('button', { name: /^Cart, 1 item/ }).click();
    const cart = page.getByRole('dialog', { name: 'Your cart' });
    await expect(cart.getByText(title)).toBeVisibleSoon();
    await cart.getByRole('link', { name: 'Checkout' }).click();
    await waitForPath(page, '/products/checkout');

    await page.getByLabel('Full name').fill('Bailey Buyer');
    await page.getByLabel('Address line 1').fill('12 Harbor Street');
    await page.getByLabel('City').fill('Portland');
    await page.getByLabel('State').fill('ME');
    await page.getByLabel('ZIP code').fill('04101');
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Place order' }).click();
    // The confirmation with the order's receipt (decision 0009), then the order in My Orders.
    await waitForPath(page, /^\/myorders\/[0-9a-f-]{36}\/receipt$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you, your order is placed' })).toBeVisibleSoon();
    await expect(page.getByText(title).first()).toBeVisibleSoon();
    await page.getByRole('link', { name: 'Follow your order in My Orders' }).click();
    await waitForPath(page, /^\/myorders\/[0-9a-f-]{36}$/);
    await expect(page.getByText(title).first()).toBeVisibleSoon();

    const orders = await apiGet<{ orders: { id: string; items: { title: string; retipAdded: boolean; price: number }[] }[] }>(page, '/api/orders');
    const order = orders.orders.find((candidate) => candidate.items.some((item) => item.title === title));
    expect(order?.items[0]).toMatchObject({ title, retipAdded: true, price: 24.5 });
    orderId = order!.id;
    await context.close();
  });

  it('the seller approves the item and the admin sees the order', async () => {
    expect(orderId).not.toBe('');
    const seller = await newPage(browser);
    await logIn(seller.page, 'seller@example.com');
    await waitForPath(seller.page, '/seller/product-list');
    await seller.page.goto(`/seller/orders/items/${orderId}`);
    await seller.page.getByRole('button', { name: `Approve ${title}` }).click();
    await expect(seller.page.getByText(`Approved ${title}`)).toBeVisibleSoon();
    await seller.context.close();

    const admin = await newPage(browser);
    await logIn(admin.page, 'admin@example.com');
    await waitForPath(admin.page, '/products');
    await admin.page.goto(`/admin/orders/orderItems/${orderId}`);
    await expect(admin.page.getByRole('heading', { level: 1, name: `Order #${orderId.slice(0, 8)}` })).toBeVisibleSoon();
    const items = admin.page.getByRole('table', { name: 'Items in this order' });
    await expect(items.getByText(title)).toBeVisibleSoon();
    await expect(items.getByText('Approved')).toBeVisibleSoon();
    await admin.context.close();
  });

  it('a price raised while a buyer is at checkout charges nothing: the buyer sees the new total and pays it', async () => {
    const buyer = await newPage(browser);
    await logIn(buyer.page, 'buyer5@example.com');
    await waitForPath(buyer.page, '/products');
    const { items } = await apiGet<{ items: { id: string; title: string }[] }>(buyer.page, `/api/products?q=${encodeURIComponent(title)}`);
    const product = items.find((item) => item.title === title)!;
    const orderCount = async () => (await apiGet<{ pagination: { totalItems: number } }>(buyer.page, '/api/orders')).pagination.totalItems;
    const ordersBefore = await orderCount();
    await fillCheckout(buyer.page, product, { name: 'Casey Buyer', line1: '3 Pier Road', city: 'Bath', state: 'ME', zip: '04530' });

    // Meanwhile the seller raises the price from $24.50 to $26.50.
    const seller = await newPage(browser);
    await logIn(seller.page, 'seller@example.com');
    await waitForPath(seller.page, '/seller/product-list');
    await seller.page.goto(`/seller/product-list/edit/${product.id}`);
    const price = seller.page.getByLabel('Price (USD)', { exact: true });
    await expect(price).toBeVisibleSoon(15_000);
    await price.fill('26.50');
    await seller.page.getByRole('button', { name: 'Save changes' }).click();
    await expect(seller.page.getByText('Changes saved')).toBeVisibleSoon();
    await seller.context.close();

    // The buyer's Place order: nothing charged, nothing ordered, the alert says the old and the new total.
    await buyer.page.getByRole('button', { name: 'Place order' }).click();
    const alert = buyer.page.getByRole('status').filter({ hasText: 'The total changed' });
    await expect(alert).toBeVisibleSoon();
    const [, was, now] = /changed from (\$[\d,.]+) to (\$[\d,.]+).*Nothing was charged/s.exec(await alert.innerText()) ?? [];
    expect(was).toBeDefined();
    expect(Number(now!.slice(1)) - Number(was!.slice(1))).toBeCloseTo(2, 2);
    expect(new URL(buyer.page.url()).pathname).toBe('/products/checkout');
    expect(await orderCount()).toBe(ordersBefore);

    // Placed again, once the new total shows beside the button: the order has the new price.
    await expect(buyer.page.getByText(`You pay ${now}.`)).toBeVisibleSoon();
    await buyer.page.getByRole('button', { name: 'Place order' }).click();
    const receipt = await waitForPath(buyer.page, /^\/myorders\/[0-9a-f-]{36}\/receipt$/);
    expect(await orderCount()).toBe(ordersBefore + 1);
    const placed = await apiGet<{ items: { title: string; price: number }[] }>(buyer.page, `/api/orders/${receipt.split('/')[2]}`);
    expect(placed.items.find((item) => item.title === title)?.price).toBe(26.5);
    await buyer.context.close();
  });
});
