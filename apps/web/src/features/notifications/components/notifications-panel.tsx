import { useCallback, useEffect, useId, useLayoutEffect, useReducer, useRef, useState, type CSSProperties, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router';
import { BellOff, CheckCheck, X } from 'lucide-react';
import type { NotificationEventPayload, NotificationItem, NotificationsPage, NotificationsReadEventPayload } from '@marketplace/contracts/notifications';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { describeApiError } from '../../../lib/api-error';
import { useChatSocket } from '../../../lib/socket';
import { NOTIFICATIONS_PAGE_SIZE, useGetUnreadNotificationCountQuery, useLazyGetNotificationsQuery, useMarkNotificationsReadMutation } from '../api';
import { NotificationIcon } from './notification-icon';
import { formatExactTime, formatTimeAgo } from './relative-time';

// ── the list: the pages loaded so far, and what the socket told since ─────────────────────────

interface ListState {
  /** Newest first, each once. */
  items: NotificationItem[];
  /** The last page loaded. */
  page: number;
  /** How many there are on the server (grows with each new one the socket tells). */
  total: number;
  status: 'loading' | 'ready' | 'error';
  error: unknown;
  isLoadingMore: boolean;
  loadMoreError: unknown;
}

type ListAction =
  | { type: 'loading' }
  | { type: 'loaded'; answer: NotificationsPage }
  | { type: 'failed'; error: unknown }
  | { type: 'loadingMore' }
  | { type: 'loadMoreFailed'; error: unknown }
  | { type: 'received'; notification: NotificationItem }
  | { type: 'read'; ids: readonly string[] | 'all'; at: string };

const INITIAL_LIST: ListState = { items: [], page: 0, total: 0, status: 'loading', error: null, isLoadingMore: false, loadMoreError: null };

const byNewest = (a: NotificationItem, b: NotificationItem) => Date.parse(b.createdAt) - Date.parse(a.createdAt);

/** Both lists together, each notification once (the newer copy wins), newest first. */
function mergeItems(current: readonly NotificationItem[], incoming: readonly NotificationItem[]): NotificationItem[] {
  const byId = new Map(current.map((item) => [item.id, item]));
  for (const item of incoming) byId.set(item.id, item);
  return [...byId.values()].sort(byNewest);
}

function listReducer(state: ListState, action: ListAction): ListState {
  switch (action.type) {
    case 'loading':
      return { ...state, status: state.status === 'ready' ? 'ready' : 'loading', error: null };
    case 'loaded': {
      const { answer } = action;
      // A page after the first may repeat one already shown: new notifications push the others down.
      return {
        ...state,
        items: mergeItems(state.items, answer.notifications),
        page: Math.max(state.page, answer.page),
        total: answer.total,
        status: 'ready',
        error: null,
        isLoadingMore: false,
        loadMoreError: null,
      };
    }
    case 'failed':
      return state.status === 'ready' ? state : { ...state, status: 'error', error: action.error };
    case 'loadingMore':
      return { ...state, isLoadingMore: true, loadMoreError: null };
    case 'loadMoreFailed':
      return { ...state, isLoadingMore: false, loadMoreError: action.error };
    case 'received':
      if (state.items.some((item) => item.id === action.notification.id)) return state;
      return { ...state, items: mergeItems(state.items, [action.notification]), total: state.total + 1 };
    case 'read': {
      const ids = action.ids === 'all' ? null : new Set(action.ids);
      return {
        ...state,
        items: state.items.map((item) => (item.readAt === null && (ids === null || ids.has(item.id)) ? { ...item, readAt: action.at } : item)),
      };
    }
  }
}

/** Server links are paths inside the app; anything else (another site, "//host") is not followed. */
function isAppPath(link: string): boolean {
  return /^\/(?![/\\])/.test(link);
}

// ── where it sits: a popover under the bell from `sm` up, the whole screen on a phone ─────────

/** The popover's place under the bell (from `sm` up; on a phone the panel fills the screen). */
function usePopoverPosition(anchorRef: RefObject<HTMLElement | null>): CSSProperties {
  const [position, setPosition] = useState({ top: 64, right: 16 });
  useLayoutEffect(() => {
    const update = () => {
      const anchor = anchorRef.current?.getBoundingClientRect();
      if (!anchor) return;
      setPosition({ top: Math.round(anchor.bottom + 8), right: Math.max(8, Math.round(window.innerWidth - anchor.right - 4)) });
    };
    update();
    window.addEventListener('resize', update);
    window.addEventListener('scroll', update, { capture: true, passive: true });
    return () => {
      window.removeEventListener('resize', update);
      window.removeEventListener('scroll', update, { capture: true });
    };
  }, [anchorRef]);
  return { '--bell-panel-top': `${position.top}px`, '--bell-panel-right': `${position.right}px` } as CSSProperties;
}

/** Re-renders every minute while shown, so "5 min ago" moves on. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

// ── the panel ────────────────────────────────────────────────────────────────────────────────

interface NotificationsPanelProps {
  id: string;
  /** The bell: the popover sits under it, and a click on it is the bell's own, not an outside click. */
  anchorRef: RefObject<HTMLElement | null>;
  onClose(options: { returnFocus: boolean }): void;
}

