import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGet, launchBrowser, logIn, newPage, PHONE, waitForPath } from './support/browser';

// the admin's Payouts page was 429 px wide on a 390 px phone. Pages fit the phone; wide
// tables scroll inside their own box, never the page.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** How wide the page is, and the elements that stick out past the right edge (outside a scrolling box). */
function pageWidth(page: Page) {
  return page.evaluate(() => ({
    width: document.documentElement.scrollWidth,
    sticking: Array.from(document.querySelectorAll('body *'))
      .filter(
        (element) => element.getBoundingClientRect().right > window.innerWidth + 1 && !element.closest('.overflow-x-auto, .overflow-auto, .overflow-hidden'),
      )
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${String(element.className).slice(0, 80)}`),
  }));
}

describe('on a 390 px phone', () => {
  it('the admin’s Payout Management fits, in cards and in the table view', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await logIn(page, 'admin@example.com');
    await waitForPath(page, /^\/(admin|products)/);
    await page.goto('/admin/payouts');
    await expect(page.getByRole('heading', { name: 'Payout History' })).toBeVisibleSoon(15_000);
    await expect(page.getByRole('list', { name: 'Top sellers' })).toBeVisibleSoon(15_000);
    await expect(page.getByRole('list', { name: 'Payouts' })).toBeVisibleSoon(15_000);
    expect(await pageWidth(page)).toEqual({ width: PHONE.width, sticking: [] });

    await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Table' }).click();
    await expect(page.getByRole('table', { name: 'Payouts' })).toBeVisibleSoon();
    expect((await pageWidth(page)).width).toBe(PHONE.width);
    await context.close();
  });

  it('every page of the seller’s fits', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await logIn(page, 'seller@example.com');
    await waitForPath(page, /^\/seller\//);
    const { items: listings } = await apiGet<{ items: Array<{ id: string }> }>(page, '/api/seller/products?limit=1');
    const { data } = await apiGet<{ data: { orders: Array<{ orderId: string; items: Array<{ orderItemId: string }> }> } }>(page, '/api/seller/orders?limit=1');
    const listing = listings[0]!.id;
    const order = data.orders[0]!;
    const pages = [
      '/seller/dashboard',
      '/seller/inventory',
      '/seller/product-list',
      `/seller/product-list/edit/${listing}`,
      `/seller/product-list/view/${listing}`,
      '/seller/listing',
      '/seller/listing/add',
      `/seller/listing/inventory/${listing}`,
      `/seller/listing/addInventory/${listing}`,
      '/seller/orders',
      `/seller/orders/items/${order.orderId}`,
      `/seller/orders/items/view/${order.items[0]!.orderItemId}`,
      '/seller/shipments',
      '/seller/chats',
      '/seller/onboarding',
      '/seller/settings',
      '/seller/support',
      '/seller/help-and-support',
      '/seller/profile',
      '/seller/returns',
      '/seller/earnings',
    ];
    const tooWide: Array<{ path: string; width: number; sticking: string[] }> = [];
    for (const path of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisibleSoon(15_000);
      // What the page loads after its heading (charts, lists) is drawn before it is measured.
      await page.waitForLoadState('networkidle');
      const measured = await pageWidth(page);
      if (measured.width > PHONE.width || measured.sticking.length > 0) tooWide.push({ path, ...measured });
    }
    expect(tooWide).toEqual([]);
    await context.close();
  });

  it('a toast never covers the header, and the chat’s photo and send buttons are a thumb’s size', async () => {
    const { context, page } = await newPage(browser, PHONE);
    // A buyer of their own: adding to a cart changes nothing another journey reads.
    const email = `toast-${Date.now()}@example.com`;
    const password = 'a sturdy passphrase for the phone';
    const signedUp = await page.request.post('/api/auth/signup', { data: { email, password, firstName: 'Tess', lastName: 'Oast', role: 'buyer' } });
    expect(signedUp.status()).toBe(201);
    // One the demo seller sells without a choice to make (no variations; the demo's other shops have a listing that
    // asks for personalisation and one on vacation, and journeys beside this one list T-shirts in sizes).
    const { items: newest } = (await (await page.request.get('/api/products?limit=50')).json()) as {
      items: Array<{ id: string; title: string; hasVariants: boolean; seller: { companyName: string | null } }>;
    };
    const items = newest.filter((item) => !item.hasVariants && item.seller.companyName === 'Northwind Outfitters');
    await logIn(page, email, password);
    await waitForPath(page, /^\/(products|myorders|$)/);
    await page.goto(`/products/${items[0]!.id}`);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    const toast = page.locator('li[data-type="success"]', { hasText: 'added to your cart' });
    await expect(toast).toBeVisibleSoon();
    const [toastBox, headerBox] = [await toast.boundingBox(), await page.locator('header').first().boundingBox()];
    expect(toastBox!.y).toBeGreaterThanOrEqual(headerBox!.y + headerBox!.height);
    await context.close();

    const seller = await newPage(browser, PHONE);
    await logIn(seller.page, 'seller@example.com');
    await waitForPath(seller.page, /^\/seller\//);
    await seller.page.goto('/seller/chats');
    await seller.page.getByRole('list', { name: 'Conversations' }).getByRole('listitem').first().click();
    for (const name of ['Add photos', 'Send']) {
      const box = await seller.page.getByRole('button', { name, exact: true }).boundingBox();
      expect(Math.min(box!.width, box!.height), name).toBeGreaterThanOrEqual(44);
    }
    await seller.context.close();
  });
});
