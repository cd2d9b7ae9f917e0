// Where links the server hands back to a browser point: the phone-upload QR code and Stripe's
// onboarding return/refresh links. `localhost` is useless on a phone, so without an explicit
// PUBLIC_URL the links use the address the browser itself is on, as this request shows it.

export interface PublicOriginSettings {
  /** PUBLIC_URL, or http://localhost:$PORT when it is not set. */
  publicUrl: string;
  /** True when PUBLIC_URL was set: then it always wins and no request header is read. */
  isPublicUrlSet: boolean;
}

export interface RequestAddress {
  /** The Origin header: the page's own origin, sent by browsers on POST (and through dev proxies). */
  origin?: string | undefined;
  /** The host the request was sent to (Fastify's `request.host`: Host, or X-Forwarded-Host behind a proxy). */
  host?: string | undefined;
  /** `http` or `https` (Fastify's `request.protocol`, X-Forwarded-Proto behind a proxy). */
  protocol?: string | undefined;
}

/**
 * `scheme://host[:port]` when `value` is exactly an http(s) origin, otherwise null. Anything else —
 * a path, a query, user:password@, another scheme, a header list ("a, b") — is refused, so a forged
 * header can at most change the host of a link sent back to the one who forged it.
 */
export function parseHttpOrigin(value: string | undefined): string | null {
  if (!value || value.length > 300 || /[\s,]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  // Only a bare origin ("http://host:port", an optional trailing slash): no path, query, fragment or user.
  if (url.username || url.password || url.search || url.hash || /[?#@]/.test(value) || (url.pathname !== '/' && url.pathname !== '')) return null;
  return url.origin;
}

/** `http://<host>` for a bare `host[:port]` (no path, no credentials), otherwise null. */
function originFromHost(host: string | undefined, protocol: string | undefined): string | null {
  if (!host) return null;
  const scheme = protocol === 'https' ? 'https' : 'http';
  return parseHttpOrigin(`${scheme}://${host}`);
}

/**
 * PUBLIC_URL when it is set; otherwise the browser's Origin, then the Host the request came to
 * (each only if it is a plain http(s) origin); otherwise the default PUBLIC_URL.
 */
export function resolvePublicOrigin(settings: PublicOriginSettings, request: RequestAddress): string {
  const configured = settings.publicUrl.replace(/\/+$/, '');
  if (settings.isPublicUrlSet) return configured;
  return parseHttpOrigin(request.origin) ?? originFromHost(request.host, request.protocol) ?? configured;
}

/** True for an address only this computer can open (localhost, 127.x, ::1). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}
