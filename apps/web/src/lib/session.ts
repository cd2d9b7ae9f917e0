import type { AuthResponse } from '@marketplace/contracts/auth';

/**
 * The browser keeps the session exactly as docs/product/data.md describes: four localStorage keys, plus a copy of
 * the token in sessionStorage under `jwtToken`. Nothing else reads or writes these keys.
 */
export const SESSION_KEYS = {
  token: 'token',
  role: 'role',
  userId: 'userId',
  userName: 'userName',
} as const;
export const SESSION_TOKEN_COPY_KEY = 'jwtToken';

export interface Session {
  token: string;
  /** 'seller', 'admin', or any other value, which is treated as a buyer (docs/product/data.md, roles.md). */
  role: string;
  userId: string;
  userName: string;
}

export interface TokenPayload {
  sub?: string;
  role?: string;
  /** Seconds since the epoch. */
  exp?: number;
  [claim: string]: unknown;
}

type SessionChange = 'saved' | 'cleared' | 'expired';
type SessionListener = (change: SessionChange) => void;

const listeners = new Set<SessionListener>();

/**
 * The note that this tab's session expired (sessionStorage: this tab only, kept across a reload). It sends a
 * person on the public catalogue to /login, whatever navigation or reload comes first, and lets the login page
 * say why; the login page, the next login or a logout takes it away.
 */
const EXPIRED_NOTE_KEY = 'sessionExpired';
const noteExpiry = (expired: boolean) => (expired ? sessionStorage.setItem(EXPIRED_NOTE_KEY, '1') : sessionStorage.removeItem(EXPIRED_NOTE_KEY));

function notify(change: SessionChange): void {
  for (const listener of listeners) listener(change);
}

export function saveSession({ token, user }: AuthResponse): Session {
  const session: Session = {
    token,
    role: user.role,
    userId: user.id,
    userName: `${user.firstName} ${user.lastName}`.trim(),
  };
  localStorage.setItem(SESSION_KEYS.token, session.token);
  localStorage.setItem(SESSION_KEYS.role, session.role);
  localStorage.setItem(SESSION_KEYS.userId, session.userId);
  localStorage.setItem(SESSION_KEYS.userName, session.userName);
  sessionStorage.setItem(SESSION_TOKEN_COPY_KEY, session.token);
  noteExpiry(false);
  notify('saved');
  return session;
}

/** The stored session, or null when no token is stored. Says nothing about whether it has expired. */
export function readSession(): Session | null {
  // The server renders the public pages as a guest sees them (there is no storage there).
  if (typeof localStorage === 'undefined') return null;
  const token = localStorage.getItem(SESSION_KEYS.token);
  if (!token) return null;
  return {
    token,
    role: localStorage.getItem(SESSION_KEYS.role) ?? '',
    userId: localStorage.getItem(SESSION_KEYS.userId) ?? '',
    userName: localStorage.getItem(SESSION_KEYS.userName) ?? '',
  };
}

/** Logging out: removes every session key. */
export function clearSession(): void {
  noteExpiry(false);
  removeSessionData();
}

function removeSessionData(): void {
  const hadSession = readSession() !== null || sessionStorage.getItem(SESSION_TOKEN_COPY_KEY) !== null;
  for (const key of Object.values(SESSION_KEYS)) localStorage.removeItem(key);
  sessionStorage.removeItem(SESSION_TOKEN_COPY_KEY);
  if (hadSession) notify('cleared');
}

/**
 * Ends a session the server or the clock no longer accepts (docs/product/roles.md). The app shell listens for
 * this and sends the user to /login.
 */
export function expireSession(): void {
  removeSessionData();
  noteExpiry(true);
  notify('expired');
}

/**
 * True when this tab's last session ended because the token expired or was rejected, until the login page
 * has said so, the next login or a logout.
 */
export function didSessionExpire(): boolean {
  return typeof sessionStorage !== 'undefined' && sessionStorage.getItem(EXPIRED_NOTE_KEY) !== null;
}

/** The login page has told the person their session expired: from here on they may browse as a guest. */
export function acknowledgeSessionExpiry(): void {
  noteExpiry(false);
}

/** Called on every save, clear and expiry in this tab, and when another tab changes the session. */
export function subscribeToSession(listener: SessionListener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    const isSessionKey = event.key === null || Object.values<string>(SESSION_KEYS).includes(event.key);
    if (!isSessionKey) return;
    // Another tab logged in or out since: that is the session now, and this tab's old expiry is moot.
    noteExpiry(false);
    listener(localStorage.getItem(SESSION_KEYS.token) ? 'saved' : 'cleared');
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Reads a JWT's claims without verifying the signature — the server verifies; the browser only needs `exp` and `role`. */
export function decodeToken(token: string): TokenPayload | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const base64 = parts[1].replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
    const bytes = Uint8Array.from(atob(padded), (character) => character.charCodeAt(0));
    const payload: unknown = JSON.parse(new TextDecoder().decode(bytes));
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return null;
    return payload as TokenPayload;
  } catch {
    return null;
  }
}

/** docs/product/validation.md: a token must be decodable and have an `exp` in the future; otherwise the user is logged out. */
export function isTokenValid(token: string, nowMs: number = Date.now()): boolean {
  const payload = decodeToken(token);
  if (!payload || typeof payload.exp !== 'number' || !Number.isFinite(payload.exp)) return false;
  return payload.exp * 1000 > nowMs;
}

export function isSellerRole(role: string | null | undefined): boolean {
  return role === 'seller';
}

export function isAdminRole(role: string | null | undefined): boolean {
  return role === 'admin';
}

/** docs/product/routes.md, roles.md: a seller starts at the seller product list, every other role at the product list. */
export function homePathFor(role: string | null | undefined): string {
  return isSellerRole(role) ? '/seller/product-list' : '/products';
}
