import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeToken, launchBrowser, logIn, newPage, PHONE, waitForPath } from './support/browser';

let browser: Browser;

/** Clicks the role option as a person does (the radio itself is visually hidden inside its label). */
async function chooseRole(page: Page, name: 'Buyer' | 'Seller') {
  await page.locator('label', { has: page.getByRole('radio', { name }) }).click();
  expect(await page.getByRole('radio', { name }).isChecked()).toBe(true);
}
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('accounts', () => {
  it('a new buyer signs up and lands on /products', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/signup');
    await chooseRole(page, 'Buyer');
    await page.getByLabel('First name').fill('Bea');
    await page.getByLabel('Last name').fill('Buyer');
    await page.getByLabel('Email').fill(`bea-${Date.now()}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('a-long-enough-password');
    await page.getByRole('button', { name: 'Create account' }).click();
    expect(await waitForPath(page, '/products')).toBe('/products');
    const stored = await page.evaluate(() => ({
      token: localStorage.getItem('token'),
      role: localStorage.getItem('role'),
      userId: localStorage.getItem('userId'),
      userName: localStorage.getItem('userName'),
      jwtToken: sessionStorage.getItem('jwtToken'),
    }));
    expect(stored.role).toBe('buyer');
    expect(stored.token).toMatch(/^ey/);
    expect(stored.jwtToken).toBe(stored.token);
    expect(stored.userId).toMatch(/[0-9a-f-]{36}/);
    expect(stored.userName).toContain('Bea');
    await context.close();
  });

  it('signup shows field errors and refuses a short password', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/signup');
    await chooseRole(page, 'Seller');
    await page.getByLabel('First name').fill('Sam');
    await page.getByLabel('Last name').fill('Seller');
    await page.getByLabel('Email').fill(`sam-${Date.now()}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisibleSoon();
    await expect(page.getByText('Company name is required for sellers')).toBeVisibleSoon();
    expect(new URL(page.url()).pathname).toBe('/signup');
    await context.close();
  });

  it('the demo seller logs in and lands on /seller/product-list', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, 'seller@example.com');
    expect(await waitForPath(page, '/seller/product-list')).toBe('/seller/product-list');
    expect(await page.evaluate(() => localStorage.getItem('role'))).toBe('seller');
    await context.close();
  });

  it('a wrong password shows the server message and stays on /login', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, 'buyer@example.com', 'not-the-password');
    await expect(page.getByText('Invalid email or password')).toBeVisibleSoon();
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  it('log out clears the session and goes to /login', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, 'buyer@example.com');
    await waitForPath(page, '/products');
    await page.getByRole('button', { name: /account menu/i }).click();
    await page
      .getByRole('menuitem', { name: 'Log out' })
      .or(page.getByRole('button', { name: 'Log out' }))
      .first()
      .click();
    await waitForPath(page, '/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await context.close();
  });
});

describe('guards', () => {
  it('the login guard sends a visitor to /login', async () => {
    const { context, page } = await newPage(browser);
    for (const path of ['/seller/shipments', '/admin/payouts', '/myorders']) {
      await page.goto(path);
      expect(await waitForPath(page, '/login')).toBe('/login');
    }
    await context.close();
  });

  it('the guest guard sends a signed-in user away from /login and /signup', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, 'seller@example.com');
    await waitForPath(page, '/seller/product-list');
    await page.goto('/login');
    expect(await waitForPath(page, '/seller/product-list')).toBe('/seller/product-list');
    await context.close();

    const buyer = await newPage(browser);
    await logIn(buyer.page, 'buyer@example.com');
    await waitForPath(buyer.page, '/products');
    await buyer.page.goto('/signup');
    expect(await waitForPath(buyer.page, '/products')).toBe('/products');
    await buyer.context.close();
  });

  /** Stores a buyer's session whose token expired a minute ago, as a browser left for a day would have it. */
  async function storeExpiredSession(page: Page) {
    await page.goto('/');
    await page.evaluate(
      (token) => {
        localStorage.setItem('token', token);
        localStorage.setItem('role', 'buyer');
        localStorage.setItem('userId', 'u-1');
        localStorage.setItem('userName', 'Old Session');
        sessionStorage.setItem('jwtToken', token);
      },
      fakeToken({ sub: 'u-1', role: 'buyer', exp: Math.floor(Date.now() / 1000) - 60 }),
    );
  }

  const sessionLeftovers = (page: Page) =>
    page.evaluate(() => [
      localStorage.getItem('token'),
      localStorage.getItem('role'),
      localStorage.getItem('userId'),
      localStorage.getItem('userName'),
      sessionStorage.getItem('jwtToken'),
    ]);

  it('an expired token clears the session and sends the user to /login', async () => {
    const { context, page } = await newPage(browser);
    await storeExpiredSession(page);
    await page.goto('/myorders');
    expect(await waitForPath(page, '/login')).toBe('/login');
    expect(await sessionLeftovers(page)).toEqual([null, null, null, null, null]);
    await context.close();
  });

  it('on the server-rendered catalogue too, even when the person moves on before the login page arrives', async () => {
    const { context, page } = await newPage(browser);
    await storeExpiredSession(page);
    // The login page's code arrives when the test lets it, as on a slow connection.
    let releaseLoginPage = () => {};
    const isLoginPageReleased = new Promise<void>((resolve) => {
      releaseLoginPage = resolve;
    });
    await page.route(/\/assets\/login-page-[\w-]+\.js$/, async (route) => {
      await isLoginPageReleased;
      // A page that loaded again meanwhile no longer waits for this answer.
      await route.continue().catch(() => undefined);
    });
    await page.goto('/products');
    await page.waitForFunction(() => localStorage.getItem('token') === null);
    // Meanwhile the person clicks the header's logo, which leads to /products (the app's navigation, or the
    // browser's own if the app has not taken the server's page over yet), and loads the page again.
    await page.getByRole('link', { name: 'Marketplace products' }).click();
    await page.reload({ waitUntil: 'commit' });
    releaseLoginPage();
    expect(await waitForPath(page, '/login')).toBe('/login');
    await expect(page.getByText('Your session has expired')).toBeVisibleSoon();
    expect(await sessionLeftovers(page)).toEqual([null, null, null, null, null]);

    // Told, the person may go back to the catalogue as a guest.
    await page.getByRole('banner').getByRole('link', { name: 'Products', exact: true }).click();
    expect(await waitForPath(page, '/products')).toBe('/products');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisibleSoon();
    await context.close();
  });

  it('a buyer on an admin page, or a seller on an admin page, sees 403', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, 'buyer@example.com');
    await waitForPath(page, '/products');
    await page.goto('/admin/payouts');
    await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisibleSoon();
    await page.goto('/seller/shipments');
    await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisibleSoon();
    await context.close();

    const seller = await newPage(browser, PHONE);
    await logIn(seller.page, 'seller@example.com');
    await waitForPath(seller.page, '/seller/product-list');
    await seller.page.goto('/admin/shipped-orders');
    await expect(seller.page.getByRole('heading', { name: 'Access denied' })).toBeVisibleSoon();
    await seller.context.close();
  });

  it('the admin reaches admin pages', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, 'admin@example.com');
    await waitForPath(page, '/products');
    await page.goto('/admin/shipped-orders');
    await expect(page.getByRole('heading', { level: 1, name: 'Shipped Orders' })).toBeVisibleSoon();
    await context.close();
  });

  it('an unknown path shows the 404 page, with the status 404', async () => {
    const { context, page } = await newPage(browser);
    const response = await page.goto('/this/page/does-not-exist');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisibleSoon();
    await context.close();
  });
});