/**
 * The open bell: the person's notifications newest first, 20 at a time, with new ones from the socket
 * added at the top while it is open. Opening one marks it read and follows its link.
 */
export function NotificationsPanel({ id, anchorRef, onClose }: NotificationsPanelProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const [list, dispatchList] = useReducer(listReducer, INITIAL_LIST);
  const [fetchPage] = useLazyGetNotificationsQuery();
  const [markRead, { isLoading: isMarkingAll }] = useMarkNotificationsReadMutation();
  const [markAllError, setMarkAllError] = useState<string | null>(null);
  const { socket, status } = useChatSocket();
  const { data: unreadCount = 0 } = useGetUnreadNotificationCountQuery();
  const style = usePopoverPosition(anchorRef);
  const now = useNow();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  const loadPage = useCallback(
    async (page: number) => {
      dispatchList(page === 1 ? { type: 'loading' } : { type: 'loadingMore' });
      try {
        const answer = await fetchPage({ page, limit: NOTIFICATIONS_PAGE_SIZE }).unwrap();
        dispatchList({ type: 'loaded', answer });
      } catch (error) {
        dispatchList(page === 1 ? { type: 'failed', error } : { type: 'loadMoreFailed', error });
      }
    },
    [fetchPage],
  );

  useEffect(() => {
    void loadPage(1);
  }, [loadPage]);

  // What happened while the socket was down is re-read when it is back.
  const wasConnected = useRef(status === 'connected');
  useEffect(() => {
    if (status === 'connected' && !wasConnected.current) void loadPage(1);
    wasConnected.current = status === 'connected';
  }, [status, loadPage]);

  // New ones at the top, and what another tab read shows read here too (the count is the socket provider's).
  useEffect(() => {
    if (!socket) return;
    const onNotification = ({ notification }: NotificationEventPayload) => dispatchList({ type: 'received', notification });
    const onRead = ({ ids }: NotificationsReadEventPayload) => dispatchList({ type: 'read', ids, at: new Date().toISOString() });
    socket.on('notification', onNotification);
    socket.on('notifications_read', onRead);
    return () => {
      socket.off('notification', onNotification);
      socket.off('notifications_read', onRead);
    };
  }, [socket]);

  // Focus moves into the panel; Escape, a click outside it or focus leaving it closes it.
  useEffect(() => {
    panelRef.current?.focus();
    const isInside = (target: EventTarget | null) =>
      target instanceof Node && (panelRef.current?.contains(target) === true || anchorRef.current?.contains(target) === true);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCloseRef.current({ returnFocus: true });
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!isInside(event.target)) onCloseRef.current({ returnFocus: false });
    };
    const onFocusIn = (event: FocusEvent) => {
      if (!isInside(event.target)) onCloseRef.current({ returnFocus: false });
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('focusin', onFocusIn);
    };
  }, [anchorRef]);

  function open(item: NotificationItem) {
    if (item.readAt === null) {
      dispatchList({ type: 'read', ids: [item.id], at: new Date().toISOString() });
      // The answer sets the bell's count; if it fails, the next re-read shows it unread again.
      markRead({ ids: [item.id] })
        .unwrap()
        .catch(() => {});
    }
    onClose({ returnFocus: false });
  }

  async function markAllRead() {
    setMarkAllError(null);
    try {
      await markRead({ all: true }).unwrap();
      dispatchList({ type: 'read', ids: 'all', at: new Date().toISOString() });
    } catch (error) {
      const details = describeApiError(error);
      const isServerFailure = details.isNetworkError || details.status === null || details.status >= 500;
      setMarkAllError(isServerFailure ? 'Your notifications could not be marked as read. Please try again.' : details.message);
    }
  }

  // Unread ones may also wait on pages not loaded yet.
  const hasUnread = unreadCount > 0 || list.items.some((item) => item.readAt === null);
  const hasMore = list.status === 'ready' && list.items.length < list.total;

  return createPortal(
    <div
      ref={panelRef}
      id={id}
      role="dialog"
      aria-labelledby={titleId}
      tabIndex={-1}
      style={style}
      className={
        'fixed inset-0 z-50 flex flex-col bg-white outline-none ' +
        'sm:inset-auto sm:top-(--bell-panel-top) sm:right-(--bell-panel-right) sm:max-h-[min(36rem,calc(100dvh-var(--bell-panel-top)-1rem))] sm:w-96 ' +
        'sm:rounded-xl sm:border sm:border-slate-200 sm:shadow-xl'
      }
    >
      <div className="flex shrink-0 items-center gap-2 border-b border-slate-200 py-2 pr-2 pl-4">
        <h2 id={titleId} className="mr-auto text-base font-semibold text-slate-900">
          Notifications
        </h2>
        <Button variant="ghost" size="sm" onClick={() => void markAllRead()} disabled={!hasUnread} isBusy={isMarkingAll}>
          <CheckCheck className="size-4" aria-hidden />
          Mark all as read
        </Button>
        <button
          type="button"
          onClick={() => onClose({ returnFocus: true })}
          className="grid size-9 place-items-center rounded-lg text-slate-500 hover:bg-slate-100 sm:hidden"
        >
          <X className="size-5" aria-hidden />
          <span className="sr-only">Close notifications</span>
        </button>
      </div>
      {markAllError && (
        <p role="alert" className="shrink-0 border-b border-red-100 bg-red-50 px-4 py-2 text-sm text-red-800">
          {markAllError}
        </p>
      )}
      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
        {list.status === 'loading' ? (
          <p role="status" className="flex items-center justify-center gap-2 px-4 py-10 text-sm text-slate-600">
            <Spinner className="size-4 text-brand-700" />
            Loading notifications…
          </p>
        ) : list.status === 'error' ? (
          <div role="alert" className="px-4 py-8 text-center">
            <p className="font-medium text-slate-900">Your notifications could not be loaded</p>
            <p className="mt-1 text-sm text-slate-600">{loadErrorText(list.error)}</p>
            <Button variant="secondary" size="sm" className="mt-4" onClick={() => void loadPage(1)}>
              Try again
            </Button>
          </div>
        ) : list.items.length === 0 ? (
          <div className="px-6 py-10 text-center">
            <BellOff className="mx-auto size-8 text-slate-300" aria-hidden />
            <p className="mt-3 font-medium text-slate-900">You have no notifications yet</p>
            <p className="mt-1 text-sm text-slate-600">News about your orders, parcels, payouts and disputes will show up here.</p>
          </div>
        ) : (
          <>
            <ul className="divide-y divide-slate-100">
              {list.items.map((item) => (
                <li key={item.id}>
                  <NotificationRow item={item} now={now} onOpen={() => open(item)} />
                </li>
              ))}
            </ul>
            {(hasMore || list.loadMoreError !== null) && (
              <div className="border-t border-slate-100 px-4 py-3 text-center">
                {list.loadMoreError !== null && (
                  <p role="alert" className="mb-2 text-sm text-red-700">
                    More notifications could not be loaded. {loadErrorText(list.loadMoreError)}
                  </p>
                )}
                <Button variant="secondary" size="sm" isBusy={list.isLoadingMore} onClick={() => void loadPage(list.page + 1)}>
                  {list.loadMoreError !== null ? 'Try again' : 'Load more'}
                </Button>
              </div>
            )}
          </>
        )}
      </div>
    </div>,
    document.body,
  );
}

