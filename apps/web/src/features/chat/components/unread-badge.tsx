import { useSelector } from 'react-redux';
import { selectTotalUnreadCount } from '../unread-slice';

/** More than this shows as "99+". */
const MAX_SHOWN_COUNT = 99;

export function unreadLabel(count: number): string {
  return `${count} unread ${count === 1 ? 'message' : 'messages'}`;
}

/**
 * The total of unread chat messages as a small pill, live from the store; nothing at 0. Screen
 * readers hear the exact number ("3 unread messages"), the eye sees at most "99+".
 */
export function UnreadBadge({ className = '' }: { className?: string }) {
  const count = useSelector(selectTotalUnreadCount);
  if (count <= 0) return null;
  return (
    <>
      {/* A space outside the pill keeps a link's text apart from the label ("Messages 3 unread messages"). */}{' '}
      <span
        className={`inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs leading-none font-semibold text-white tabular-nums ${className}`}
      >
        <span aria-hidden>{count > MAX_SHOWN_COUNT ? `${MAX_SHOWN_COUNT}+` : count}</span>
        <span className="sr-only">{unreadLabel(count)}</span>
      </span>
    </>
  );
}
