import sharp from 'sharp';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, logIn, newPage, PHONE, waitForInteractive, waitForPath } from './support/browser';

// Variations (decision 0043, docs/product/listings.md "Variations"): a seller lists a T-shirt in two sizes
// through the listing form, with its own price and stock each; a buyer on a phone must choose a size, sees the
// sold-out one say so, buys the other; the seller's order names the size, and the listing's stock went down
// for that size only.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const suffix = Date.now().toString(36).slice(-5);
const title = `Organic Tee ${suffix}`;

describe('variations', () => {
  let productId = '';

  it('a seller lists a T-shirt in two sizes, each with its own price and stock', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, 'seller@example.com');
    await waitForPath(page, '/seller/product-list');
    await page.goto('/seller/listing/add');
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Description').fill('Heavy organic cotton, cut straight. Pre-shrunk.');
    await page.getByLabel('Category').selectOption('fashion');
    await page.getByRole('button', { name: 'Add a variation (size, colour…)' }).click();
    await page.getByLabel('Variation name').fill('Size');
    await page.getByLabel('Options').fill('S, M');
    await page.getByLabel('Price for all').fill('18');
    await page.getByRole('button', { name: 'Apply to all' }).first().click();
    await page.getByLabel('Price (USD) for Size: M').fill('21.50');
    await page.getByLabel('Stock for Size: S').fill('0');
    await page.getByLabel('Stock for Size: M').fill('4');
    await page.getByRole('button', { name: 'Create listing' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Listing' })).toBeVisibleSoon(15_000);
    productId = /\/edit\/([0-9a-f-]{36})/.exec(page.url())?.[1] ?? '';
    expect(productId).not.toBe('');

    // Live with its first photo.
    const photo = await sharp({ create: { width: 800, height: 800, channels: 3, background: { r: 30, g: 120, b: 90 } } })
      .jpeg()
      .toBuffer();
    await page.locator('#photo-upload-input').setInputFiles({ name: 'tee.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect(page.getByRole('button', { name: 'Delete photo 1' })).toBeVisibleSoon(15_000);
    // The form shows the combinations as saved.
    await expect.poll(() => page.getByLabel('Price (USD) for Size: M').inputValue()).toBe('21.50');
    await context.close();
  });

  it('a buyer on a phone chooses a size: the sold-out one says so, the other is bought at its own price', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await logIn(page, 'buyer@example.com');
    await page.goto(`/products/${productId}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisibleSoon(15_000);
    await waitForInteractive(page);
    await expect(page.getByText('From $18.00')).toBeVisibleSoon();
    const size = page.getByRole('combobox', { name: 'Size' });
    expect(await size.getByRole('option', { name: 'S (sold out)' }).count()).toBe(1);

    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByText('Choose size first')).toBeVisibleSoon();
    await size.selectOption('M');
    await expect(page.getByText('$21.50', { exact: true })).toBeVisibleSoon();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByText(`${title} (Size: M) added to your cart`)).toBeVisibleSoon();

    await page.goto('/products/checkout');
    const summary = page.getByRole('region', { name: 'Order summary' });
    await expect(summary.getByText('Size: M')).toBeVisibleSoon(15_000);
    await page.getByLabel('Full name').fill('Bailey Buyer');
    await page.getByLabel('Address line 1').fill('12 Harbor Street');
    await page.getByLabel('City').fill('Portland');
    await page.getByLabel('State').fill('ME');
    await page.getByLabel('ZIP code').fill('04101');
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Place order' }).click();
    await waitForPath(page, /^\/myorders\/[0-9a-f-]{36}\/receipt$/);
    await expect(page.getByText('Size: M').first()).toBeVisibleSoon();
    await context.close();
  });

  it('the seller’s order names the size, and only that size’s stock went down', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, 'seller@example.com');
    await waitForPath(page, '/seller/product-list');
    await page.goto('/seller/orders');
    const order = page.getByRole('link', { name: title }).first();
    await expect(order).toBeVisibleSoon(15_000);
    await expect(page.getByText('Size: M').first()).toBeVisibleSoon();

    await page.goto(`/seller/listing/inventory/${productId}`);
    const stock = page.getByRole('list', { name: 'Stock per variant' });
    await expect.poll(() => stock.getByLabel('Size: M', { exact: true }).inputValue(), { timeout: 15_000 }).toBe('3');
    expect(await stock.getByLabel('Size: S', { exact: true }).inputValue()).toBe('0');
    await context.close();
  });
});
