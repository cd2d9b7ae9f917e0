import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { renderEmail } from './render-email';
import { isPermanentFailure } from './smtp-transport';

describe('renderEmail', () => {
  it('escapes every string it is given, and keeps only http(s) links', () => {
    const { html, text } = renderEmail({
      brandName: 'Shop <b>',
      preheader: '<i>pre</i>',
      heading: '<script>alert(1)</script>',
      paragraphs: ['"quoted" & \'single\''],
      sections: [{ title: '<h2>', rows: [{ label: '<td>', value: '$1.00' }], lines: ['<br>'] }],
      button: { label: '<b>Go</b>', url: 'https://shop.test/a?x=1&y="2"' },
      footer: '<footer>',
      unsubscribeUrl: 'javascript:alert(1)',
    });
    expect(html).not.toMatch(/<script>|<i>|<b>|<h2>&|<td>&|<footer>/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&quot;quoted&quot; &amp; &#39;single&#39;');
    expect(html).toContain('href="https://shop.test/a?x=1&amp;y=%222%22"');
    expect(html).not.toContain('javascript:');
    expect(text).toContain('<script>alert(1)</script>');
  });
});

describe('SMTP settings', () => {
  const base = { NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/marketplace-mail-config' };
  it('reads SMTP_URL and MAIL_FROM, with a default sender and no SMTP by default', () => {
    expect(loadConfig(base).mail).toEqual({ smtpUrl: undefined, from: 'Marketplace <no-reply@localhost>' });
    expect(loadConfig({ ...base, SMTP_URL: 'smtps://user:pass@mail.example.com:465', MAIL_FROM: 'Shop <shop@example.com>' }).mail).toEqual({
      smtpUrl: 'smtps://user:pass@mail.example.com:465',
      from: 'Shop <shop@example.com>',
    });
  });

  it('refuses a bad SMTP_URL or MAIL_FROM with a clear line, never showing credentials', () => {
    const problemsOf = (environment: Record<string, string>) => {
      try {
        loadConfig({ ...base, ...environment });
      } catch (error) {
        if (error instanceof ConfigError) return error.problems;
      }
      return [];
    };
    const [smtp] = problemsOf({ SMTP_URL: 'http://user:secret@mail.example.com' });
    expect(smtp).toMatch(/^SMTP_URL: SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/);
    expect(smtp).not.toContain('secret');
    expect(problemsOf({ MAIL_FROM: 'not an address' })[0]).toMatch(/^MAIL_FROM: MAIL_FROM must be an address/);
  });
});

describe('isPermanentFailure', () => {
  it('gives up on an SMTP 5xx, retries a 4xx, a lost connection or a failed login', () => {
    expect(isPermanentFailure({ responseCode: 550, code: 'EENVELOPE' })).toBe(true);
    expect(isPermanentFailure({ responseCode: 451, code: 'EENVELOPE' })).toBe(false);
    expect(isPermanentFailure({ code: 'ECONNECTION' })).toBe(false);
    expect(isPermanentFailure({ responseCode: 535, code: 'EAUTH' })).toBe(false);
  });
});
