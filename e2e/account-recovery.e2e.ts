import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, logIn, newPage, waitForPath } from './support/browser';

// A buyer who forgot their password gets back in: "Forgot your password?" on the login page, the
// link from the e-mail (without SMTP the demo keeps every e-mail in the admins' Outbox, which is where
// this journey reads it), a new password, and a login with it; the old password no longer works and
// the link cannot be used twice.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const OLD_PASSWORD = 'my-first-password';
const NEW_PASSWORD = 'a-brand-new-password';

/** Signs a new buyer up through the API (the sign-up page has its own journey). */
async function signUpBuyer(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  const status = await page.evaluate(
    async ({ email, password }) => {
      const response = await fetch('/api/auth/signup', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, password, firstName: 'Robin', lastName: 'Forgetful', role: 'buyer' }),
      });
      return response.status;
    },
    { email, password: OLD_PASSWORD },
  );
  expect(status).toBe(201);
}

/** The admin opens the newest e-mail with `subject` to `to` in Admin → Settings → Outbox and reads its text. */
async function readFromOutbox(page: Page, subject: string, to: string): Promise<string> {
  await page.goto('/admin/settings');
  const outbox = page.getByRole('region', { name: 'Outbox' }).or(page.locator('section[aria-labelledby="outbox-title"]'));
  await expect(outbox.first()).toBeVisibleSoon(15_000);
  const open = page.getByRole('button', { name: `Open “${subject}” to ${to}` }).first();
  await expect(open).toBeVisibleSoon(15_000);
  await open.click();
  await page.getByRole('button', { name: 'Text', exact: true }).click();
  const text = page.locator('pre').filter({ hasText: '/reset-password/' });
  await expect(text).toBeVisibleSoon();
  return text.innerText();
}

describe('account recovery', () => {
  it('forgot password → the link from the outbox → a new password → log in', async () => {
    const email = `robin-${Date.now()}@example.com`;
    const guest = await newPage(browser);
    await signUpBuyer(guest.page, email);

    // 1. The login page leads to the request form; the answer never says whether the address has an account.
    await guest.page.goto('/login');
    await guest.page.getByRole('link', { name: /forgot/i }).click();
    await waitForPath(guest.page, '/forgot-password');
    // The address changes before the new page is drawn (its code loads in a transition, the login page stays on
    // screen meanwhile): filling "Email" before the form's heading shows filled the login page's field.
    await expect(guest.page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisibleSoon();
    await guest.page.getByLabel('Email').fill(email);
    await guest.page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(guest.page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisibleSoon();

    // 2. The e-mail, as the admin sees it in the outbox; its link is the only way to the reset form.
    const admin = await newPage(browser);
    await logIn(admin.page, 'admin@example.com');
    await waitForPath(admin.page, '/products');
    const body = await readFromOutbox(admin.page, 'Reset your Marketplace password', email);
    const link = /https?:\/\/\S+?(\/reset-password\/[A-Za-z0-9._~-]+)/.exec(body);
    expect(link, body).not.toBeNull();
    const resetPath = link![1]!;
    await admin.context.close();

    // 3. A new password: the form checks the confirmation, then sends the buyer to log in.
    await guest.page.goto(resetPath);
    await expect(guest.page.getByRole('heading', { name: 'Choose a new password' })).toBeVisibleSoon();
    await guest.page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    // The strength meter's verdict: the password rules (zxcvbn and its dictionaries, about a megabyte the page
    // loads and sets up on the browser's one thread) are ready. Clicked before that, on a busy machine the click's
    // answer waited behind the set-up for longer than the check below waits (a CI run saw no message in 10 s).
    await expect(guest.page.getByRole('meter', { name: 'Password strength' })).toBeVisibleSoon(15_000);
    await guest.page.getByLabel('Confirm new password').fill('not-the-same-password');
    await guest.page.getByRole('button', { name: 'Set new password' }).click();
    await expect(guest.page.getByText('The two passwords differ').first()).toBeVisibleSoon();
    await guest.page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await guest.page.getByRole('button', { name: 'Set new password' }).click();
    await waitForPath(guest.page, '/login');
    await expect(guest.page.getByText('Your password was changed and every device was signed out.', { exact: false })).toBeVisibleSoon();

    // 4. The old password is refused, the new one lets the buyer in.
    await logIn(guest.page, email, OLD_PASSWORD);
    await expect(
      guest.page
        .getByRole('alert')
        .filter({ hasText: /invalid|incorrect|wrong/i })
        .first(),
    ).toBeVisibleSoon();
    expect(new URL(guest.page.url()).pathname).toBe('/login');
    await logIn(guest.page, email, NEW_PASSWORD);
    await waitForPath(guest.page, '/products');

    // 5. The link worked once: opening it again explains it cannot be used and offers a new one.
    const again = await newPage(browser);
    await again.page.goto(resetPath);
    await again.page.getByLabel('New password', { exact: true }).fill('yet-another-password');
    await again.page.getByLabel('Confirm new password').fill('yet-another-password');
    await again.page.getByRole('button', { name: 'Set new password' }).click();
    await expect(again.page.getByRole('heading', { name: 'This link cannot be used' })).toBeVisibleSoon();
    await expect(again.page.getByRole('link', { name: 'Send me a new link' })).toBeVisibleSoon();

    await again.context.close();
    await guest.context.close();
  });
});
