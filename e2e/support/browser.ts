import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const LAPTOP = { width: 1366, height: 800 };
export const PHONE = { width: 390, height: 844 };
export const DEMO_PASSWORD = 'marketplace-demo';

export function baseUrl(): string {
  return inject('baseUrl');
}

/** Debian's Chromium, headless, with the flags this closed network needs (no background calls). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
  await page.waitForURL((url) => (typeof expected === 'string' ? url.pathname === expected : expected.test(url.pathname)), { timeout: 15_000 });
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
