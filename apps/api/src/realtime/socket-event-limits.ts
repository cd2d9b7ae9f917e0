import { CHAT_RATE_LIMIT, CHAT_RATE_WINDOW_MS, type ClientToServerEvents } from '@marketplace/contracts/chat';
import type { Clock } from '../lib/clock';

// What one client may ask of the chat socket (docs/product/chat.md, "Limits on the live connection"). A
// socket event is cheap to send and may cost the server a query and a fan-out to other instances, so every
// kind has a budget per user (shared by all their tabs and, with Redis, by every instance), a socket may
// have only a few in progress (a flood cannot pile up a queue in memory), and a socket that keeps being
// refused is disconnected, its user kept out of that instance for a few seconds.

export type SocketEventName = keyof ClientToServerEvents;

export interface EventBudget {
  /** Events allowed in any `windowMs` (a sliding window). */
  limit: number;
  windowMs: number;
}

/**
 * Per user and kind of event. The web app sends `typing` at most every 2 s and `join_chats` once per
 * connection: every page load of every tab opens one, so thirty reloads a minute in each of two tabs ask 60
 * times (docs/product/limits-abuse.md, "What a busy person does"); the budget holds that twice.
 */
export const SOCKET_EVENT_BUDGETS: Readonly<Record<SocketEventName, EventBudget>> = {
  send_message: { limit: CHAT_RATE_LIMIT, windowMs: CHAT_RATE_WINDOW_MS },
  typing: { limit: 10, windowMs: 5_000 },
  mark_read: { limit: 20, windowMs: 5_000 },
  join_chats: { limit: 120, windowMs: 60_000 },
};

/** Events of a kind one socket may have in progress at once; more are refused, never queued. */
export const SOCKET_EVENTS_IN_FLIGHT: Readonly<Record<SocketEventName, number>> = { send_message: 4, typing: 1, mark_read: 1, join_chats: 1 };

/** At most one `typing` relay per user and chat in this time (on one instance); the rest are dropped quietly. */
export const TYPING_RELAY_EVERY_MS = 1_000;

/** Refusals (over budget, busy, invalid) one socket may collect in `windowMs` before it is disconnected. */
export const SOCKET_FLOOD_LIMIT = { refusals: 30, windowMs: 10_000 } as const;

/** After a flooding socket is closed, its user may not open another one on that instance for this long. */
export const FLOOD_COOL_DOWN_MS = 10_000;

/** How long a shared count may take before this instance answers from its own. */
const SHARED_COUNT_TIMEOUT_MS = 500;
/** Above this many remembered keys, the ones whose window has passed are swept. */
const SWEEP_ABOVE_KEYS = 10_000;

/** A sliding-window count kept somewhere every instance sees (Redis). */
export interface SharedWindowStore {
  /** Counts one event for `key` if fewer than `budget.limit` were counted in the window ending at `nowMs`; whether it was. */
  take(key: string, budget: EventBudget, nowMs: number): Promise<boolean>;
}

/** A sliding-window count in this process. */
export function createLocalWindows(clock: Clock) {
  const windows = new Map<string, number[]>();
  const longestWindowMs = Math.max(...Object.values(SOCKET_EVENT_BUDGETS).map((budget) => budget.windowMs));
  let sweptAt = -Infinity;
  const sweep = (nowMs: number) => {
    // At most once a second, so a map full of live keys does not cost a scan per event.
    if (nowMs - sweptAt < 1_000 && nowMs >= sweptAt) return;
    sweptAt = nowMs;
    for (const [key, times] of windows) {
      const last = times[times.length - 1];
      if (last === undefined || Math.abs(nowMs - last) >= longestWindowMs) windows.delete(key);
    }
  };
  return {
    take(key: string, budget: EventBudget): boolean {
      const nowMs = clock.now().getTime();
      const recent = (windows.get(key) ?? []).filter((at) => nowMs - at < budget.windowMs);
      const allowed = recent.length < budget.limit;
      if (allowed) recent.push(nowMs);
      windows.set(key, recent);
      if (windows.size > SWEEP_ABOVE_KEYS) sweep(nowMs);
      return allowed;
    },
    get size() {
      return windows.size;
    },
  };
}

/** The budgets of every user, counted in `shared` when there is one (this instance's own count when it fails). */
export interface UserEventBudgets {
  /** Counts one `event` of the user; false when over its budget (then nothing is counted). */
  take(userId: string, event: SocketEventName): Promise<boolean>;
}

