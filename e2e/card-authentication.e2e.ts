import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillCheckout, launchBrowser, logIn, newPage, waitForPath } from './support/browser';
import { sellerWithListings } from './support/seller-orders';

// 3-D Secure on the sandbox: the test card 4000 0025 0000 3155 asks the buyer to authenticate. A failed
// step is a decline and leaves the cart; a completed one places the order (docs/product/checkout.md).

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('a card that asks for authentication', () => {
  it('fails the step (declined, nothing bought), then completes it and lands on the receipt', async () => {
    const seller = await sellerWithListings(browser);
    const product = seller.listings.find((candidate) => candidate.status === 'active' && candidate.quantity >= 2);
    expect(product).toBeDefined();
    await seller.context.close();

    const { context, page } = await newPage(browser);
    await logIn(page, 'buyer6@example.com');
    await waitForPath(page, '/products');
    await fillCheckout(page, product!, { name: 'Noah Kim', line1: '1700 Lincoln Street', city: 'Denver', state: 'CO', zip: '80203' }, '4000 0025 0000 3155');

    await page.getByRole('button', { name: 'Place order' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm your payment' });
    await expect(dialog).toBeVisibleSoon();
    await dialog.getByRole('button', { name: 'Fail authentication' }).click();
    await expect(page.getByText(/We are unable to authenticate your payment method/)).toBeVisibleSoon();
    expect(new URL(page.url()).pathname).toBe('/products/checkout');

    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(dialog).toBeVisibleSoon();
    await dialog.getByRole('button', { name: 'Complete authentication' }).click();
    await waitForPath(page, /^\/myorders\/[0-9a-f-]{36}\/receipt$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you, your order is placed' })).toBeVisibleSoon(15_000);
    await expect(page.getByText(product!.title).first()).toBeVisibleSoon();
    await context.close();
  });
});
