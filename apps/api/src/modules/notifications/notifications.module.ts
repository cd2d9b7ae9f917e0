import type { LiveUsers } from '../../realtime/chat-socket';
import { defineModule, type ModuleContext } from '../define-module';
import { createNotificationReactions } from './notification-reactions';
import { notificationRoutes } from './notifications.routes';
import { createNotificationsService } from './notifications.service';

/** In-app notifications: the bell's rows, written by the reactions to domain events and pushed live. */
export const notificationsModule = defineModule({
  name: 'notifications',
  async register(
    app,
    {
      database,
      clock,
      events,
      liveUsers,
    }: ModuleContext<{ /** The chat module's open sockets: each new row is pushed to its user's tabs. */ liveUsers: Pick<LiveUsers, 'emit'> }>,
  ) {
    const notifications = createNotificationsService({ db: database.db, clock, live: liveUsers });
    const notificationReactions = createNotificationReactions({
      db: database.db,
      events,
      notifications,
      onError: (error, event) => app.log.error({ err: error, event }, 'in-app notification failed'),
    });
    app.addHook('onClose', () => notificationReactions.settled());
    await app.register(notificationRoutes, { prefix: '/api/notifications', notifications });
    // The jobs delete old read rows; tests wait on the reactions' settled().
    return { notifications, notificationReactions };
  },
});
