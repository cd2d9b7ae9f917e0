// The notifications module's public surface (docs/product/notifications.md, "In-app notifications"):
// the bell's rows, written once per person and event by the reactions to domain events, pushed live over
// the socket, and read and marked read over HTTP. The texts are exported for the demo seed, which writes
// the history those events would have written.

export {
  capText,
  createNotificationsService,
  NOTIFICATION_BODY_MAX,
  NOTIFICATION_TITLE_MAX,
  READ_NOTIFICATION_KEPT_MS,
  type NotificationsService,
  type NotifyInput,
} from './notifications.service';
export { createNotificationReactions, type NotificationReactions } from './notification-reactions';
export * as notificationTexts from './notification-texts';
export { notificationRoutes } from './notifications.routes';