/** A failed load in words for people: no server internals, no status codes. */
function loadErrorText(error: unknown): string {
  const details = describeApiError(error);
  if (details.isNetworkError) return 'Check your connection and try again.';
  if (details.status === null || details.status >= 500) return 'Something went wrong on our side. Please try again.';
  return details.message;
}

function NotificationRow({ item, now, onOpen }: { item: NotificationItem; now: Date; onOpen: () => void }) {
  const isUnread = item.readAt === null;
  const content = (
    <>
      <NotificationIcon kind={item.kind} />
      <span className="min-w-0 flex-1">
        <span className={`block text-sm ${isUnread ? 'font-semibold text-slate-900' : 'font-medium text-slate-700'}`}>
          {isUnread && <span className="sr-only">Unread: </span>}
          {item.title}
        </span>
        {item.body && <span className="mt-0.5 block text-sm break-words text-slate-600">{item.body}</span>}
        <time dateTime={item.createdAt} title={formatExactTime(item.createdAt)} className="mt-1 block text-xs text-slate-500">
          {formatTimeAgo(item.createdAt, now)}
        </time>
      </span>
      {isUnread && <span className="mt-1.5 size-2.5 shrink-0 rounded-full bg-brand-600" aria-hidden />}
    </>
  );
  const rowClass = `flex w-full gap-3 px-4 py-3 text-left transition-colors hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 ${
    isUnread ? 'bg-brand-50/50' : ''
  }`;
  return isAppPath(item.link) ? (
    <Link to={item.link} onClick={onOpen} className={rowClass}>
      {content}
    </Link>
  ) : (
    <button type="button" onClick={onOpen} className={rowClass}>
      {content}
    </button>
  );
}
