import { describe, expect, it, vi } from 'vitest';
import { makeAuthResponse, makeToken, secondsFromNow } from '../test/tokens';
import {
  acknowledgeSessionExpiry,
  clearSession,
  decodeToken,
  didSessionExpire,
  expireSession,
  homePathFor,
  isTokenValid,
  readSession,
  saveSession,
  subscribeToSession,
} from './session';

describe('saveSession', () => {
  it('writes token, role, userId and userName to localStorage and the token to sessionStorage as jwtToken', () => {
    const auth = makeAuthResponse('seller');
    saveSession(auth);

    expect(localStorage.getItem('token')).toBe(auth.token);
    expect(localStorage.getItem('role')).toBe('seller');
    expect(localStorage.getItem('userId')).toBe('user-seller');
    expect(localStorage.getItem('userName')).toBe('Sam Tester');
    expect(sessionStorage.getItem('jwtToken')).toBe(auth.token);
    expect(readSession()).toEqual({ token: auth.token, role: 'seller', userId: 'user-seller', userName: 'Sam Tester' });
  });
});

describe('readSession', () => {
  it('is null when no token is stored', () => {
    localStorage.setItem('role', 'seller');
    expect(readSession()).toBeNull();
  });
});

describe('clearSession', () => {
  it('removes every session key and leaves other storage alone', () => {
    saveSession(makeAuthResponse('buyer'));
    localStorage.setItem('unrelated', 'kept');

    clearSession();

    for (const key of ['token', 'role', 'userId', 'userName']) expect(localStorage.getItem(key)).toBeNull();
    expect(sessionStorage.getItem('jwtToken')).toBeNull();
    expect(localStorage.getItem('unrelated')).toBe('kept');
  });
});

describe('expireSession', () => {
  it('clears the session, tells listeners it expired, and is remembered until the next login', () => {
    saveSession(makeAuthResponse('buyer'));
    const listener = vi.fn();
    const unsubscribe = subscribeToSession(listener);

    expireSession();

    expect(readSession()).toBeNull();
    expect(sessionStorage.getItem('jwtToken')).toBeNull();
    expect(listener).toHaveBeenCalledWith('expired');
    expect(didSessionExpire()).toBe(true);

    saveSession(makeAuthResponse('buyer'));
    expect(didSessionExpire()).toBe(false);
    unsubscribe();
  });

  it('keeps the note in the tab (a reload reads it) until the login page has told the person, or a logout', () => {
    saveSession(makeAuthResponse('buyer'));
    expireSession();
    // What a reloaded page has: nothing of this module's memory, the tab's sessionStorage.
    expect(Object.entries({ ...sessionStorage })).toEqual([['sessionExpired', '1']]);
    expect(didSessionExpire()).toBe(true);
    acknowledgeSessionExpiry();
    expect(didSessionExpire()).toBe(false);

    expireSession();
    clearSession();
    expect(didSessionExpire()).toBe(false);
  });

  it('forgets the note when another tab logs in or out', () => {
    saveSession(makeAuthResponse('buyer'));
    const listener = vi.fn();
    const unsubscribe = subscribeToSession(listener);
    expireSession();
    localStorage.setItem('token', makeToken({ sub: 'user-buyer', role: 'buyer', exp: secondsFromNow(3600) }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'token' }));
    expect(listener).toHaveBeenLastCalledWith('saved');
    expect(didSessionExpire()).toBe(false);
    unsubscribe();
  });
});

describe('decodeToken', () => {
  it('reads the base64url JSON payload', () => {
    const token = makeToken({ sub: 'u1', role: 'seller', exp: 2_000_000_000, name: 'Zoë ü?>' });
    expect(decodeToken(token)).toEqual({ sub: 'u1', role: 'seller', exp: 2_000_000_000, name: 'Zoë ü?>' });
  });

  it.each([
    ['not a token', 'garbage'],
    ['two parts', 'a.b'],
    ['payload that is not base64', 'a.!!!.c'],
    ['payload that is not JSON', `a.${btoa('hello')}.c`],
    ['payload that is not an object', `a.${btoa('42')}.c`],
    ['empty payload', 'a..c'],
  ])('returns null for %s', (_label, token) => {
    expect(decodeToken(token)).toBeNull();
  });
});

describe('isTokenValid', () => {
  const now = Date.UTC(2030, 0, 1);
  const nowSeconds = now / 1000;

  it('accepts a decodable token whose exp is in the future', () => {
    expect(isTokenValid(makeToken({ exp: nowSeconds + 60 }), now)).toBe(true);
  });

  it('rejects a token whose exp has passed or is this very moment', () => {
    expect(isTokenValid(makeToken({ exp: nowSeconds - 1 }), now)).toBe(false);
    expect(isTokenValid(makeToken({ exp: nowSeconds }), now)).toBe(false);
  });

  it('rejects tokens without a numeric exp, and garbage', () => {
    expect(isTokenValid(makeToken({ sub: 'u1' }), now)).toBe(false);
    expect(isTokenValid(makeToken({ exp: String(nowSeconds + 60) }), now)).toBe(false);
    expect(isTokenValid('garbage', now)).toBe(false);
    expect(isTokenValid('', now)).toBe(false);
  });

  it('uses the current time by default', () => {
    expect(isTokenValid(makeToken({ exp: secondsFromNow(60) }))).toBe(true);
    expect(isTokenValid(makeToken({ exp: secondsFromNow(-60) }))).toBe(false);
  });
});

describe('homePathFor', () => {
  it('sends sellers to the seller product list and every other role to the product list', () => {
    expect(homePathFor('seller')).toBe('/seller/product-list');
    expect(homePathFor('buyer')).toBe('/products');
    expect(homePathFor('admin')).toBe('/products');
    expect(homePathFor('something-else')).toBe('/products');
    expect(homePathFor(null)).toBe('/products');
  });
});
