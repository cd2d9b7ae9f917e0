import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { createClient } from 'redis';
import { closeRedis, connectRedis } from '../lib/redis-connection';
import { Server, type Socket } from 'socket.io';
import {
  chatIdPayloadSchema,
  sendMessagePayloadSchema,
  type ClientToServerEvents,
  type SendMessageAck,
  type ServerToClientEvents,
} from '@marketplace/contracts/chat';
import { SESSION_ENDED_MESSAGE } from '@marketplace/contracts/auth';
import { HttpError } from '../lib/http-errors';
import type { Clock } from '../lib/clock';
import type { DomainEvents } from '../lib/domain-events';
import type { ChatService } from '../modules/chat';
import type { UserRecord } from '../modules/users';
import {
  createFloodCoolDown,
  createRedisWindows,
  createSocketGuard,
  createTypingCoalescer,
  createUserEventBudgets,
  SOCKET_EVENT_BUDGETS,
  type SocketEventName,
} from './socket-event-limits';

// The live side of chat (docs/product/chat.md, api.md): socket.io on the API's own HTTP server, path
// /socket.io, websocket only (so several instances need no sticky sessions), authenticated with the
// bearer token in the handshake. Every socket joins its user's room, so a message reaches every open
// tab of both participants; with REDIS_URL the rooms are shared across instances by the Redis adapter.
// Every event is held to the limits of socket-event-limits.ts and re-checks the session (docs/product/chat.md).

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

export const SOCKET_BUSY_MESSAGE = 'Still working on your last request; please wait a moment';
export const SOCKET_FLOODED_MESSAGE = 'Too many requests on this connection; it was closed';
export const SOCKET_COOLING_DOWN_MESSAGE = 'Too many requests; try again in a few seconds';
const SESSION_EXPIRED_MESSAGE = 'Your session is invalid or has expired. Please log in again.';
const OVER_BUDGET_MESSAGES: Record<SocketEventName, string> = {
  send_message: `You are sending messages too fast. Wait a few seconds (at most ${SOCKET_EVENT_BUDGETS.send_message.limit} in ${SOCKET_EVENT_BUDGETS.send_message.windowMs / 1000} seconds).`,
  typing: 'Too many typing signals; wait a few seconds',
  mark_read: 'Too many read receipts; wait a few seconds',
  join_chats: 'Too many requests for your chats; wait a minute',
};

/** Why an event was refused: `code` is what a client acts on (docs/product/errors.md). */
interface Refusal {
  error: string;
  code: 'rate_limited' | 'session_ended' | 'session_expired' | 'unavailable';
}

/** The user changes after which an open socket may no longer be theirs to use. */
const SESSION_CHANGES: ReadonlySet<string> = new Set(['session', 'password', 'status']);

