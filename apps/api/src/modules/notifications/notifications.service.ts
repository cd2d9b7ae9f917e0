import type {
  MarkNotificationsReadBody,
  NotificationItem,
  NotificationKind,
  NotificationsPage,
  NotificationsQuery,
} from '@marketplace/contracts/notifications';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { LiveUsers } from '../../realtime/chat-socket';
import {
  countNotifications,
  deleteReadNotificationsBefore,
  insertNotificationOnce,
  listNotifications,
  markNotificationsRead,
  type NotificationRecord,
} from './notifications.repository';

// In-app notifications (docs/product/notifications.md): a row per person and event, then a live push to
// every open tab of that person, on every instance (the socket rooms, shared through Redis). The row is
// written first and pushed only when this call wrote it, so two instances handling the same event push
// once. A tab that was away re-reads the list over HTTP when its socket reconnects.

/** A title is one short sentence; a body one line of detail. Longer text is cut with an ellipsis. */
export const NOTIFICATION_TITLE_MAX = 120;
export const NOTIFICATION_BODY_MAX = 300;
/** Read notifications are deleted by the clean-up job once they are this old; unread ones are kept. */
export const READ_NOTIFICATION_KEPT_MS = 90 * 24 * 60 * 60 * 1000;

export interface NotifyInput {
  userId: string;
  kind: NotificationKind;
  title: string;
  body: string;
  /** A path inside the app, starting with "/". */
  link: string;
  /** Unique per user: the same key for the same user is written once. */
  dedupeKey: string;
}

/** Cuts text to `max` characters (whole code points), ending with an ellipsis when something was cut. */
export function capText(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const characters = Array.from(flat);
  if (characters.length <= max) return flat;
  return `${characters
    .slice(0, max - 1)
    .join('')
    .trimEnd()}…`;
}

function toNotificationItem(row: NotificationRecord): NotificationItem {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;

export function createNotificationsService(deps: { db: Database; clock: Clock; live: Pick<LiveUsers, 'emit'> }) {
  const { db, clock, live } = deps;
  const unreadCountOf = (userId: string) => countNotifications(db, userId, { unreadOnly: true });

  return {
    /**
     * Writes the notification once per user and dedupe key, and tells that user's open tabs. Answers the
     * new notification, or null when the user already had it (nothing is pushed then).
     */
    async notify(input: NotifyInput): Promise<NotificationItem | null> {
      if (!input.link.startsWith('/') || input.link.startsWith('//')) throw new Error(`A notification links inside the app, not to ${input.link}`);
      const row = await insertNotificationOnce(db, {
        userId: input.userId,
        kind: input.kind,
        title: capText(input.title, NOTIFICATION_TITLE_MAX),
        body: capText(input.body, NOTIFICATION_BODY_MAX),
        link: input.link,
        dedupeKey: input.dedupeKey,
        createdAt: clock.now(),
      });
      if (!row) return null;
      const notification = toNotificationItem(row);
      live.emit([input.userId], 'notification', { notification, unreadCount: await unreadCountOf(input.userId) });
      return notification;
    },

    /** The user's notifications, newest first, with the unread count across all pages. */
    async list(userId: string, query: NotificationsQuery): Promise<NotificationsPage> {
      const unreadOnly = query.unread === 'true';
      const [rows, total, unreadCount] = await Promise.all([
        listNotifications(db, userId, { unreadOnly, limit: query.limit, offset: (query.page - 1) * query.limit }),
        countNotifications(db, userId, { unreadOnly }),
        unreadCountOf(userId),
      ]);
      return { notifications: rows.map(toNotificationItem), unreadCount, page: query.page, limit: query.limit, total };
    },

    /**
     * Marks the user's own notifications read (ids of someone else's are ignored, as unknown ones are),
     * or all of them, and tells the user's other tabs when something changed.
     */
    async markRead(userId: string, body: MarkNotificationsReadBody): Promise<{ unreadCount: number }> {
      const which = 'all' in body ? 'all' : { ids: [...new Set(body.ids)] };
      const changed = await markNotificationsRead(db, userId, which, clock.now());
      const unreadCount = await unreadCountOf(userId);
      if (changed.length > 0) live.emit([userId], 'notifications_read', { ids: which === 'all' ? 'all' : changed, unreadCount });
      return { unreadCount };
    },

    /** The clean-up job: deletes read notifications older than READ_NOTIFICATION_KEPT_MS. */
    async deleteOldReadNotifications(): Promise<number> {
      return deleteReadNotificationsBefore(db, new Date(clock.now().getTime() - READ_NOTIFICATION_KEPT_MS));
    },
  };
}
