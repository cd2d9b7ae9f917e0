import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, logIn, newPage, PHONE, waitForPath } from './support/browser';

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
});
