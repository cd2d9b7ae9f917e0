import { existsSync, readFileSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';

export const LAPTOP = { width: 1366, height: 800 };
export const PHONE = { width: 390, height: 844 };
export const DEMO_PASSWORD = 'marketplace-demo';

/** This worker's own server (support/global-setup.ts boots one per worker). */
export function baseUrl(): string {
  const urls = inject('baseUrls');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  return urls[(worker - 1) % urls.length]!;
}

/** The last `lines` lines this worker's server printed (it logs warnings and errors only). */
export function serverLogTail(lines = 15): string {
  const files = inject('serverLogs');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  const file = files[(worker - 1) % files.length];
  if (!file || !existsSync(file)) return '';
  return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
}

/**
 * What a failed wait saw, for a log read after the run: the page's address, its main heading, the alerts it
 * shows (a form's error, a refusal from the API) and the end of the server's log.
 */
export async function describePage(page: Page): Promise<string> {
  const read = (locator: Locator) => locator.allInnerTexts().catch(() => [] as string[]);
  const [headings, alerts] = await Promise.all([read(page.locator('h1')), read(page.locator('[role="alert"], [role="status"]'))]);
  const log = serverLogTail();
  return [
    `the page is on ${page.url()}`,
    `headings: ${JSON.stringify(headings.map((text) => text.trim()).filter(Boolean))}`,
    `alerts: ${JSON.stringify(alerts.map((text) => text.trim()).filter(Boolean))}`,
    log ? `the server's log ends with:\n${log}` : 'the server logged nothing',
  ].join('\n');
}

/**
 * The browser the journeys drive: CHROMIUM_PATH, else Debian's headless shell when installed (no browser
 * window to draw: about half the time of the full browser's headless mode), else Debian's Chromium.
 */
export function chromiumPath(): string {
  const candidates = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];
  return process.env.CHROMIUM_PATH ?? candidates.find((candidate) => existsSync(candidate)) ?? candidates.at(-1)!;
}

/** Debian's Chromium, headless, with the flags this closed network needs (no background calls). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

export async function newPage(browser: Browser, viewport = LAPTOP): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, baseURL: baseUrl() });
  const page = await context.newPage();
  return { context, page };
}

/** The URL path of the page, once the client-side router has settled on `expected`. */
export async function waitForPath(page: Page, expected: string | RegExp): Promise<string> {
  try {
    await page.waitForURL((url) => (typeof expected === 'string' ? url.pathname === expected : expected.test(url.pathname)), { timeout: 15_000 });
  } catch (error) {
    // Say where the page is instead, and what it shows, so a failure in CI can be read from the log.
    throw new Error(`expected the path ${String(expected)}; ${await describePage(page)}`, { cause: error });
  }
  return new URL(page.url()).pathname;
}

export async function logIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

/** An unsigned token the browser can decode; the server would refuse it, which is the point. */
export function fakeToken(claims: { sub: string; role: string; exp: number }): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

/** GETs an API path with the page's stored session token, as the web app does, and answers the JSON. */
export async function apiGet<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => {
    const response = await fetch(url, { headers: { Authorization: `Bearer ${localStorage.getItem('token')}` } });
    return response.json();
  }, path) as Promise<T>;
}

export interface ShippingDetails {
  name: string;
  line1: string;
  city: string;
  state: string;
  zip: string;
}

/**
 * The signed-in buyer puts one of the product in the cart and fills the checkout form (address and
 * `card`, the sandbox's test card by default), stopping before Place order.
 */
export async function fillCheckout(page: Page, product: { id: string; title: string }, address: ShippingDetails, card = '4242 4242 4242 4242'): Promise<void> {
  await page.goto(`/products/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisibleSoon(15_000);
  // The server draws the page as a guest sees it; the buyer's own header, with their cart, shows once the
  // browser has taken the page over. "Add to cart" clicked before that submits the purchase form natively:
  // the page loads again and nothing is added (then checkout finds the cart empty).
  await waitForInteractive(page);
  const cart = page.getByRole('button', { name: /^Cart, \d+ items?/ });
  await expect(cart).toBeVisibleSoon(15_000);
  const cartCount = async () => Number(/^Cart, (\d+)/.exec((await cart.getAttribute('aria-label')) ?? '')?.[1] ?? Number.NaN);
  const before = await cartCount();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect.poll(cartCount, { timeout: 15_000 }).toBeGreaterThan(before);
  await page.goto('/products/checkout');
  await page.getByLabel('Full name').fill(address.name);
  await page.getByLabel('Address line 1').fill(address.line1);
  await page.getByLabel('City').fill(address.city);
  await page.getByLabel('State').fill(address.state);
  await page.getByLabel('ZIP code').fill(address.zip);
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
}

/**
 * The signed-in buyer buys one of the product with the test card: product page → cart → checkout →
 * the receipt. Answers the new order's id.
 */
export async function buyWithTestCard(page: Page, product: { id: string; title: string }, address: ShippingDetails): Promise<string> {
  await fillCheckout(page, product, address);
  await page.getByRole('button', { name: 'Place order' }).click();
  const receiptPath = await waitForPath(page, /^\/myorders\/[0-9a-f-]{36}\/receipt$/);
  return receiptPath.split('/')[2]!;
}

/**
 * Waits until the browser has taken the page over (the app marks <html> with data-interactive when it mounts).
 * Until then a server-rendered page is plain HTML: a form's button submits natively, the page loads again and
 * what the click meant is lost. Links work either way.
 */
export async function waitForInteractive(page: Page, timeout = 15_000): Promise<void> {
  try {
    await page.locator('html[data-interactive]').waitFor({ state: 'attached', timeout });
  } catch (error) {
    throw new Error(`the browser did not take the page over within ${timeout} ms; ${await describePage(page)}`, { cause: error });
  }
}
