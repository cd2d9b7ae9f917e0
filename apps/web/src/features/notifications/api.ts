import type { MarkNotificationsReadBody, NotificationsPage } from '@marketplace/contracts/notifications';
import { api } from '../../lib/api';

/** A page of the panel's list. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

export interface NotificationsPageArgs {
  page: number;
  limit: number;
}

// GET /api/notifications and POST /api/notifications/read (packages/contracts/src/notifications.ts).
//
// The bell's unread count lives in the store as this API's `getUnreadNotificationCount` entry: the
// socket provider re-reads it (on start, on every reconnect, every 60 seconds) and sets it from the
// socket's events, which carry the server's count; every answer below that carries it sets it too.
// (An entry of the API cache rather than a slice of its own: the store's slices load with the first
// page, this feature's code only once someone is signed in.)
export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUnreadNotificationCount: build.query<number, void>({
      // One unread row is the least the server sends the count with.
      query: () => ({ url: '/notifications', params: { page: 1, limit: 1, unread: 'true' } }),
      transformResponse: (answer: NotificationsPage) => answer.unreadCount,
    }),
    /** The panel keeps the pages it loaded (and merges what the socket tells), so nothing is cached for it. */
    getNotifications: build.query<NotificationsPage, NotificationsPageArgs>({
      query: ({ page, limit }) => ({ url: '/notifications', params: { page, limit } }),
      keepUnusedDataFor: 0,
      onQueryStarted: (_args, { dispatch, queryFulfilled }) =>
        keepUnreadCount(queryFulfilled, (count): void => void dispatch(setUnreadNotificationCount(count))),
    }),
    markNotificationsRead: build.mutation<{ unreadCount: number }, MarkNotificationsReadBody>({
      query: (body) => ({ url: '/notifications/read', method: 'POST', body }),
      onQueryStarted: (_body, { dispatch, queryFulfilled }) =>
        keepUnreadCount(queryFulfilled, (count): void => void dispatch(setUnreadNotificationCount(count))),
    }),
  }),
});

export const { useGetUnreadNotificationCountQuery, useLazyGetNotificationsQuery, useMarkNotificationsReadMutation } = notificationsApi;

/** An answer that carries the unread count puts it in the store; a failed call changes nothing. */
async function keepUnreadCount(queryFulfilled: Promise<{ data: { unreadCount: number } }>, setCount: (count: number) => void): Promise<void> {
  try {
    const { data } = await queryFulfilled;
    setCount(data.unreadCount);
  } catch {
    // The next re-read or socket event brings the count.
  }
}

/** A bad or negative number from anywhere counts as 0. */
function floorCount(count: number): number {
  return Number.isFinite(count) && count > 0 ? Math.floor(count) : 0;
}

/** Sets the bell's count to the server's figure. */
export function setUnreadNotificationCount(count: number) {
  return notificationsApi.util.upsertQueryData('getUnreadNotificationCount', undefined, floorCount(count));
}

/** Re-reads the bell's count from the server. */
export function fetchUnreadNotificationCount() {
  return notificationsApi.endpoints.getUnreadNotificationCount.initiate(undefined, { subscribe: false, forceRefetch: true });
}
