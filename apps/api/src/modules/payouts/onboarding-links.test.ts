import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { createUser } from '../../../test/factories';
import { bearerFor } from '../../../test/factories-commerce';

// Stripe's onboarding return and refresh links pointed at localhost, which a seller on a phone
// cannot open. They follow the address the seller's browser is on, unless PUBLIC_URL is set.

async function sellerToken(testApp: TestApp): Promise<string> {
  return bearerFor(testApp, await createUser(testApp.database.db, { role: 'seller' }));
}

/** Creates the account from `headers`' address; answers the onboarding URL and the sandbox's view of its link. */
async function startOnboarding(testApp: TestApp, token: string, headers: Record<string, string>) {
  const inject = (method: 'GET' | 'POST', url: string, payload?: object) =>
    testApp.app.inject({ method, url, headers: { authorization: token, ...headers }, ...(payload ? { payload } : {}) });
  const created = await inject('POST', '/api/stripe-connect/create-express-account', { type: 'express', country: 'US' });
  expect(created.statusCode).toBe(200);
  const again = await inject('POST', '/api/stripe-connect/create-onboarding-link', { accountId: created.json().accountId });
  expect(again.statusCode).toBe(200);
  const linkOf = async (url: string) =>
    (await testApp.app.inject({ method: 'GET', url: `/api/sandbox/connect/links/${new URL(url).pathname.split('/').at(-1)}` })).json();
  return {
    onboardingUrl: created.json().onboardingUrl as string,
    linkUrl: again.json().url as string,
    created: await linkOf(created.json().onboardingUrl),
    link: await linkOf(again.json().url),
  };
}

describe('without PUBLIC_URL: the address the browser is on', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('sends the seller back to the network address they came from, and serves the sandbox there too', async () => {
    const result = await startOnboarding(testApp, await sellerToken(testApp), { host: '192.168.1.20:3000', origin: 'http://192.168.1.20:3000' });
    for (const link of [result.created, result.link]) {
      expect(link).toMatchObject({
        returnUrl: 'http://192.168.1.20:3000/seller/onboarding?onboarding=return',
        refreshUrl: 'http://192.168.1.20:3000/seller/onboarding?onboarding=refresh',
      });
    }
    // The embedded sandbox stands in for Stripe's own pages, on the same address.
    expect(result.onboardingUrl).toMatch(/^http:\/\/192\.168\.1\.20:3000\/sandbox\/connect\/[\w-]+$/);
    expect(result.linkUrl).toMatch(/^http:\/\/192\.168\.1\.20:3000\/sandbox\/connect\/[\w-]+$/);
  });

  it('takes the page’s Origin over the Host (Vite’s dev proxy rewrites the Host)', async () => {
    const result = await startOnboarding(testApp, await sellerToken(testApp), { host: 'localhost:3000', origin: 'http://10.0.0.7:5173' });
    expect(result.link.returnUrl).toBe('http://10.0.0.7:5173/seller/onboarding?onboarding=return');
  });

  it('falls back to the default address for a forged Host', async () => {
    const result = await startOnboarding(testApp, await sellerToken(testApp), { host: 'evil.example/phish' });
    expect(result.link.returnUrl).toBe(`${testApp.config.publicUrl}/seller/onboarding?onboarding=return`);
  });
});

describe('with PUBLIC_URL', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp({ environment: { PUBLIC_URL: 'https://shop.example.com' } });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('always uses PUBLIC_URL, whatever Host or Origin the request carries', async () => {
    const result = await startOnboarding(testApp, await sellerToken(testApp), { host: 'evil.example', origin: 'http://evil.example' });
    expect(result.link).toMatchObject({
      returnUrl: 'https://shop.example.com/seller/onboarding?onboarding=return',
      refreshUrl: 'https://shop.example.com/seller/onboarding?onboarding=refresh',
    });
    expect(result.linkUrl).toMatch(/^https:\/\/shop\.example\.com\/sandbox\/connect\//);
  });
});
