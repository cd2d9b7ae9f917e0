import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGet, launchBrowser, logIn, newPage, waitForInteractive, waitForPath } from './support/browser';

// The journey with two browser contexts: the buyer messages a seller from a product page, the
// seller's header badge goes up live, the seller opens the chat, and the buyer sees it read.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('live chat', () => {
  it('the buyer writes from a product page; the seller’s badge goes up live; the buyer sees it read', async () => {
    const seller = await newPage(browser);
    await logIn(seller.page, 'seller2@example.com');
    await waitForPath(seller.page, '/seller/product-list');
    const products = await apiGet<{ items: Array<{ id: string; title: string; status: string }> }>(seller.page, '/api/seller/products?limit=10');
    const product = products.items.find((item) => item.status === 'active');
    expect(product).toBeDefined();
    await seller.page.goto('/seller/dashboard');
    const messagesLink = seller.page
      .getByRole('navigation')
      .getByRole('link', { name: /^Messages/ })
      .first();
    await expect(messagesLink).toBeVisibleSoon(15_000);
    // Nothing unread yet for this seller in the demo data.
    expect(await messagesLink.textContent()).not.toMatch(/unread/);

    const buyer = await newPage(browser);
    await logIn(buyer.page, 'buyer3@example.com');
    await waitForPath(buyer.page, '/products');
    await buyer.page.goto(`/products/${product!.id}`);
    await waitForInteractive(buyer.page);
    await buyer.page.getByRole('button', { name: 'Message seller' }).click();
    await waitForPath(buyer.page, '/user/chats');
    const text = `Hello! Is “${product!.title}” still available? <b>not bold</b>`;
    const composer = buyer.page.getByPlaceholder('Write a message…');
    await expect(composer).toBeVisibleSoon(15_000);
    await composer.fill(text);
    await composer.press('Enter');
    await expect(buyer.page.getByText(text, { exact: true })).toBeVisibleSoon(10_000);
    await expect(buyer.page.getByText('Sent', { exact: true }).last()).toBeVisibleSoon();

    // The seller's header badge goes up without a reload.
    await expect(seller.page.getByText('1 unread message', { exact: true }).first()).toBeVisibleSoon(10_000);

    // The seller opens the chat: the message is there, shown as text, and the badge goes away.
    await messagesLink.click();
    await waitForPath(seller.page, '/seller/chats');
    await seller.page
      .getByRole('list', { name: 'Conversations' })
      .getByRole('button')
      .or(seller.page.getByRole('list', { name: 'Conversations' }).getByRole('link'))
      .first()
      .click();
    await expect(seller.page.getByText(text, { exact: true })).toBeVisibleSoon(10_000);
    expect(await seller.page.locator('b', { hasText: 'not bold' }).count()).toBe(0);
    await expect.poll(() => seller.page.getByText('1 unread message', { exact: true }).count(), { timeout: 10_000 }).toBe(0);

    // The buyer sees it read, live.
    await expect(buyer.page.getByText('Read', { exact: true }).last()).toBeVisibleSoon(10_000);

    await seller.context.close();
    await buyer.context.close();
  });
});
