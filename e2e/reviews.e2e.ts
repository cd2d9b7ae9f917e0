import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGet, buyWithTestCard, launchBrowser, logIn, newPage, waitForPath } from './support/browser';
import { approveShipAndDeliver, sellerWithListings } from './support/seller-orders';

// Reviews across two people: a buyer receives a parcel and reviews it with 4 stars, the seller replies on
// their Reviews page, and the rating shows on the product's card in the catalogue and on its page, with
// the reply under the review, and on the seller's shop page.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('reviews', () => {
  it('delivered → the buyer reviews it (4 stars) → the seller replies → the rating shows on the card, the page and the shop', async () => {
    // A live listing of the seller's nobody has reviewed yet, so its rating is this review's alone.
    const seller = await sellerWithListings(browser);
    const sellerId = await seller.page.evaluate(() => localStorage.getItem('userId'));
    const product = seller.listings.find(
      (candidate) => candidate.status === 'active' && candidate.quantity >= 3 && candidate.retip === null && candidate.reviewCount === 0,
    );
    expect(product).toBeDefined();

    // 1. The buyer buys it.
    const buyer = await newPage(browser);
    await logIn(buyer.page, 'buyer4@example.com');
    await waitForPath(buyer.page, '/products');
    const orderId = await buyWithTestCard(buyer.page, product!, {
      name: 'Liam O’Brien',
      line1: '233 South Wacker Drive',
      city: 'Chicago',
      state: 'IL',
      zip: '60606',
    });
    await expect(buyer.page.getByRole('heading', { level: 1, name: 'Thank you, your order is placed' })).toBeVisibleSoon(15_000);

    // 2. The seller approves it, buys the label, and UPS (the sandbox's simulation) delivers it.
    await approveShipAndDeliver(seller.page, orderId, product!.title, { rate: 'service', statuses: ['delivered'] });

    // 3. On their order, the buyer writes a review: 4 stars, a title and a few words.
    await buyer.page.goto(`/myorders/${orderId}`);
    await buyer.page.getByRole('button', { name: `Write a review of ${product!.title}` }).click();
    const form = buyer.page.getByRole('dialog', { name: 'Write a review' });
    await expect(form).toBeVisibleSoon(15_000);
    // The fourth star (a radio named "4 stars" under it).
    await form.locator('label', { has: buyer.page.getByRole('radio', { name: '4 stars' }) }).click();
    expect(await form.getByRole('radio', { name: '4 stars' }).isChecked()).toBe(true);
    await form.getByLabel('Title').fill('Well made, quick to arrive');
    await form.getByLabel('Your review').fill('Sturdy and exactly as pictured. One star off for the plain packaging.');
    await form.getByRole('button', { name: 'Publish review' }).click();
    const yours = buyer.page.getByRole('region', { name: `Your review of ${product!.title}` });
    await expect(yours).toBeVisibleSoon(15_000);
    await expect(yours.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisibleSoon();

    // 4. The seller answers it from their Reviews page.
    await seller.page.goto('/seller/reviews?replied=false');
    await expect(seller.page.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisibleSoon(15_000);
    await seller.page.getByRole('button', { name: 'Reply to “Well made, quick to arrive”' }).click();
    await seller.page.getByLabel('Your public reply').fill('Thank you, Liam! Better boxes are on their way.');
    await seller.page.getByRole('button', { name: 'Publish reply' }).click();
    // Answered, it leaves the "To answer" list (at once or on the next read): it is under "Answered" with the reply.
    await expect.poll(() => seller.page.getByRole('button', { name: 'Reply to “Well made, quick to arrive”' }).count(), { timeout: 15_000 }).toBe(0);
    await seller.page.goto('/seller/reviews?replied=true');
    await expect(seller.page.getByText('Thank you, Liam! Better boxes are on their way.')).toBeVisibleSoon(15_000);

    // 5. Everyone sees the rating: on the product's card in the catalogue…
    const guest = await newPage(browser);
    await guest.page.goto(`/products?q=${encodeURIComponent(product!.title)}`);
    const productCard = guest.page
      .getByRole('article')
      .filter({ has: guest.page.getByRole('link', { name: product!.title, exact: true }) })
      .first();
    await expect(productCard.getByRole('img', { name: 'Rated 4 out of 5, 1 review' })).toBeVisibleSoon(15_000);

    // …and on its page, with the review, "Liam O.", Verified purchase and the seller's reply.
    await guest.page.goto(`/products/${product!.id}`);
    await expect(guest.page.getByRole('heading', { level: 1, name: product!.title })).toBeVisibleSoon(15_000);
    await expect(guest.page.getByRole('img', { name: 'Rated 4 out of 5, 1 review' }).first()).toBeVisibleSoon(15_000);
    const reviews = guest.page.getByRole('region', { name: 'Reviews' });
    await expect(reviews.getByRole('heading', { name: 'Well made, quick to arrive' })).toBeVisibleSoon(15_000);
    await expect(reviews.getByText('Liam O.')).toBeVisibleSoon();
    await expect(reviews.getByText('Verified purchase')).toBeVisibleSoon();
    await expect(reviews.getByText('Thank you, Liam! Better boxes are on their way.')).toBeVisibleSoon();

    // …and on the seller's shop page (from "Sold by"): the card carries it, and the shop's own rating counts it.
    const shopBefore = await apiGet<{ seller: { rating: { count: number } } }>(guest.page, `/api/shops/${sellerId}`);
    expect(shopBefore.seller.rating.count).toBeGreaterThanOrEqual(1);
    await guest.page.goto(`/shop/${sellerId}?q=${encodeURIComponent(product!.title)}`);
    await expect(guest.page.getByRole('heading', { level: 1, name: 'Northwind Outfitters' })).toBeVisibleSoon(15_000);
    await expect(
      guest.page.getByRole('img', { name: new RegExp(`^Rated [0-9.]+ out of 5, ${shopBefore.seller.rating.count} reviews?$`) }).first(),
    ).toBeVisibleSoon(15_000);
    const shopCard = guest.page
      .getByRole('article')
      .filter({ has: guest.page.getByRole('link', { name: product!.title, exact: true }) })
      .first();
    await expect(shopCard.getByRole('img', { name: 'Rated 4 out of 5, 1 review' })).toBeVisibleSoon(15_000);

    await Promise.all([seller.context.close(), buyer.context.close(), guest.context.close()]);
  });
});
