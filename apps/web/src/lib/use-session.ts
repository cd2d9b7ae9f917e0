import { useSyncExternalStore } from 'react';
import { readSession, subscribeToSession, type Session } from './session';

let cachedKey: string | null = null;
let cachedSession: Session | null = null;

// useSyncExternalStore needs the same object back while storage is unchanged.
function getSnapshot(): Session | null {
  const session = readSession();
  const key = session ? [session.token, session.role, session.userId, session.userName].join('\n') : '';
  if (key !== cachedKey) {
    cachedKey = key;
    cachedSession = session;
  }
  return cachedSession;
}

function getServerSnapshot(): Session | null {
  return null;
}

/** The stored session, re-rendering on login, logout, expiry and changes made in other tabs. */
export function useSession(): Session | null {
  // The server renders as a guest; the browser hydrates those pages only without a session (main.tsx).
  return useSyncExternalStore(subscribeToSession, getSnapshot, getServerSnapshot);
}
