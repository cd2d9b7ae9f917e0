import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, DEMO_PASSWORD, launchBrowser, newPage, waitForInteractive, waitForPath } from './support/browser';

// A new visitor browses without an account: from the home page to a product page (not /login), asks
// to add it to the cart, is told why to log in, logs in and is back on the product with it in the cart.

const BUYER = 'buyer2@example.com';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The buyer's cart as the server has it, read with a login of its own (not the browser's). */
async function serverCart(): Promise<Array<{ product_id: string; quantity: number }>> {
  const login = await fetch(`${baseUrl()}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: BUYER, password: DEMO_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const cart = await fetch(`${baseUrl()}/api/cart`, { headers: { Authorization: `Bearer ${token}` } });
  return ((await cart.json()) as { items: Array<{ product_id: string; quantity: number }> }).items;
}

const quantityOf = (items: Array<{ product_id: string; quantity: number }>, productId: string) =>
  items.find((item) => item.product_id === productId)?.quantity ?? 0;

/** The cart count the header's button announces ("Cart, 3 items"). */
async function headerCartCount(page: Page): Promise<number> {
  const label = await page.getByRole('button', { name: /^Cart, \d+ items?$/ }).getAttribute('aria-label');
  return Number(/\d+/.exec(label ?? '')?.[0] ?? Number.NaN);
}

describe('guests browse the catalogue', () => {
  it('a guest opens a product from the home page, is asked to log in to add it, and comes back with it in the cart', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/');

    // A product card of the home page opens the product page, not the login page.
    const featured = page.getByRole('region', { name: 'Featured' });
    const card = featured.getByRole('article').first();
    await expect(card).toBeVisibleSoon(15_000);
    // The card's own link (its title); the seller's name on it links to their shop.
    const productLink = card
      .getByRole('link')
      .filter({ hasNotText: /^Sold by/ })
      .first();
    const title = (await productLink.textContent())!.trim();
    await productLink.click();
    const productPath = await waitForPath(page, /^\/products\/[0-9a-f-]{36}$/);
    const productId = productPath.split('/').pop()!;
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisibleSoon();
    // The guest's header: Log in and Sign up, no cart, no bell, no account menu.
    await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisibleSoon();
    expect(await page.getByRole('banner').getByRole('link', { name: 'Sign up' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: /^Cart,/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Notifications/ }).count()).toBe(0);

    const before = quantityOf(await serverCart(), productId);

    // Add to cart asks to log in, and says why (once the browser has taken the server's page over).
    const dialog = page.getByRole('dialog', { name: 'Log in to continue' });
    await waitForInteractive(page);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(dialog).toBeVisibleSoon();
    await expect(dialog.getByText('Log in or create an account to add this to your cart.')).toBeVisibleSoon();
    expect(quantityOf(await serverCart(), productId)).toBe(before);

    await dialog.getByRole('link', { name: 'Log in' }).click();
    await waitForPath(page, '/login');
    await expect(page.getByText('Log in or create an account to add this to your cart.')).toBeVisibleSoon();
    await page.getByLabel('Email').fill(BUYER);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();

    // Back on the same product page, with the product in the cart.
    expect(await waitForPath(page, productPath)).toBe(productPath);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisibleSoon();
    await expect(page.getByText(`${title} added to your cart`)).toBeVisibleSoon();
    await expect.poll(() => serverCart().then((items) => quantityOf(items, productId)), { timeout: 10_000 }).toBe(before + 1);
    await expect.poll(() => headerCartCount(page), { timeout: 10_000 }).toBeGreaterThan(0);

    // Reloading the page does not add it again.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisibleSoon();
    await expect(page.getByRole('button', { name: /^Cart, \d+ items?$/ })).toBeVisibleSoon();
    expect(quantityOf(await serverCart(), productId)).toBe(before + 1);
    await context.close();
  });

  it('checkout stays behind login and says so', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/products/checkout');
    await waitForPath(page, '/login');
    await expect(page.getByText('Log in to open that page.', { exact: false })).toBeVisibleSoon();
    await context.close();
  });
});
