import type { Role } from '@marketplace/contracts/auth';
import { unlimited, type RateLimitRule } from '../security/rate-limits';

/**
 * Who may call a route, and how often one client may, declared where the route is registered
 * (decision 0034):
 *
 *   app.get('/orders', { config: { access: only('seller') }, schema: … }, handler)
 *   app.post('/login', { config: { access: PUBLIC, requestLimit: perAddress(30, 15 * MINUTE) }, schema: … }, handler)
 *
 * The declaration is the enforcement: the authentication plugin (./authentication.ts) gives every route
 * whose access is signed-in or roles its guard as the route is registered (preValidation, before the
 * request is validated: 401 without a valid token, 403 for another role), and the request limits
 * (./rate-limits.ts) read `requestLimit`; a route without one shares the global budget. The
 * authorization matrix (security/authorization-matrix.test.ts) calls every registered route as each
 * kind of caller against its declaration and fails on a route without one; the house rule on limits is
 * security/rate-limits.test.ts.
 *
 * Routes the project does not write (the CORS preflight, the API docs, the built web app's files)
 * cannot declare anything: FRAMEWORK_ROUTES below speaks for them.
 */
export type RouteAccess = PublicAccess | SignedInAccess | RolesAccess;

/** Anyone, no token needed. `status` pins the exact answer to a placeholder call (the matrix's) that cannot succeed, `why` says why. */
export interface PublicAccess {
  access: 'public';
  status?: number;
  why?: string;
}

/** Any signed-in user. */
export interface SignedInAccess {
  access: 'signed-in';
  selfParams?: readonly string[];
}

/**
 * Signed-in users with one of the roles; others get 403. With `checkedBy: 'handler'` the guard only
 * authenticates and the handler refuses the other roles itself (its own 403 and message, after the
 * request is validated), `why` saying so.
 */
export interface RolesAccess {
  access: 'roles';
  roles: readonly Role[];
  selfParams?: readonly string[];
  checkedBy?: 'handler';
  why?: string;
}
// `selfParams`: path params that must be the caller's own user id (e.g. /api/chat/:userId); the handler
// refuses another id (403 or 404). The matrix fills them with the caller's id, except for a second
// seller, who sends the first seller's id and must be refused.

/** What a route declares in its `config`. */
export interface RouteDeclaration {
  access: RouteAccess;
  /** A budget of its own, counted apart from the global one; without it the route shares the global budget. */
  requestLimit?: RateLimitRule;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (./route-access.ts). Every route the project registers declares it. */
    access?: RouteAccess;
    /**
     * The route's own request limit (security/rate-limits.ts). Not `rateLimit`: that key is
     * @fastify/rate-limit's own options, which ./rate-limits.ts writes from this one.
     */
    requestLimit?: RateLimitRule;
  }
}

export const PUBLIC: PublicAccess = { access: 'public' };
export const SIGNED_IN: SignedInAccess = { access: 'signed-in' };
/** Signed-in users with one of the roles. */
export const only = (...roles: Role[]): RolesAccess => ({ access: 'roles', roles });
/** The rule, with path params that must be the caller's own user id. */
export const own = <Rule extends SignedInAccess | RolesAccess>(rule: Rule, ...selfParams: string[]): Rule => ({ ...rule, selfParams });
/** Roles the handler checks itself (with its own answer): the guard only authenticates. */
export const rolesCheckedByHandler = (rule: RolesAccess, why: string): RolesAccess => ({ ...rule, checkedBy: 'handler', why });
/** Public, where a placeholder call is answered `status` (a link token, a signature or an id it cannot have), for `why`. */
export const publicAnswering = (status: number, why: string): PublicAccess => ({ access: 'public', status, why });

/** A route's key: `METHOD /path` as Fastify registers it (params as `:name`), HEAD as its GET, without a trailing slash. */
export function routeKey(method: string, url: string): string {
  const path = url.length > 1 && url.endsWith('/') ? url.slice(0, -1) : url;
  return `${method === 'HEAD' ? 'GET' : method} ${path}`;
}

/**
 * The framework's routes: registered by libraries, not by the project, so they cannot declare their
 * access and limit themselves. This is the only list of routes kept apart from the routes; it is not
 * for the project's own. CORS's preflight (@fastify/cors, ./security.ts) and the API docs
 * (@fastify/swagger-ui, ./api-docs.ts); the built web app's files (@fastify/static, ./web-app.ts) are
 * matched by what they are in frameworkRouteDeclaration.
 */
export const FRAMEWORK_ROUTES: Readonly<Record<string, RouteDeclaration>> = {
  'OPTIONS *': { access: PUBLIC, requestLimit: unlimited('CORS preflights come with a request that is itself counted') },
  'GET /api/docs': { access: PUBLIC },
  'GET /api/docs/static/index.html': { access: PUBLIC },
  'GET /api/docs/static/swagger-initializer.js': { access: PUBLIC },
  'GET /api/docs/static/*': { access: PUBLIC },
  'GET /api/docs/json': { access: PUBLIC },
  'GET /api/docs/yaml': { access: PUBLIC },
};

/** Scripts, styles, fonts of the built web app: public, and not counted (cached by browsers, cheap to send, and a page loads many). */
const WEB_APP_FILE: RouteDeclaration = { access: PUBLIC, requestLimit: unlimited('a file of the built web app') };

/** Whether a route is one of the built web app's files (@fastify/static marks each with the folder it serves). */
function isWebAppFile(url: string, config: unknown): boolean {
  return !url.startsWith('/api/') && typeof (config as { rootPath?: unknown } | undefined)?.rootPath === 'string';
}

/** The declaration of a framework route (its line in FRAMEWORK_ROUTES, or a web app file's), else null. */
export function frameworkRouteDeclaration(route: { method: string; url: string; config?: unknown }): RouteDeclaration | null {
  const line = FRAMEWORK_ROUTES[routeKey(route.method, route.url)];
  if (line) return line;
  if (isWebAppFile(route.url, route.config)) return WEB_APP_FILE;
  return null;
}

/**
 * What a route declares: its own `config.access` and `config.requestLimit`, or for a framework route its
 * line above; null for a route that declares no access (the matrix fails on one).
 */
export function declarationOf(route: { method: string; url: string; config?: unknown }): RouteDeclaration | null {
  const config = route.config as { access?: RouteAccess; requestLimit?: RateLimitRule } | undefined;
  if (config?.access) return config.requestLimit ? { access: config.access, requestLimit: config.requestLimit } : { access: config.access };
  return frameworkRouteDeclaration(route);
}

/** A route's own request limit (its `config.requestLimit`, or a framework route's line), else null: the global budget. */
export function requestLimitOf(route: { method: string; url: string; config?: unknown }): RateLimitRule | null {
  const declared = (route.config as { requestLimit?: RateLimitRule } | undefined)?.requestLimit;
  return declared ?? frameworkRouteDeclaration(route)?.requestLimit ?? null;
}
