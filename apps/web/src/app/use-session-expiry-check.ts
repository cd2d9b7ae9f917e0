import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, type Location } from 'react-router';
import { expireSession, isTokenValid, readSession, subscribeToSession } from '../lib/session';

/** docs/product/roles.md, limits.md: the stored token is re-checked every 60 seconds. */
export const SESSION_CHECK_INTERVAL_MS = 60_000;

/** What the login page needs to return the user to where they were. */
export function loginRedirectState(location: Pick<Location, 'pathname' | 'search' | 'hash'>) {
  return { from: `${location.pathname}${location.search}${location.hash}` };
}

/**
 * Mounted once in the app shell. Every 60 s an expired or undecodable token ends the session; the
 * same happens when the API rejects the token (lib/api). Either way the user lands on /login and
 * comes back to this page after logging in again.
 */
export function useSessionExpiryCheck(): void {
  const navigate = useNavigate();
  const location = useLocation();
  const locationRef = useRef(location);

  useEffect(() => {
    locationRef.current = location;
  }, [location]);

  useEffect(() => {
    const unsubscribe = subscribeToSession((change) => {
      if (change === 'expired') {
        navigate('/login', { replace: true, state: loginRedirectState(locationRef.current) });
      }
    });
    const interval = setInterval(() => {
      const session = readSession();
      if (session && !isTokenValid(session.token, Date.now())) expireSession();
    }, SESSION_CHECK_INTERVAL_MS);
    return () => {
      unsubscribe();
      clearInterval(interval);
    };
  }, [navigate]);
}
