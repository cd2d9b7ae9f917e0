import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router';
import { api } from '../lib/api';
import { clearSession } from '../lib/session';
import type { AppDispatch } from './store';

/**
 * Log out: end the session on the server (every token of the account stops working, docs/product/accounts.md),
 * then forget it and everything fetched with it, and show the login page. Offline, or with a session the
 * server ended already, the browser forgets it all the same.
 */
export function useLogout(): () => void {
  const navigate = useNavigate();
  const dispatch = useDispatch<AppDispatch>();
  return useCallback(() => {
    void (async () => {
      try {
        // Loaded on the first logout: the shop's first load does not carry the auth endpoints.
        const { authApi } = await import('../features/auth/api');
        await dispatch(authApi.endpoints.logout.initiate()).unwrap();
      } catch {
        // Nothing to do: the local session ends below whatever the server answered.
      }
      clearSession();
      dispatch(api.util.resetApiState());
      navigate('/login', { replace: true });
    })();
  }, [dispatch, navigate]);
}
