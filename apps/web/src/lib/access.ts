import { homePathFor, isAdminRole, isSellerRole } from './session';

/**
 * Who may open which part of the app (docs/product/routes.md, roles.md). The server enforces the same on every call;
 * the browser uses this only to show the right page.
 *
 * - seller: the seller area, role seller only
 * - admin: the admin area, role admin only
 * - buyer: buyer pages, any role that is not seller ("buyer = any non-seller role")
 * The catalogue (/products, /products/:productId) belongs to no area: anyone may browse it.
 */
export type Area = 'seller' | 'admin' | 'buyer';

export function canRoleEnter(role: string | null | undefined, area: Area): boolean {
  switch (area) {
    case 'seller':
      return isSellerRole(role);
    case 'admin':
      return isAdminRole(role);
    case 'buyer':
      return !isSellerRole(role);
  }
}

const BUYER_PATHS = ['/products/checkout', '/profile', '/myorders', '/user/chats', '/orderDisputes'];

function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}?`);
}

/** The area a path belongs to, or null for public pages. Mirrors the guards in the router. */
export function areaOfPath(path: string): Area | null {
  if (isUnder(path, '/seller')) return 'seller';
  if (isUnder(path, '/admin')) return 'admin';
  if (BUYER_PATHS.some((prefix) => isUnder(path, prefix))) return 'buyer';
  return null;
}

/**
 * A path on this site, as a browser reads it: one leading slash, not followed by another slash or a
 * backslash (`//host` and `/\\host` name another host), and no tab or newline anywhere (browsers drop
 * them, so `/\t/host` would become `//host`).
 */
const SAME_SITE_PATH = /^\/(?![/\\])[^\t\n\r]*$/;

/**
 * Where to go after logging in: back to the page the login guard (or a "log in to …" prompt)
 * remembered when this role may open it, otherwise the role's home (docs/product/roles.md). Only
 * same-site paths are accepted, so a crafted link cannot send a fresh login to another site. The login
 * and signup pages and the guest guard all ask this, so they always agree.
 */
export function pathAfterLogin(role: string, rememberedPath: unknown): string {
  const homePath = homePathFor(role);
  if (typeof rememberedPath !== 'string' || !SAME_SITE_PATH.test(rememberedPath)) return homePath;
  if (isUnder(rememberedPath, '/login') || isUnder(rememberedPath, '/signup')) return homePath;
  const area = areaOfPath(rememberedPath);
  if (area && !canRoleEnter(role, area)) return homePath;
  return rememberedPath;
}
