import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarDateIn } from '@marketplace/domain/pickup-schedule';
import { launchBrowser, logIn, newPage, waitForInteractive, waitForPath } from './support/browser';
import { addListingPhoto, api, ok } from './support/page-api';

// The journey of a shop's vacation (docs/product/shops.md): a seller with a live listing starts one in
// Seller → Settings → Vacation; a guest sees the notice on the product page (Add to cart disabled) and on the
// shop page; a buyer who had put the listing in the cart before sees the line's notice in the cart, the
// checkout refuse it and a new add refused; the seller ends the vacation early and the buyer buys it.
// The seller and the buyer are new accounts, so no other journey's shop or cart is touched.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const suffix = Date.now().toString(36).slice(-5);
const title = `Cedar Birdhouse ${suffix}`;
const shopName = `Wren Woodworks ${suffix}`;
const sellerEmail = `vacation-seller-${suffix}@example.com`;
const buyerEmail = `vacation-buyer-${suffix}@example.com`;
const password = 'marketplace-demo-2';
const message = 'Off to the craft fair, back soon!';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A few days after the marketplace's today (US Eastern, as the server counts it). */
const until = calendarDateIn(new Date(Date.now() + 4 * DAY_MS));
/** "Dec 20, 2026", written here on its own rather than with the app's helper. */
const untilLabel = new Date(`${until}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const away = `This shop is away until ${untilLabel}`;

/** A new seller with a verified address, a ship-from address and one live listing (with its photo); answers their ids. */
async function sellerWithLiveListing(page: Page): Promise<{ sellerId: string; productId: string }> {
  await page.goto('/login');
  ok(
    await api(page, 'POST', '/api/auth/signup', { email: sellerEmail, password, firstName: 'Rowan', lastName: 'Wren', role: 'seller', companyName: shopName }),
    'seller signup',
  );
  await logIn(page, sellerEmail, password);
  await waitForPath(page, '/seller/product-list');

  // A listing goes live only once the seller's address is verified: the link of the sign-up mail, read from
  // the admin's outbox (the demo's only delivery).
  const admin = await newPage(browser);
  await logIn(admin.page, 'admin@example.com');
  await waitForPath(admin.page, '/products');
  const outbox = ok(await api<{ messages: { id: string; to: string; template: string }[] }>(admin.page, 'GET', '/api/admin/outbox?limit=100'), 'outbox');
  const mail = outbox.messages.find((candidate) => candidate.to === sellerEmail && candidate.template === 'email-verify');
  expect(mail, 'the sign-up mail').toBeDefined();
  const { text } = ok(await api<{ text: string }>(admin.page, 'GET', `/api/admin/outbox/${mail!.id}`), 'the sign-up mail');
  await admin.context.close();
  const verifyPath = /\/verify-email\/[A-Za-z0-9_-]+/.exec(text)?.[0];
  expect(verifyPath, 'a verification link').toBeDefined();
  await page.goto(verifyPath!);
  await expect(page.getByRole('heading', { level: 1, name: 'E-mail address verified' })).toBeVisibleSoon(15_000);

  const { user } = ok(await api<{ user: { id: string } }>(page, 'GET', '/api/auth/me'), 'me');
  const product = ok(
    await api<{ id: string }>(page, 'POST', '/api/products', {
      title,
      description: 'A cedar birdhouse with a copper roof, made by hand in the workshop.',
      category: 'home-kitchen',
      price: 32,
      quantity: 3,
      condition: 'new',
      weightOunces: 30,
    }),
    'create listing',
  );
  await addListingPhoto(page, product.id, '#8b5a2b', 'birdhouse.png');
  ok(
    await api(page, 'POST', '/api/users/me/addresses', {
      name: shopName,
      line1: '20 Orchard Lane',
      city: 'Burlington',
      state: 'VT',
      postal_code: '05401',
      phone: '802-555-0148',
      isDefault: true,
    }),
    'ship-from address',
  );
  return { sellerId: user.id, productId: product.id };
}

/** The header's cart button ("Cart, 1 item") and the count it reads. */
function cartButton(page: Page) {
  return page.getByRole('button', { name: /^Cart, \d+ items?/ });
}
async function cartCount(page: Page): Promise<number> {
  return Number(/^Cart, (\d+)/.exec((await cartButton(page).getAttribute('aria-label')) ?? '')?.[1] ?? Number.NaN);
}

/** The checkout form, filled for the buyer with the sandbox's test card (stops before Place order). */
async function fillCheckoutForm(page: Page): Promise<void> {
  await page.getByLabel('Full name').fill('Juniper Buyer');
  await page.getByLabel('Address line 1').fill('8 Maple Street');
  await page.getByLabel('City').fill('Portland');
  await page.getByLabel('State').fill('ME');
  await page.getByLabel('ZIP code').fill('04101');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
}

describe('a shop on vacation', () => {
  it('a seller goes away: guests see it, a cart line added before is refused at checkout, and once the seller is back the buyer buys it', async () => {
    const seller = await newPage(browser);
    const { sellerId, productId } = await sellerWithLiveListing(seller.page);

    // 1. Before the vacation, a buyer puts the listing in the cart from its page.
    const buyer = await newPage(browser);
    await buyer.page.goto('/login');
    ok(
      await api(buyer.page, 'POST', '/api/auth/signup', { email: buyerEmail, password, firstName: 'Juniper', lastName: 'Buyer', role: 'buyer' }),
      'buyer signup',
    );
    await logIn(buyer.page, buyerEmail, password);
    await waitForPath(buyer.page, '/products');
    await buyer.page.goto(`/products/${productId}`);
    await expect(buyer.page.getByRole('heading', { level: 1, name: title })).toBeVisibleSoon(15_000);
    await waitForInteractive(buyer.page);
    await expect(cartButton(buyer.page)).toBeVisibleSoon(15_000);
    const before = await cartCount(buyer.page);
    await buyer.page.getByRole('button', { name: 'Add to cart' }).click();
    await expect.poll(() => cartCount(buyer.page), { timeout: 15_000 }).toBe(before + 1);

    // 2. The seller starts a vacation in Seller → Settings → Vacation: a day a few days ahead and a message.
    await seller.page.goto('/seller/product-list');
    await seller.page.getByRole('link', { name: 'Settings', exact: true }).first().click();
    await waitForPath(seller.page, '/seller/settings');
    const vacation = seller.page.getByRole('region', { name: 'Vacation' });
    await expect(vacation.getByLabel('Open again on')).toBeVisibleSoon(15_000);
    await vacation.getByLabel('Open again on').fill(until);
    await vacation.getByLabel('Message for buyers (optional)').fill(message);
    await vacation.getByRole('button', { name: 'Start vacation' }).click();
    await expect(vacation.getByText(`Your shop is away until ${untilLabel}`)).toBeVisibleSoon();
    await expect(vacation.getByText(message)).toBeVisibleSoon();
    const endVacation = vacation.getByRole('button', { name: 'End vacation now' });
    await expect(endVacation).toBeVisibleSoon();

    // 3. A guest sees the notice on the product page, where Add to cart is disabled (once the app has taken
    // the page over: before, the button waits for it anyway), and on the shop page under its name.
    const guest = await newPage(browser);
    await guest.page.goto(`/products/${productId}`);
    await expect(guest.page.getByRole('heading', { level: 1, name: title })).toBeVisibleSoon(15_000);
    const productNotice = guest.page.getByRole('main').getByRole('note').filter({ hasText: away });
    await expect(productNotice).toBeVisibleSoon();
    expect(await productNotice.innerText()).toContain(message);
    await waitForInteractive(guest.page);
    await expect.poll(() => guest.page.getByRole('button', { name: 'Add to cart' }).isDisabled(), { timeout: 10_000 }).toBe(true);
    await guest.page.getByRole('main').getByRole('link', { name: shopName, exact: true }).click();
    await waitForPath(guest.page, `/shop/${sellerId}`);
    await expect(guest.page.getByRole('heading', { level: 1, name: shopName })).toBeVisibleSoon(15_000);
    await expect(guest.page.getByRole('main').getByRole('note').filter({ hasText: away })).toBeVisibleSoon();

    // 4. The buyer's cart keeps the line and says the shop is away; it cannot be raised there.
    await buyer.page.goto(`/products/${productId}`);
    await expect(buyer.page.getByRole('main').getByRole('note').filter({ hasText: away })).toBeVisibleSoon(15_000);
    await waitForInteractive(buyer.page);
    await cartButton(buyer.page).click();
    const drawer = buyer.page.getByRole('dialog', { name: 'Your cart' });
    const line = drawer.getByRole('listitem').filter({ has: buyer.page.getByRole('link', { name: title, exact: true }) });
    await expect(line.getByRole('note').filter({ hasText: away })).toBeVisibleSoon();
    expect(await line.getByRole('button', { name: `Increase quantity of ${title}` }).isDisabled()).toBe(true);
    await buyer.page.keyboard.press('Escape');

    // …adding it again is refused with the vacation's sentence: from the wishlist (saving still works) and by the API.
    await buyer.page.getByRole('button', { name: 'Add to wishlist' }).click();
    await expect(buyer.page.getByRole('button', { name: 'Saved' })).toBeVisibleSoon();
    await buyer.page.getByRole('button', { name: /^Wishlist, \d+ items?/ }).click();
    const wishlist = buyer.page.getByRole('dialog', { name: /wishlist/i });
    await wishlist.getByRole('button', { name: `Add to cart ${title}` }).click();
    await expect(buyer.page.getByRole('region', { name: /^Notifications/ }).getByText(away)).toBeVisibleSoon();
    await buyer.page.keyboard.press('Escape');
    const refused = await api<{ code: string; error: string; until: string }>(buyer.page, 'POST', '/api/cart/items', { product_id: productId, quantity: 1 });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'shop_on_vacation', error: away, until });
    const cart = ok(await api<{ items: { product_id: string; quantity: number }[] }>(buyer.page, 'GET', '/api/cart'), 'cart');
    expect(cart.items.find((item) => item.product_id === productId)?.quantity).toBe(1);

    // 5. The checkout says why and will not place the order.
    await buyer.page.goto('/products/checkout');
    await expect(buyer.page.getByText(`"${title}" cannot be bought now: ${away}`)).toBeVisibleSoon(15_000);
    await fillCheckoutForm(buyer.page);
    expect(await buyer.page.getByRole('button', { name: 'Place order' }).isDisabled()).toBe(true);

    // 6. The seller ends the vacation early; the section offers a new one.
    await endVacation.click();
    await expect(vacation.getByRole('button', { name: 'Start vacation' })).toBeVisibleSoon();
    await expect.poll(() => vacation.getByText(`Your shop is away until ${untilLabel}`).count(), { timeout: 10_000 }).toBe(0);
    await seller.context.close();

    // The guest's product page sells again.
    await guest.page.goto(`/products/${productId}`);
    await expect(guest.page.getByRole('heading', { level: 1, name: title })).toBeVisibleSoon(15_000);
    await waitForInteractive(guest.page);
    await expect.poll(() => guest.page.getByRole('button', { name: 'Add to cart' }).isEnabled(), { timeout: 10_000 }).toBe(true);
    expect(await guest.page.getByRole('main').getByRole('note').filter({ hasText: away }).count()).toBe(0);
    await guest.context.close();

    // 7. The buyer's checkout has nothing to say any more (its form shows with the summary it read), and the order is placed.
    await buyer.page.goto('/products/checkout');
    await expect(buyer.page.getByLabel('Full name')).toBeVisibleSoon(15_000);
    expect(await buyer.page.getByText(`"${title}" cannot be bought now`).count()).toBe(0);
    await fillCheckoutForm(buyer.page);
    await buyer.page.getByRole('button', { name: 'Place order' }).click();
    await waitForPath(buyer.page, /^\/myorders\/[0-9a-f-]{36}\/receipt$/);
    await expect(buyer.page.getByRole('heading', { level: 1, name: 'Thank you, your order is placed' })).toBeVisibleSoon();
    await expect(buyer.page.getByText(title).first()).toBeVisibleSoon();
    await buyer.context.close();
  });
});
