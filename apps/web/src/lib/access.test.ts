import { describe, expect, it } from 'vitest';
import { areaOfPath, canRoleEnter, pathAfterLogin } from './access';

describe('canRoleEnter', () => {
  it('keeps the seller area for sellers, the admin area for admins and buyer pages for non-sellers', () => {
    expect(canRoleEnter('seller', 'seller')).toBe(true);
    expect(canRoleEnter('buyer', 'seller')).toBe(false);
    expect(canRoleEnter('admin', 'seller')).toBe(false);
    expect(canRoleEnter('admin', 'admin')).toBe(true);
    expect(canRoleEnter('seller', 'admin')).toBe(false);
    expect(canRoleEnter('buyer', 'buyer')).toBe(true);
    expect(canRoleEnter('admin', 'buyer')).toBe(true);
    expect(canRoleEnter('seller', 'buyer')).toBe(false);
  });
});

describe('areaOfPath', () => {
  it.each([
    ['/seller/shipments', 'seller'],
    ['/admin/payouts?page=2', 'admin'],
    ['/products/checkout', 'buyer'],
    ['/orderDisputes', 'buyer'],
    ['/user/chats', 'buyer'],
    ['/products/checkout?step=2', 'buyer'],
    // The catalogue is public (docs/product/routes.md, "The catalogue is public").
    ['/products/abc', null],
    ['/products', null],
    ['/products?category=home-kitchen', null],
    ['/', null],
    ['/sellers-guide', null],
  ])('%s belongs to %s', (path, area) => {
    expect(areaOfPath(path)).toBe(area);
  });
});

describe('pathAfterLogin', () => {
  it('returns to the remembered page when the role may open it', () => {
    expect(pathAfterLogin('buyer', '/myorders?page=2')).toBe('/myorders?page=2');
    expect(pathAfterLogin('seller', '/seller/shipments')).toBe('/seller/shipments');
  });

  it('goes home when the remembered page belongs to another role', () => {
    expect(pathAfterLogin('buyer', '/seller/shipments')).toBe('/products');
    expect(pathAfterLogin('seller', '/myorders')).toBe('/seller/product-list');
  });

  it('ignores anything that is not a same-site path, and the auth pages', () => {
    expect(pathAfterLogin('buyer', undefined)).toBe('/products');
    expect(pathAfterLogin('buyer', 'https://evil.example')).toBe('/products');
    expect(pathAfterLogin('buyer', '//evil.example/x')).toBe('/products');
    expect(pathAfterLogin('buyer', '/login')).toBe('/products');
  });

  it.each([
    'https://evil.com',
    '//evil.com',
    '//evil.com/products/abc',
    'http:evil.com',
    'javascript:alert(1)',
    '/\\evil.com',
    '/\t/evil.com',
    '/\n/evil.com',
    '\\/evil.com',
    ' //evil.com',
    '//[not-a-host',
    'products/abc',
    '',
  ])('refuses %j (never an open redirect)', (path) => {
    expect(pathAfterLogin('buyer', path)).toBe('/products');
    expect(pathAfterLogin('seller', path)).toBe('/seller/product-list');
  });

  it('returns a guest to the catalogue page they were on, whatever their role', () => {
    expect(pathAfterLogin('buyer', '/products/abc?ref=home#reviews')).toBe('/products/abc?ref=home#reviews');
    expect(pathAfterLogin('seller', '/products/abc')).toBe('/products/abc');
    expect(pathAfterLogin('admin', '/products?category=home-kitchen')).toBe('/products?category=home-kitchen');
  });
});
