import type { LiveUsers } from '../../realtime/chat-socket';
import { findSellerWeekFigures } from '../analytics';
import { defineModule, type ModuleContext } from '../define-module';
import type { WorkspaceService } from '../workspace';
import { createMailNotifications } from './mail-notifications';
import { mailRoutes } from './mail.routes';
import type { MailOutboxService } from './mail.service';
import { createUnsubscribeLinks } from './unsubscribe-links';

/**
 * E-mail: the reactions to domain events, the admins' outbox and the signed unsubscribe link. The outbox
 * itself (`mail`) is built by app.ts before any module: the account e-mails of the auth module, below
 * mail, go through it (decision 0021).
 */
export const mailModule = defineModule({
  name: 'mail',
  async register(
    app,
    {
      config,
      database,
      clock,
      events,
      mail,
      workspace,
      liveUsers,
    }: ModuleContext<{
      mail: MailOutboxService;
      /** The marketplace's name, who wants which e-mail, the sellers who want their weekly summary. */
      workspace: Pick<WorkspaceService, 'publicSettings' | 'notificationPreferences' | 'activeSellersWanting' | 'turnOffNotification'>;
      /** The chat module's open sockets: a chat message to someone online needs no e-mail. */
      liveUsers: Pick<LiveUsers, 'isOnline'>;
    }>,
  ) {
    const unsubscribeLinks = createUnsubscribeLinks({ secret: config.jwtSecret, publicUrl: config.publicUrl });
    const mailNotifications = createMailNotifications({
      db: database.db,
      events,
      mail,
      workspace,
      unsubscribeLinks,
      publicUrl: config.publicUrl,
      clock,
      isOnline: (userId) => liveUsers.isOnline(userId),
      // The weekly summary's figures are the dashboard's (analytics, below mail).
      weeklyFiguresOf: (sellerId, from, to) => findSellerWeekFigures(database.db, sellerId, from, to),
      onError: (error, event) => app.log.error({ err: error, event }, 'mail notification failed'),
    });
    // Reactions still writing their rows finish before the database closes.
    app.addHook('onClose', () => mailNotifications.settled());
    await app.register(mailRoutes, { prefix: '/api', mail, unsubscribeLinks, workspace });
    // The jobs send the weekly summaries; tests wait on settled().
    return { mailNotifications };
  },
});
