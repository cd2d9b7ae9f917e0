import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { useEffect, useMemo } from 'react';
import { useDispatch } from 'react-redux';
import { clearChatUnread, fetchUnreadCounts, incrementChatUnread, resetUnread } from '../features/chat/unread-slice';
import { Toaster } from '../components/toast';
import { ChatSocketProvider, type NotificationCountHandlers, type UnreadCountsHandlers } from '../lib/socket';
import type { AppDispatch } from './store';
import { useSessionExpiryCheck } from './use-session-expiry-check';

// The notifications feature keeps the bell's count; its code is not part of the first page's JavaScript.
const loadNotifications = () => import('../features/notifications/api');

/** Shown at the top while the next page's code downloads (routes are lazy). */
function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden bg-brand-100" role="progressbar" aria-label="Loading page">
      <div className="h-full w-2/5 animate-progress bg-brand-600" />
    </div>
  );
}

/** The app shell around every route: session expiry check, page-load progress, the chat socket, toasts. */
export function RootLayout() {
  useSessionExpiryCheck();
  // The page is the app's from here on: its buttons and forms answer (before this, a server-rendered form
  // submits natively). Journeys wait for this mark before they use a page the server drew.
  useEffect(() => {
    document.documentElement.dataset.interactive = '';
  }, []);
  const dispatch = useDispatch<AppDispatch>();
  // The socket (shared code) reports unread changes; the chat feature's slice keeps them.
  const unread = useMemo<UnreadCountsHandlers>(
    () => ({
      refresh: (userId) => void dispatch(fetchUnreadCounts(userId)),
      increment: (chatId) => dispatch(incrementChatUnread(chatId)),
      clear: (chatId) => dispatch(clearChatUnread(chatId)),
      reset: () => dispatch(resetUnread()),
    }),
    [dispatch],
  );
  // The socket reports the bell's count too; the feature's code is loaded for the first re-read, at the
  // start of a session, and so is there by the first event.
  const notifications = useMemo<NotificationCountHandlers>(
    () => ({
      refresh: () =>
        void loadNotifications().then(
          (feature) => dispatch(feature.fetchUnreadNotificationCount()),
          () => {},
        ),
      setCount: (count) =>
        void loadNotifications().then(
          (feature) => dispatch(feature.setUnreadNotificationCount(count)),
          () => {},
        ),
    }),
    [dispatch],
  );
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <NavigationProgress />
      <ChatSocketProvider unread={unread} notifications={notifications}>
        <Outlet />
      </ChatSocketProvider>
      <ScrollRestoration />
      {/* From the bottom: at the top they covered the header (the cart, the bell, the account; on a phone all of it). */}
      <Toaster position="bottom-right" richColors closeButton duration={5000} />
    </>
  );
}
