import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGet, buyWithTestCard, launchBrowser, logIn, newPage, PHONE, waitForPath } from './support/browser';
import { approveItem, buyLabel, sellerWithListings } from './support/seller-orders';

// The bell, live: a buyer buys; in another browser the seller accepts the item and buys its UPS label.
// Without reloading, the buyer's bell counts each news as it happens, in both of the buyer's tabs; the
// panel says the order is on its way with its tracking number and leads to the order; reading it in one
// tab lowers the count in the other. The seller's bell told them about the new order the same way.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The bell of the page's header: its accessible name carries the unread count. */
const bell = (page: Page) => page.getByRole('button', { name: /^Notifications(, \d+ unread)?$/ });

/** The unread count as the API tells it (the figure the bell must come to show). */
async function unreadFromApi(page: Page): Promise<number> {
  return (await apiGet<{ unreadCount: number }>(page, '/api/notifications?limit=1')).unreadCount;
}

/** Waits (without reloading) until the bell shows `count` unread. */
async function expectUnread(page: Page, count: number): Promise<void> {
  const name = count > 0 ? `Notifications, ${count} unread` : 'Notifications';
  await expect(page.getByRole('button', { name, exact: true }).first()).toBeVisibleSoon(20_000);
}

describe('notifications', () => {
  it("the buyer's bell shows the seller's acceptance and the shipped parcel live, in every tab", async () => {
    const seller = await sellerWithListings(browser);
    const product = seller.listings.find((candidate) => candidate.status === 'active' && candidate.quantity >= 2 && candidate.retip === null);
    expect(product).toBeDefined();
    const sellerUnreadBefore = await unreadFromApi(seller.page);

    // 1. The buyer (two tabs: a laptop and a phone-sized one) buys the item with the test card.
    const buyer = await newPage(browser);
    await logIn(buyer.page, 'buyer5@example.com');
    await waitForPath(buyer.page, '/products');
    const orderId = await buyWithTestCard(buyer.page, product!, {
      name: 'Emma Rossi',
      line1: '1 Market Street',
      city: 'San Francisco',
      state: 'CA',
      zip: '94105',
    });

    // The order's own notification is there; from here on the buyer's pages are never reloaded.
    await expect.poll(() => unreadFromApi(buyer.page), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    const start = await unreadFromApi(buyer.page);
    await buyer.page.goto('/products');
    await expectUnread(buyer.page, start);
    const phoneTab = await buyer.context.newPage();
    await phoneTab.setViewportSize(PHONE);
    await phoneTab.goto('/products');
    await expectUnread(phoneTab, start);

    // The seller heard of the order without reloading either.
    await expectUnread(seller.page, sellerUnreadBefore + 1);

    // 2. The seller accepts the item: both of the buyer's tabs count it.
    await approveItem(seller.page, orderId, product!.title);
    await expectUnread(buyer.page, start + 1);
    await expectUnread(phoneTab, start + 1);

    // 3. The seller buys the label: "on its way" arrives live, with the tracking number.
    const tracking = await buyLabel(seller.page, orderId, { done: false });
    await expectUnread(buyer.page, start + 2);
    await expectUnread(phoneTab, start + 2);

    // 4. The panel lists it first; opening it marks it read and leads to the order.
    await bell(buyer.page).first().click();
    const panel = buyer.page.getByRole('dialog', { name: 'Notifications' });
    await expect(panel).toBeVisibleSoon();
    const shipped = panel.getByRole('listitem').filter({ hasText: 'Your order is on its way' }).first();
    await expect(shipped).toBeVisibleSoon();
    await expect(shipped.getByText(tracking, { exact: false })).toBeVisibleSoon();
    await expect(panel.getByRole('listitem').filter({ hasText: 'The seller accepted your item' }).first()).toBeVisibleSoon();
    await shipped.click();
    await waitForPath(buyer.page, `/myorders/${orderId}`);
    await expectUnread(buyer.page, start + 1);
    // …and the other tab follows.
    await expectUnread(phoneTab, start + 1);

    // 5. "Mark all as read" on the phone clears both.
    await bell(phoneTab).first().click();
    const phonePanel = phoneTab.getByRole('dialog', { name: 'Notifications' });
    await expect(phonePanel).toBeVisibleSoon();
    await phonePanel.getByRole('button', { name: 'Mark all as read' }).click();
    await expectUnread(phoneTab, 0);
    await expectUnread(buyer.page, 0);

    await buyer.context.close();
    await seller.context.close();
  });
});
