import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createClient } from 'redis';
import { createManualClock } from '../lib/clock';
import { buildTestApp, type TestApp } from '../../test/helper';
import { createUser } from '../../test/factories';
import { bearerFor } from '../../test/factories-commerce';
import { redisAnswers } from '../../test/redis';
import { openSocket, type ChatClient } from '../../test/socket-client';
import {
  createRedisWindows,
  createSocketGuard,
  createTypingCoalescer,
  createUserEventBudgets,
  SOCKET_EVENT_BUDGETS,
  SOCKET_FLOOD_LIMIT,
  type SharedWindowStore,
} from './socket-event-limits';

// The counting behind the chat socket's limits: per user, shared through Redis by every instance, and
// answered by the instance itself when Redis fails (chat keeps working).

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const hasRedis = await redisAnswers(redisUrl);
if (!hasRedis) console.warn(`socket-event-limits.test.ts: no Redis at ${redisUrl}; the shared-budget tests are skipped (set REDIS_URL or start a local Redis)`);

describe('user event budgets', () => {
  it('count per user and kind, in a sliding window', async () => {
    const clock = createManualClock();
    const budgets = createUserEventBudgets({ clock });
    const { limit, windowMs } = SOCKET_EVENT_BUDGETS.typing;
    for (let index = 0; index < limit; index += 1) expect(await budgets.take('ada', 'typing')).toBe(true);
    expect(await budgets.take('ada', 'typing')).toBe(false);
    // Other users and other kinds have their own.
    expect(await budgets.take('bob', 'typing')).toBe(true);
    expect(await budgets.take('ada', 'mark_read')).toBe(true);
    clock.advance(windowMs);
    expect(await budgets.take('ada', 'typing')).toBe(true);
  });

  it('fall back to this instance’s count when the shared store fails or hangs, saying so once', async () => {
    const clock = createManualClock();
    const reported: unknown[] = [];
    const failing: SharedWindowStore = { take: () => Promise.reject(new Error('connection refused')) };
    const budgets = createUserEventBudgets({ clock, shared: failing, onSharedError: (error) => reported.push(error) });
    const { limit } = SOCKET_EVENT_BUDGETS.join_chats;
    for (let index = 0; index < limit; index += 1) expect(await budgets.take('ada', 'join_chats')).toBe(true);
    expect(await budgets.take('ada', 'join_chats')).toBe(false);
    expect(reported).toHaveLength(1);

    const hanging: SharedWindowStore = { take: () => new Promise<boolean>(() => undefined) };
    const slow = createUserEventBudgets({ clock, shared: hanging });
    const started = performance.now();
    expect(await slow.take('ada', 'typing')).toBe(true);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('a socket’s guard', () => {
  it('lets one typing, mark_read or join_chats and a few messages be in progress at once', () => {
    const guard = createSocketGuard(createManualClock());
    expect(guard.enter('typing')).toBe(true);
    expect(guard.enter('typing')).toBe(false);
    expect(guard.enter('mark_read')).toBe(true);
    guard.leave('typing');
    expect(guard.enter('typing')).toBe(true);
    for (let index = 0; index < 4; index += 1) expect(guard.enter('send_message')).toBe(true);
    expect(guard.enter('send_message')).toBe(false);
  });

  it('says when a socket has been refused too often within the window', () => {
    const clock = createManualClock();
    const guard = createSocketGuard(clock);
    for (let index = 1; index < SOCKET_FLOOD_LIMIT.refusals; index += 1) expect(guard.refuse()).toBe(false);
    clock.advance(SOCKET_FLOOD_LIMIT.windowMs);
    expect(guard.refuse()).toBe(false);
  });

  it('coalesces typing per user and chat to one relay a second', () => {
    const clock = createManualClock();
    const typing = createTypingCoalescer(clock);
    expect(typing.shouldRelay('ada', 'chat-1')).toBe(true);
    expect(typing.shouldRelay('ada', 'chat-1')).toBe(false);
    expect(typing.shouldRelay('ada', 'chat-2')).toBe(true);
    expect(typing.shouldRelay('bob', 'chat-1')).toBe(true);
    clock.advance(1000);
    expect(typing.shouldRelay('ada', 'chat-1')).toBe(true);
  });
});

describe.skipIf(!hasRedis)('budgets shared through Redis', () => {
  const prefix = `socket-limits-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  const client = createClient({ url: redisUrl, RESP: 2 });
  const apps: TestApp[] = [];
  const urls: string[] = [];
  const sockets: ChatClient[] = [];

  beforeAll(async () => {
    await client.connect();
    for (const index of [0, 1]) {
      const testApp = await buildTestApp({
        environment: { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix, LOG_LEVEL: 'silent' },
        ...(index === 1 ? { sharedDatabase: apps[0]!.database } : {}),
      });
      await testApp.app.listen({ port: 0, host: '127.0.0.1' });
      const address = (testApp.app as FastifyInstance).server.address();
      urls.push(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
      apps.push(testApp);
    }
  });

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    for (const testApp of [...apps].reverse()) await testApp.close();
    const keys = await client.keys(`${prefix}:*`);
    if (keys.length > 0) await client.del(keys);
    await client.quit();
  });

  it('counts atomically: of many takes at once, exactly the limit pass', async () => {
    const windows = createRedisWindows(client, prefix);
    const budget = { limit: 7, windowMs: 60_000 };
    const now = Date.now();
    const answers = await Promise.all(Array.from({ length: 40 }, () => windows.take('typing:atomic', budget, now)));
    expect(answers.filter(Boolean)).toHaveLength(7);
    // The set holds no more than the limit.
    expect(await client.zCard(`${prefix}:socket-events:typing:atomic`)).toBe(7);
    expect(await windows.take('typing:atomic', budget, now + budget.windowMs)).toBe(true);
  });

  it('one user’s tabs on two instances share one budget', async () => {
    const user = await createUser(apps[0]!.database.db, { role: 'buyer' });
    const token = (await bearerFor(apps[0]!, user)).replace(/^Bearer /, '');
    const [onA, onB] = await Promise.all([openSocket(urls[0]!, token, sockets), openSocket(urls[1]!, token, sockets)]);
    const join = (socket: ChatClient) =>
      new Promise<'joined' | string>((resolve) => {
        socket.once('joined_chats', () => resolve('joined'));
        socket.once('error', (payload) => resolve(payload.code ?? payload.message));
        socket.emit('join_chats');
      });
    const { limit } = SOCKET_EVENT_BUDGETS.join_chats;
    const answers: string[] = [];
    for (let index = 0; index < limit; index += 1) answers.push(await join(index % 2 === 0 ? onA : onB));
    expect(answers.every((answer) => answer === 'joined')).toBe(true);
    // Each instance saw only half the budget, yet both refuse now.
    expect(await join(onA)).toBe('rate_limited');
    expect(await join(onB)).toBe('rate_limited');
  });

  it('a sign-out heard on one instance closes the user’s tab on the other', async () => {
    const user = await createUser(apps[0]!.database.db, { role: 'buyer' });
    const bearer = await bearerFor(apps[0]!, user);
    const onB = await openSocket(urls[1]!, bearer.replace(/^Bearer /, ''), sockets);
    // A's request to close the socket reaches B on the adapter's request channel, which each instance
    // subscribes to as it starts, without waiting for Redis to confirm: both must be listening first.
    const requests = `${prefix}:socket.io-request#/#`;
    await vi.waitFor(async () => expect((await client.pubSubNumSub([requests]))[requests]).toBe(2), { timeout: 5_000 });
    const gone = new Promise<string>((resolve) => onB.once('disconnect', resolve));
    const loggedOut = await apps[0]!.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: bearer } });
    expect(loggedOut.statusCode).toBeLessThan(300);
    expect(await gone).toBe('io server disconnect');
  });
});
