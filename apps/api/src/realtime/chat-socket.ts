import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import { createClient } from 'redis';
import { connectRedis } from '../lib/redis-connection';
import { Server, type Socket } from 'socket.io';
import {
  CHAT_RATE_LIMIT,
  CHAT_RATE_WINDOW_MS,
  chatIdPayloadSchema,
  sendMessagePayloadSchema,
  type ClientToServerEvents,
  type SendMessageAck,
  type ServerToClientEvents,
} from '@marketplace/contracts/chat';
import { HttpError } from '../lib/http-errors';
import type { Clock } from '../lib/clock';
import type { ChatService } from '../modules/chat';
import type { UserRecord } from '../modules/users';

// The live side of chat (docs/product/chat.md, api.md): socket.io on the API's own HTTP server, path
// /socket.io, websocket only (so several instances need no sticky sessions), authenticated with the
// bearer token in the handshake. Every socket joins its user's room, so a message reaches every open
// tab of both participants; with REDIS_URL the rooms are shared across instances by the Redis adapter.

interface SocketData {
  user: UserRecord;
}
type ChatSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type ChatServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

const userRoom = (userId: string) => `user:${userId}`;

function messageOf(error: unknown): string {
  if (error instanceof HttpError) return error.message;
  if (error && typeof error === 'object' && 'issues' in error) {
    const first = (error as { issues: Array<{ message: string }> }).issues[0];
    if (first) return first.message;
  }
  return 'Something went wrong; please try again';
}

export interface ChatSocketOptions {
  chat: ChatService;
  authenticate(token: string): Promise<UserRecord | null>;
  clock: Clock;
  corsOrigins: string[];
  redisUrl?: string;
  /** The adapter's channels start with `<prefix>:socket.io`. */
  redisKeyPrefix?: string;
}

/** What other modules may do with the open sockets: tell a user something live, or ask whether they are here. */
export interface LiveUsers {
  /** Sends `event` to every open tab of these users, on every instance (through the Redis adapter when there is one). */
  emit<Event extends keyof ServerToClientEvents>(userIds: readonly string[], event: Event, ...payload: Parameters<ServerToClientEvents[Event]>): void;
  /** Whether the user has a socket open on any instance (a failure to ask counts as "not here"). */
  isOnline(userId: string): Promise<boolean>;
}

export function liveUsersOf(io: ChatServer): LiveUsers {
  return {
    emit(userIds, event, ...payload) {
      if (userIds.length === 0) return;
      io.to(userIds.map(userRoom)).emit(event, ...payload);
    },
    async isOnline(userId) {
      try {
        const sockets = await io.in(userRoom(userId)).fetchSockets();
        return sockets.length > 0;
      } catch {
        return false;
      }
    },
  };
}

/** Attaches the chat socket server to the app's HTTP server; closes with the app. */
export async function attachChatSocket(app: FastifyInstance, options: ChatSocketOptions): Promise<ChatServer> {
  const io: ChatServer = new Server(app.server, {
    path: '/socket.io',
    transports: ['websocket'],
    cors: { origin: options.corsOrigins, credentials: false },
    serveClient: false,
    maxHttpBufferSize: 64 * 1024,
  });

  const redisClients: Array<{ quit(): Promise<unknown> }> = [];
  const { redisUrl } = options;
  if (redisUrl) {
    const publisher = createClient({ url: redisUrl, RESP: 2 });
    const subscriber = publisher.duplicate();
    for (const client of [publisher, subscriber]) client.on('error', (error: Error) => app.log.error({ err: error }, 'redis (chat adapter) error'));
    await Promise.all([publisher, subscriber].map((client) => connectRedis(client, { url: redisUrl, purpose: 'chat adapter' })));
    redisClients.push(publisher, subscriber);
    io.adapter(createAdapter(publisher, subscriber, { key: `${options.redisKeyPrefix ?? 'marketplace'}:socket.io` }));
  }

  // A bad, expired or suspended user's token is refused before the connection opens.
  io.use(async (socket, next) => {
    const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : '';
    const user = token ? await options.authenticate(token).catch(() => null) : null;
    if (!user) {
      next(new Error('Unauthorized access - token may be expired'));
      return;
    }
    socket.data.user = user;
    next();
  });

  // Sends per user in the last window (per instance; a user's tabs usually share one).
  const recentSends = new Map<string, number[]>();
  const allowSend = (userId: string) => {
    const now = options.clock.now().getTime();
    const recent = (recentSends.get(userId) ?? []).filter((at) => now - at < CHAT_RATE_WINDOW_MS);
    if (recent.length >= CHAT_RATE_LIMIT) {
      recentSends.set(userId, recent);
      return false;
    }
    recent.push(now);
    recentSends.set(userId, recent);
    return true;
  };

  io.on('connection', (socket: ChatSocket) => {
    const user = socket.data.user;
    void socket.join(userRoom(user.id));
    const fail = (message: string) => socket.emit('error', { message });

    socket.on('join_chats', async () => {
      try {
        const chatIds = await options.chat.chatIdsOf(user.id);
        socket.emit('joined_chats', { chatIds });
      } catch (error) {
        fail(messageOf(error));
      }
    });

    socket.on('send_message', async (payload, ack) => {
      const answer = (result: SendMessageAck) => {
        if (typeof ack === 'function') ack(result);
        if (!result.ok) fail(result.error);
      };
      if (!allowSend(user.id)) {
        answer({ ok: false, error: `You are sending messages too fast. Wait a few seconds (at most ${CHAT_RATE_LIMIT} in ${CHAT_RATE_WINDOW_MS / 1000} seconds).` });
        return;
      }
      const parsed = sendMessagePayloadSchema.safeParse(payload);
      if (!parsed.success) {
        answer({ ok: false, error: parsed.error.issues[0]?.message ?? 'Invalid message' });
        return;
      }
      try {
        const { message, participants } = await options.chat.sendMessage(user.id, parsed.data);
        // Stored first, then told to every tab of both people (on every instance).
        io.to(participants.map(userRoom)).emit('new_message', { chatId: message.chat_id, message });
        answer({ ok: true, message });
      } catch (error) {
        answer({ ok: false, error: messageOf(error) });
      }
    });

    socket.on('mark_read', async (payload) => {
      const parsed = chatIdPayloadSchema.safeParse(payload);
      if (!parsed.success) {
        fail(parsed.error.issues[0]?.message ?? 'Invalid chat id');
        return;
      }
      try {
        const { chatId, readAt, otherId } = await options.chat.markRead(user.id, parsed.data.chatId);
        io.to(userRoom(user.id)).emit('messages_read', { chatId });
        io.to(userRoom(otherId)).emit('chat_read', { chatId, readerId: user.id, readAt });
      } catch (error) {
        fail(messageOf(error));
      }
    });

    socket.on('typing', async (payload) => {
      const parsed = chatIdPayloadSchema.safeParse(payload);
      if (!parsed.success) return;
      try {
        const otherId = await options.chat.otherParticipant(user.id, parsed.data.chatId);
        io.to(userRoom(otherId)).emit('typing', { chatId: parsed.data.chatId, userId: user.id });
      } catch (error) {
        fail(messageOf(error));
      }
    });
  });

  // Sockets go before the HTTP server closes (it would wait for them), Redis after. Their connections are
  // closed without a "disconnect" message, so the browsers reconnect (to another instance, in a deployment).
  app.addHook('preClose', (done) => {
    io.engine.close();
    done();
  });
  app.addHook('onClose', async () => {
    await Promise.all(redisClients.map((client) => client.quit().catch(() => undefined)));
  });

  return io;
}
