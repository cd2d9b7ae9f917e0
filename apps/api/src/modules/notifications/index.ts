// The notifications module's public surface (docs/product/notifications.md, "In-app notifications"):
// the bell's rows, written once per person and event by the reactions to domain events, pushed live over
// the socket, and read and marked read over HTTP.

export { createNotificationsService, type NotificationsService, type NotifyInput } from './notifications.service';
export { createNotificationReactions, type NotificationReactions } from './notification-reactions';
export { notificationRoutes } from './notifications.routes';
