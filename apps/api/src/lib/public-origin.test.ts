import { describe, expect, it } from 'vitest';
import { isLoopbackHost, parseHttpOrigin, resolvePublicOrigin } from './public-origin';

const unset = { publicUrl: 'http://localhost:3000', isPublicUrlSet: false };
const set = { publicUrl: 'https://shop.example.com/', isPublicUrlSet: true };

describe('resolvePublicOrigin (links a phone can open)', () => {
  it('uses PUBLIC_URL when it is set, whatever the request says', () => {
    expect(resolvePublicOrigin(set, { origin: 'http://192.168.1.20:3000', host: 'evil.example', protocol: 'http' })).toBe('https://shop.example.com');
  });

  it('otherwise uses the address the browser is on: its Origin first, then the Host it sent', () => {
    expect(resolvePublicOrigin(unset, { origin: 'http://192.168.1.20:5173', host: 'localhost:3000', protocol: 'http' })).toBe('http://192.168.1.20:5173');
    expect(resolvePublicOrigin(unset, { host: '192.168.1.20:3000', protocol: 'http' })).toBe('http://192.168.1.20:3000');
    expect(resolvePublicOrigin(unset, { host: 'shop.example.com', protocol: 'https' })).toBe('https://shop.example.com');
  });

  it('falls back to the default PUBLIC_URL when neither header is a plain http(s) origin', () => {
    expect(resolvePublicOrigin(unset, {})).toBe('http://localhost:3000');
    for (const host of ['evil.example/phish', 'user:pw@evil.example', 'evil.example?x=1', 'a.example, b.example', 'evil.example#x', ' ', 'exa mple.com']) {
      expect(resolvePublicOrigin(unset, { host, protocol: 'http' }), host).toBe('http://localhost:3000');
    }
    for (const origin of ['null', 'javascript:alert(1)', 'file:///etc/passwd', 'ftp://example.com', 'http://example.com/path', 'http://u:p@example.com']) {
      expect(resolvePublicOrigin(unset, { origin }), origin).toBe('http://localhost:3000');
    }
  });

  it('skips a bad Origin and still uses a good Host', () => {
    expect(resolvePublicOrigin(unset, { origin: 'null', host: '10.0.0.7:3000', protocol: 'http' })).toBe('http://10.0.0.7:3000');
  });
});

describe('parseHttpOrigin', () => {
  it.each([
    ['http://192.168.1.20:3000', 'http://192.168.1.20:3000'],
    ['http://192.168.1.20:3000/', 'http://192.168.1.20:3000'],
    ['HTTPS://Shop.Example.com', 'https://shop.example.com'],
    ['http://[::1]:3000', 'http://[::1]:3000'],
    ['http://localhost:80', 'http://localhost'],
  ])('%s → %s', (value, origin) => {
    expect(parseHttpOrigin(value)).toBe(origin);
  });

  it.each([
    undefined,
    '',
    'null',
    'localhost:3000',
    'http://a.example/x',
    'http://a.example?',
    'http://@a.example',
    'ws://a.example',
    `http://${'a'.repeat(400)}.example`,
  ])('refuses %s', (value) => {
    expect(parseHttpOrigin(value)).toBeNull();
  });
});

describe('isLoopbackHost', () => {
  it('knows the addresses only this computer can open', () => {
    for (const host of ['localhost', 'LOCALHOST', 'app.localhost', '127.0.0.1', '127.1.2.3', '::1', '[::1]']) expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['192.168.1.20', '10.0.0.7', 'shop.example.com', 'localhost.example.com']) expect(isLoopbackHost(host), host).toBe(false);
  });
});
