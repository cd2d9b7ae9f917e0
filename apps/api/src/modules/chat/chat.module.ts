import { attachChatSocket, liveUsersOf } from '../../realtime/chat-socket';
import type { AuthService } from '../auth';
import { defineModule, type ModuleContext, type PortToFill } from '../define-module';
import { findRecentMessagesBetween, type ConversationMessage } from './chat.repository';
import { chatRoutes } from './chat.routes';
import { createChatService } from './chat.service';

/** Conversations over REST, live events over the socket (realtime/chat-socket.ts). */
export const chatModule = defineModule({
  name: 'chat',
  async register(
    app,
    {
      config,
      database,
      files,
      clock,
      events,
      auth,
      recentMessagesBetweenPort,
    }: ModuleContext<{
      /** The socket checks each token as a request's sign-in does. */
      auth: Pick<AuthService, 'checkToken'>;
      /** The disputes module's port for a pair's latest messages: filled here. */
      recentMessagesBetweenPort: PortToFill<(pair: { buyerId: string; sellerId: string }, limit: number) => Promise<ConversationMessage[]>>;
    }>,
  ) {
    recentMessagesBetweenPort.fill((pair, limit) => findRecentMessagesBetween(database.db, pair, limit));
    const chat = createChatService({ db: database.db, files, clock, events });
    await app.register(chatRoutes, { prefix: '/api/chat', chat });
    const chatSockets = await attachChatSocket(app, {
      chat,
      checkToken: (token) => auth.checkToken(token),
      clock,
      corsOrigins: config.corsOrigins,
      redisUrl: config.redisUrl,
      redisKeyPrefix: config.redisKeyPrefix,
      events,
    });
    // Who has a tab open, and a way to tell them something live (in-app notifications, the chat e-mail's
    // "offline" check); the open sockets' count for GET /metrics; the jobs delete unsent uploads.
    return { chat, liveUsers: liveUsersOf(chatSockets), openSockets: () => chatSockets.engine.clientsCount };
  },
});
