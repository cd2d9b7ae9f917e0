import sharp from 'sharp';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, logIn, newPage, PHONE, waitForInteractive, waitForPath } from './support/browser';
import { api, ok } from './support/page-api';

// Personalisation and gifts (docs/product/listings.md "Personalisation", docs/product/checkout.md "Gifts"): a
// seller's listing form asks buyers for a name to engrave; a new buyer on a phone is told to write it, writes
// it, sends the shop's part as a gift with a message; the seller's order shows the name and the gift, and its
// packing slip shows the message and no prices. The buyer is a new account, so no other journey's cart is touched.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const suffix = Date.now().toString(36).slice(-5);
const title = `Engraved Walnut Coaster ${suffix}`;
const buyerEmail = `gift-buyer-${suffix}@example.com`;
const password = 'marketplace-demo-2';
const giftMessage = `Happy birthday, Anna! ${suffix}`;

describe('personalisation and gifts', () => {
  let productId = '';
  let orderId = '';

  it('a seller lists a coaster that asks for the name to engrave', async () => {
    const { context, page } = await newPage(browser);
    // Brightside's, not the demo seller's: journeys beside this one buy the demo seller's listings with one click.
    await logIn(page, 'seller2@example.com');
    await waitForPath(page, '/seller/product-list');
    await page.goto('/seller/listing/add');
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Description').fill('Oiled walnut, engraved by hand in our workshop.');
    await page.getByLabel('Category').selectOption('home-kitchen');
    await page.getByLabel('Price (USD)').fill('24');
    await page.getByLabel('Quantity in stock').fill('5');
    await page.getByRole('checkbox', { name: /Ask buyers for personalisation/ }).check();
    await page.getByLabel('Instructions for buyers').fill('The name to engrave, up to 10 letters');
    await page.getByLabel('Longest text (characters)').fill('10');
    await page.getByRole('button', { name: 'Create listing' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Listing' })).toBeVisibleSoon(15_000);
    productId = /\/edit\/([0-9a-f-]{36})/.exec(page.url())?.[1] ?? '';
    expect(productId).not.toBe('');
    const photo = await sharp({ create: { width: 800, height: 800, channels: 3, background: { r: 110, g: 70, b: 40 } } })
      .jpeg()
      .toBuffer();
    await page.locator('#photo-upload-input').setInputFiles({ name: 'coaster.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect(page.getByRole('button', { name: 'Delete photo 1' })).toBeVisibleSoon(15_000);
    // The form shows what the listing asks, as saved.
    await expect.poll(() => page.getByLabel('Longest text (characters)').inputValue()).toBe('10');
    await context.close();
  });

  it('a buyer on a phone writes the name, sends the order as a gift, and the seller reads both on the packing slip', async () => {
    const buyer = await newPage(browser, PHONE);
    await buyer.page.goto('/login');
    ok(await api(buyer.page, 'POST', '/api/auth/signup', { email: buyerEmail, password, firstName: 'Sam', lastName: 'Giver', role: 'buyer' }), 'buyer signup');
    await logIn(buyer.page, buyerEmail, password);
    await waitForPath(buyer.page, '/products');
    await buyer.page.goto(`/products/${productId}`);
    await expect(buyer.page.getByRole('heading', { level: 1, name: title })).toBeVisibleSoon(15_000);
    await waitForInteractive(buyer.page);
    await expect(buyer.page.getByRole('button', { name: /^Cart, \d+ items?/ })).toBeVisibleSoon(15_000);

    // Without the name, nothing is added and the box says why.
    await buyer.page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(buyer.page.getByText('Write your personalisation first')).toBeVisibleSoon();
    await buyer.page.getByRole('textbox', { name: 'Personalisation' }).fill('Anna');
    await buyer.page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(buyer.page.getByText(`${title} added to your cart`)).toBeVisibleSoon();

    await buyer.page.goto('/products/checkout');
    await expect(buyer.page.getByText('Anna', { exact: false }).first()).toBeVisibleSoon(15_000);
    await buyer.page.getByRole('checkbox', { name: /Send the items from Brightside Electronics as a gift/ }).check();
    await buyer.page.getByLabel('Gift message for Brightside Electronics (optional)').fill(giftMessage);
    await buyer.page.getByLabel('Full name').fill('Anna Recipient');
    await buyer.page.getByLabel('Address line 1').fill('12 Orchard Lane');
    await buyer.page.getByLabel('City').fill('Portland');
    await buyer.page.getByLabel('State').fill('OR');
    await buyer.page.getByLabel('ZIP code').fill('97201');
    await buyer.page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await buyer.page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
    await buyer.page.getByLabel('CVC').fill('123');
    await buyer.page.getByRole('button', { name: 'Place order' }).click();
    const receipt = await waitForPath(buyer.page, /^\/myorders\/[0-9a-f-]{36}\/receipt$/);
    orderId = receipt.split('/')[2]!;
    await buyer.context.close();

    const seller = await newPage(browser);
    await logIn(seller.page, 'seller2@example.com');
    await waitForPath(seller.page, '/seller/product-list');
    await seller.page.goto(`/seller/orders/items/${orderId}`);
    await expect(seller.page.getByRole('heading', { name: 'This is a gift' })).toBeVisibleSoon(15_000);
    await expect(seller.page.getByText(`“${giftMessage}”`)).toBeVisibleSoon();
    await expect(seller.page.getByText('Personalisation: Anna')).toBeVisibleSoon();
    await seller.page.getByRole('link', { name: 'Packing slip' }).click();
    await waitForPath(seller.page, `/seller/orders/items/${orderId}/packing-slip`);
    await expect(seller.page.getByRole('heading', { level: 1, name: 'Packing slip' })).toBeVisibleSoon();
    await expect(seller.page.getByText(giftMessage)).toBeVisibleSoon();
    const slip = seller.page.getByRole('table');
    await expect(slip.getByText(title)).toBeVisibleSoon();
    await expect(slip.getByText('Personalisation: Anna')).toBeVisibleSoon();
    // A gift's slip shows no prices.
    expect(await slip.textContent()).not.toContain('$');
    await seller.context.close();
  });
});