export interface ChatSocketOptions {
  chat: ChatService;
  /** The token's user, or why it is refused (the auth service's check, with its user cache): at the handshake and on every event. */
  checkToken(token: string): Promise<{ user: UserRecord } | { refused: 'invalid' | 'session_ended' }>;
  clock: Clock;
  corsOrigins: string[];
  redisUrl?: string;
  /** The adapter's channels start with `<prefix>:socket.io`; the per-user event counts are `<prefix>:socket-events:…`. */
  redisKeyPrefix?: string;
  /** Where `user.changed` is heard: a signed-out, re-passworded or suspended user's sockets are closed on every instance. */
  events?: Pick<DomainEvents, 'subscribe'>;
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

function tokenOf(socket: { handshake: { auth?: Record<string, unknown> } }): string {
  const token = socket.handshake.auth?.token;
  return typeof token === 'string' ? token : '';
}

/** The user id a token claims, unverified (for the flood cool-down only), or null. */
function subjectOf(token: string): string | null {
  if (!token) return null;
  try {
    const subject = decodeJwt(token).sub;
    return typeof subject === 'string' ? subject : null;
  } catch {
    return null;
  }
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

  const redisClients: Array<Parameters<typeof closeRedis>[0]> = [];
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
  // …and so, for a few seconds, is a user whose socket was just closed for flooding (before any look-up).
  const coolDown = createFloodCoolDown(options.clock);
  io.use(async (socket, next) => {
    const token = tokenOf(socket);
    const claimedUserId = subjectOf(token);
    if (claimedUserId && coolDown.isCoolingDown(claimedUserId)) {
      next(new Error(SOCKET_COOLING_DOWN_MESSAGE));
      return;
    }
    const checked = token ? await options.checkToken(token).catch(() => null) : null;
    if (!checked || !('user' in checked)) {
      next(new Error('Unauthorized access - token may be expired'));
      return;
    }
    socket.data.user = checked.user;
    next();
  });

  // Per user and kind of event, shared by the instances through Redis when there is one. Its own client,
  // which fails at once rather than queueing while Redis is away (this instance then counts on its own).
  let shared: ReturnType<typeof createRedisWindows> | undefined;
  if (redisUrl) {
    const counter = createClient({ url: redisUrl, RESP: 2, disableOfflineQueue: true });
    counter.on('error', (error: Error) => app.log.error({ err: error }, 'redis (chat event limits) error'));
    await connectRedis(counter, { url: redisUrl, purpose: 'chat event limits' });
    redisClients.push(counter);
    shared = createRedisWindows(counter, options.redisKeyPrefix ?? 'marketplace');
  }
  const budgets = createUserEventBudgets({
    clock: options.clock,
    shared,
    onSharedError: (error) => app.log.warn({ err: error }, 'chat event limits: Redis failed; counting on this instance only'),
  });
  const typingRelays = createTypingCoalescer(options.clock);

  // Signed out everywhere, a new password or a suspension: that user's open sockets close, on every instance.
  options.events?.subscribe('user.changed', (event) => {
    if (!SESSION_CHANGES.has(event.change)) return;
    io.in(userRoom(event.userId)).disconnectSockets(true);
  });

  io.on('connection', (socket: ChatSocket) => {
    const token = tokenOf(socket);
    const guard = createSocketGuard(options.clock);
    void socket.join(userRoom(socket.data.user.id));
    const fail = (message: string) => socket.emit('error', { message });
    const tell = (refusal: Refusal) => socket.emit('error', { message: refusal.error, ...refusal });

    /** Counts a refusal against this socket; one that keeps being refused is closed. */
    const strike = () => {
      if (!guard.refuse() || !socket.connected) return;
      tell({ error: SOCKET_FLOODED_MESSAGE, code: 'rate_limited' });
      coolDown.start(socket.data.user.id);
      socket.disconnect(true);
    };

    /**
     * Runs one event's work under the limits, cheapest check first (the payload was parsed already): a slot
     * on this socket (so a flood cannot queue), the user's budget, then the session; only then `work`,
     * which may query. `refuse` tells the client why not. `isCoalesced` may drop the event quietly once
     * it is within budget and before anything is read.
     */
    const guarded = async (
      event: SocketEventName,
      refuse: (refusal: Refusal) => void,
      work: (user: UserRecord) => Promise<void>,
      isCoalesced?: () => boolean,
    ) => {
      if (!socket.connected) return;
      const userId = socket.data.user.id;
      if (!guard.enter(event)) {
        refuse({ error: SOCKET_BUSY_MESSAGE, code: 'rate_limited' });
        strike();
        return;
      }
      try {
        if (!(await budgets.take(userId, event))) {
          refuse({ error: OVER_BUDGET_MESSAGES[event], code: 'rate_limited' });
          strike();
          return;
        }
        if (isCoalesced?.()) return;
        let checked: Awaited<ReturnType<ChatSocketOptions['checkToken']>>;
        try {
          checked = await options.checkToken(token);
        } catch (error) {
          // The check could not be made (the database is away): this event fails, the socket stays.
          refuse({ error: messageOf(error), code: 'unavailable' });
          return;
        }
        if ('refused' in checked) {
          // Signed out everywhere, a new password, suspended or expired: nothing more on this socket.
          const refusal: Refusal =
            checked.refused === 'session_ended'
              ? { error: SESSION_ENDED_MESSAGE, code: 'session_ended' }
              : { error: SESSION_EXPIRED_MESSAGE, code: 'session_expired' };
          refuse(refusal);
          if (socket.connected) socket.disconnect(true);
          return;
        }
        socket.data.user = checked.user;
        await work(checked.user);
      } finally {
        guard.leave(event);
      }
    };

    socket.on('join_chats', async () => {
      await guarded('join_chats', tell, async (user) => {
        try {
          const chatIds = await options.chat.chatIdsOf(user.id);
          socket.emit('joined_chats', { chatIds });
        } catch (error) {
          fail(messageOf(error));
        }
      });
    });

    socket.on('send_message', async (payload, ack) => {
      const answer = (result: SendMessageAck) => {
        if (typeof ack === 'function') ack(result);
        if (!result.ok) socket.emit('error', result.code ? { message: result.error, error: result.error, code: result.code } : { message: result.error });
      };
      const parsed = sendMessagePayloadSchema.safeParse(payload);
      if (!parsed.success) {
        answer({ ok: false, error: parsed.error.issues[0]?.message ?? 'Invalid message' });
        strike();
        return;
      }
      await guarded(
        'send_message',
        (refusal) => answer({ ok: false, ...refusal }),
        async (user) => {
          try {
            const { message, participants } = await options.chat.sendMessage(user.id, parsed.data);
            // Stored first, then told to every tab of both people (on every instance).
            io.to(participants.map(userRoom)).emit('new_message', { chatId: message.chat_id, message });
            answer({ ok: true, message });
          } catch (error) {
            answer({ ok: false, error: messageOf(error) });
          }
        },
      );
    });

    socket.on('mark_read', async (payload) => {
      const parsed = chatIdPayloadSchema.safeParse(payload);
      if (!parsed.success) {
        fail(parsed.error.issues[0]?.message ?? 'Invalid chat id');
        strike();
        return;
      }
      await guarded('mark_read', tell, async (user) => {
        try {
          const { chatId, readAt, otherId } = await options.chat.markRead(user.id, parsed.data.chatId);
          io.to(userRoom(user.id)).emit('messages_read', { chatId });
          io.to(userRoom(otherId)).emit('chat_read', { chatId, readerId: user.id, readAt });
        } catch (error) {
          fail(messageOf(error));
        }
      });
    });

    socket.on('typing', async (payload) => {
      const parsed = chatIdPayloadSchema.safeParse(payload);
      if (!parsed.success) {
        strike();
        return;
      }
      const { chatId } = parsed.data;
      await guarded(
        'typing',
        tell,
        async (user) => {
          try {
            const otherId = await options.chat.otherParticipant(user.id, chatId);
            io.to(userRoom(otherId)).emit('typing', { chatId, userId: user.id });
          } catch (error) {
            typingRelays.forget(socket.data.user.id, chatId);
            fail(messageOf(error));
          }
        },
        // A burst of key presses is one relay a second per chat (counted on this instance), before the look-up.
        () => !typingRelays.shouldRelay(socket.data.user.id, chatId),
      );
    });
  });

  // Sockets go before the HTTP server closes (it would wait for them), Redis after. Their connections are
  // closed without a "disconnect" message, so the browsers reconnect (to another instance, in a deployment).
  app.addHook('preClose', (done) => {
    io.engine.close();
    done();
  });
  app.addHook('onClose', async () => {
    await Promise.all(redisClients.map((client) => closeRedis(client)));
  });

  return io;
}
