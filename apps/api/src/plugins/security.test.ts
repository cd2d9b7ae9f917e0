import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper';

/** The directives of a Content-Security-Policy header, by name. */
function directivesOf(header: unknown): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of String(header).split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name, sources);
  }
  return directives;
}

describe('security headers', () => {
  let testApp: TestApp | undefined;
  afterEach(async () => {
    await testApp?.close();
    testApp = undefined;
  });

  it('keeps Stripe out of the Content-Security-Policy when Stripe is not configured', async () => {
    testApp = await buildTestApp();
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    const header = String(response.headers['content-security-policy']);
    expect(header).not.toContain('stripe.com');
    const csp = directivesOf(header);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'", 'ws:', 'wss:']);
    expect(csp.has('frame-src')).toBe(false);
  });

  it('allows Stripe.js, its API and its frames when Stripe is configured', async () => {
    testApp = await buildTestApp({ environment: { STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_PUBLISHABLE_KEY: 'pk_test_123' } });
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    const csp = directivesOf(response.headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual(["'self'", 'https://js.stripe.com']);
    expect(csp.get('connect-src')).toEqual(["'self'", 'ws:', 'wss:', 'https://api.stripe.com']);
    expect(csp.get('frame-src')).toEqual(["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com']);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  });
});
