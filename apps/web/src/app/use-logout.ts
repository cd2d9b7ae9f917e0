import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router';
import { api } from '../lib/api';
import { clearSession } from '../lib/session';
import type { AppDispatch } from './store';

/** Log out: forget the session and everything fetched with it, then show the login page. */
export function useLogout(): () => void {
  const navigate = useNavigate();
  const dispatch = useDispatch<AppDispatch>();
  return useCallback(() => {
    clearSession();
    dispatch(api.util.resetApiState());
    navigate('/login', { replace: true });
  }, [dispatch, navigate]);
}