export function createUserEventBudgets(options: {
  clock: Clock;
  shared?: SharedWindowStore;
  budgets?: Readonly<Record<SocketEventName, EventBudget>>;
  /** A failing shared store, at most once per 10 s. */
  onSharedError?: (error: unknown) => void;
}): UserEventBudgets {
  const budgets = options.budgets ?? SOCKET_EVENT_BUDGETS;
  const local = createLocalWindows(options.clock);
  let lastReportedAt = -Infinity;
  const report = (error: unknown) => {
    const now = Date.now();
    if (now - lastReportedAt < 10_000) return;
    lastReportedAt = now;
    options.onSharedError?.(error);
  };
  return {
    async take(userId, event) {
      const budget = budgets[event];
      const key = `${event}:${userId}`;
      if (!options.shared) return local.take(key, budget);
      let timer: NodeJS.Timeout | undefined;
      try {
        const timedOut = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`shared socket event count took over ${SHARED_COUNT_TIMEOUT_MS} ms`)), SHARED_COUNT_TIMEOUT_MS);
        });
        return await Promise.race([options.shared.take(key, budget, options.clock.now().getTime()), timedOut]);
      } catch (error) {
        // Redis is down or slow: chat goes on, each instance counting on its own (at worst N times the budget for N instances).
        report(error);
        return local.take(key, budget);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

// Trims the window, and adds this event only when under the limit, in one step: a user's tabs on several
// instances cannot slip between a read and a write. The set never holds more than `limit` members.
const TAKE_SCRIPT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', tonumber(ARGV[1]) - tonumber(ARGV[2]))
if redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[3]) then
  redis.call('ZADD', KEYS[1], ARGV[1], ARGV[4])
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return 1
end
return 0`;

interface EvalClient {
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
}

/** Counts in Redis under `<prefix>:socket-events:<event>:<user id>` (a sorted set of at most `limit` times). */
export function createRedisWindows(client: EvalClient, prefix: string): SharedWindowStore {
  let sequence = 0;
  const instance = Math.random().toString(36).slice(2, 10);
  return {
    async take(key, budget, nowMs) {
      sequence = (sequence + 1) % Number.MAX_SAFE_INTEGER;
      const member = `${nowMs}:${instance}:${sequence}`;
      const answer = await client.eval(TAKE_SCRIPT, {
        keys: [`${prefix}:socket-events:${key}`],
        arguments: [String(nowMs), String(budget.windowMs), String(budget.limit), member],
      });
      return Number(answer) === 1;
    },
  };
}

/**
 * One socket's side of the limits: how many of each event are in progress, and how many it had refused
 * lately. All in memory, and gone with the socket.
 */
export function createSocketGuard(clock: Clock) {
  const inFlight = new Map<SocketEventName, number>();
  let refusals: number[] = [];
  return {
    /** Takes a slot for `event`, or false when the socket already has its share in progress. */
    enter(event: SocketEventName): boolean {
      const running = inFlight.get(event) ?? 0;
      if (running >= SOCKET_EVENTS_IN_FLIGHT[event]) return false;
      inFlight.set(event, running + 1);
      return true;
    },
    leave(event: SocketEventName): void {
      inFlight.set(event, Math.max(0, (inFlight.get(event) ?? 1) - 1));
    },
    /** Counts a refusal; true when the socket has now been refused too often and must go. */
    refuse(): boolean {
      const nowMs = clock.now().getTime();
      refusals = refusals.filter((at) => nowMs - at < SOCKET_FLOOD_LIMIT.windowMs);
      refusals.push(nowMs);
      return refusals.length >= SOCKET_FLOOD_LIMIT.refusals;
    },
  };
}

/** When each user last had `typing` relayed per chat (this instance), forgotten after a few seconds. */
export function createTypingCoalescer(clock: Clock) {
  const lastRelayed = new Map<string, number>();
  let sweptAt = -Infinity;
  return {
    /** Whether a `typing` of this user in this chat should go out now (and remembers that it did). */
    shouldRelay(userId: string, chatId: string): boolean {
      const nowMs = clock.now().getTime();
      const key = `${userId}:${chatId}`;
      const last = lastRelayed.get(key);
      if (last !== undefined && nowMs - last < TYPING_RELAY_EVERY_MS && nowMs >= last) return false;
      lastRelayed.set(key, nowMs);
      if (lastRelayed.size > SWEEP_ABOVE_KEYS && Math.abs(nowMs - sweptAt) >= TYPING_RELAY_EVERY_MS) {
        sweptAt = nowMs;
        for (const [stored, at] of lastRelayed) if (Math.abs(nowMs - at) >= TYPING_RELAY_EVERY_MS) lastRelayed.delete(stored);
      }
      return true;
    },
    /** Forgets the relay (the event failed before it went out). */
    forget(userId: string, chatId: string): void {
      lastRelayed.delete(`${userId}:${chatId}`);
    },
  };
}

/**
 * Users whose socket was closed for flooding, refused at the handshake for FLOOD_COOL_DOWN_MS: a flooder
 * that reconnects at once (with the same token or another one) would otherwise cost a handshake and a
 * user look-up per reconnection. Per instance; the handshake asks by the user id the token claims, before
 * verifying it, which is safe because only a verified user's flood starts a cool-down (a forged token
 * naming them would be refused anyway).
 */
export function createFloodCoolDown(clock: Clock) {
  const until = new Map<string, number>();
  return {
    start(userId: string): void {
      const nowMs = clock.now().getTime();
      if (until.size > SWEEP_ABOVE_KEYS) for (const [stored, endsAt] of until) if (endsAt <= nowMs) until.delete(stored);
      until.set(userId, nowMs + FLOOD_COOL_DOWN_MS);
    },
    isCoolingDown(userId: string): boolean {
      const endsAt = until.get(userId);
      if (endsAt === undefined) return false;
      if (endsAt > clock.now().getTime()) return true;
      until.delete(userId);
      return false;
    },
  };
}
