import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Bell } from 'lucide-react';
import { useGetUnreadNotificationCountQuery } from '../api';

// The panel is its own chunk: pointing at or focusing the bell starts its download, so it is
// usually there by the click.
const loadPanel = () => import('./notifications-panel');
const NotificationsPanel = lazy(() => loadPanel().then((module) => ({ default: module.NotificationsPanel })));
const preloadPanel = () => void loadPanel().catch(() => {});

/** More than this shows as "99+". */
const MAX_SHOWN_COUNT = 99;

export function bellLabel(count: number): string {
  return count > 0 ? `Notifications, ${count} unread` : 'Notifications';
}

/**
 * The bell in every signed-in header: the unread count from the store (kept live by the socket
 * provider, api.ts), opening the list of notifications. It closes on Escape, on a click outside, and when
 * the page changes.
 */
export function NotificationBell({ className = '' }: { className?: string }) {
  // Read on mount when the store has no figure yet; the socket provider keeps it live from then on.
  const { data: count = 0 } = useGetUnreadNotificationCountQuery();
  const [isOpen, setIsOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const location = useLocation();

  useEffect(() => setIsOpen(false), [location.pathname]);

  const close = useCallback(({ returnFocus }: { returnFocus: boolean }) => {
    setIsOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-label={bellLabel(count)}
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        aria-controls={isOpen ? panelId : undefined}
        onPointerEnter={preloadPanel}
        onFocus={preloadPanel}
        onClick={() => setIsOpen((open) => !open)}
        className={
          'relative grid size-10 shrink-0 place-items-center rounded-full text-slate-700 transition-colors hover:bg-slate-100 ' +
          `focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${isOpen ? 'bg-slate-100' : ''} ${className}`
        }
      >
        <Bell className="size-5" aria-hidden />
        {count > 0 && (
          <span
            className="absolute -top-0.5 -right-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-red-600 px-1 text-[11px] leading-none font-semibold text-white tabular-nums"
            aria-hidden
          >
            {count > MAX_SHOWN_COUNT ? `${MAX_SHOWN_COUNT}+` : count}
          </span>
        )}
      </button>
      <Suspense fallback={null}>{isOpen && <NotificationsPanel id={panelId} anchorRef={buttonRef} onClose={close} />}</Suspense>
    </>
  );
}
