import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Logger } from 'drizzle-orm';
import type { SendMessageAck } from '@marketplace/contracts/chat';
import { chatMessages, users } from '../db/schema';
import { buildTestApp, type TestApp } from '../../test/helper';
import { bearerFor } from '../../test/factories-commerce';
import { createSocketPerson, listenOnFreePort, nextEvent, openSocket, type ChatClient } from '../../test/socket-client';
import { FLOOD_COOL_DOWN_MS, SOCKET_EVENT_BUDGETS, SOCKET_FLOOD_LIMIT, TYPING_RELAY_EVERY_MS, type SocketEventName } from './socket-event-limits';
import { timeLimit } from '../../test/time-limit';

// One client cannot freeze the chat socket (docs/product/chat.md, "Limits on the live connection"): every
// event has a budget per user, checked before any query; a socket has only a few events in progress (the
// rest are refused, not queued); a socket that keeps being refused is closed (and its user kept out for a
// few seconds); typing is relayed at most once a second per chat; and every event re-checks the session,
// while a sign-out or a suspension closes the user's sockets at once.
// The app's clock stands still unless a test moves it, so no window passes by itself.

let testApp: TestApp;
let baseUrl: string;
const sockets: ChatClient[] = [];
let executed = 0;

const person = (role: 'buyer' | 'seller' | 'admin') => createSocketPerson(testApp, role);

/** A buyer and a seller with a conversation. */
async function pair() {
  const buyer = await person('buyer');
  const seller = await person('seller');
  const started = await testApp.app.inject({ method: 'POST', url: '/api/chat', headers: { authorization: buyer.bearer }, payload: { sellerId: seller.id } });
  expect(started.statusCode).toBe(200);
  return { buyer, seller, chatId: started.json().chat.id as string };
}

const open = (token: string) => openSocket(baseUrl, token, sockets);

/** Resolves with the reason once the server closes the socket. */
function closed(socket: ChatClient, timeoutMs = 5000): Promise<string> {
  return new Promise((resolve, reject) => {
    if (!socket.connected) {
      resolve('already closed');
      return;
    }
    const timer = setTimeout(() => reject(new Error(`still connected after ${timeoutMs} ms`)), timeoutMs);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

const send = (socket: ChatClient, chatId: string, content: string) =>
  new Promise<SendMessageAck>((resolve) => socket.emit('send_message', { chatId, content }, resolve));

/**
 * Resolves once the server has answered a `join_chats` sent now. It answers after a query, so the events
 * this socket sent before it that end before any query (dropped or refused) have been handled by then, and
 * whatever the server sent down this socket before its answer has arrived.
 */
async function answeredSoFar(socket: ChatClient): Promise<void> {
  const joined = nextEvent(socket, 'joined_chats');
  socket.emit('join_chats');
  await joined;
}

/** Every SQL statement the app runs goes through drizzle's logger; counted from here on. */
function countQueries() {
  const logger: Logger = {
    logQuery() {
      executed += 1;
    },
  };
  const session = (testApp.database.db as unknown as { session: { logger: Logger; options: { logger?: Logger } } }).session;
  session.logger = logger;
  session.options.logger = logger;
}

/**
 * Statements run by `work`, which resolves once the server has answered or closed what it sent, and by the
 * reactions to what it changed (notifications, e-mail), which run after the answer: counted until they
 * have all finished.
 */
async function queriesDuring(work: () => Promise<void>): Promise<number> {
  const before = executed;
  await work();
  await Promise.all([testApp.services.notificationReactions.settled(), testApp.services.mailNotifications.settled()]);
  return executed - before;
}

beforeAll(async () => {
  testApp = await buildTestApp();
  baseUrl = await listenOnFreePort(testApp);
  countQueries();
});

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await testApp?.close();
});

/** What a flooder emits, `count` times without waiting. */
const floods: Record<SocketEventName, (socket: ChatClient, chatId: string, count: number) => void> = {
  typing: (socket, chatId, count) => {
    for (let index = 0; index < count; index += 1) socket.emit('typing', { chatId });
  },
  join_chats: (socket, _chatId, count) => {
    for (let index = 0; index < count; index += 1) socket.emit('join_chats');
  },
  mark_read: (socket, chatId, count) => {
    for (let index = 0; index < count; index += 1) socket.emit('mark_read', { chatId });
  },
  send_message: (socket, chatId, count) => {
    for (let index = 0; index < count; index += 1) socket.emit('send_message', { chatId, content: `flood ${index}` }, () => undefined);
  },
};

/** One event of a kind, answered: resolves once the server has done it (its answer, or for typing the peer's relay). */
const answeredOnce: Record<SocketEventName, (socket: ChatClient, chatId: string, peer: () => Promise<ChatClient>) => Promise<unknown>> = {
  typing: async (socket, chatId, peer) => {
    const relayed = nextEvent(await peer(), 'typing');
    socket.emit('typing', { chatId });
    return relayed;
  },
  join_chats: (socket) => answeredSoFar(socket),
  mark_read: (socket, chatId) => {
    const read = nextEvent(socket, 'messages_read');
    socket.emit('mark_read', { chatId });
    return read;
  },
  send_message: (socket, chatId) => send(socket, chatId, 'probe'),
};

describe('a flood of one kind of event', () => {
  for (const event of ['typing', 'join_chats', 'mark_read', 'send_message'] as const) {
    it(`${event}: refused beyond its budget with rate_limited, no query per refused event, the flooder closed, others served`, async () => {
      const { buyer: flooder, seller: flooderPeer, chatId } = await pair();
      const { buyer: neighbour, seller: neighbourSeller, chatId: neighbourChat } = await pair();
      const [neighbourTab, neighbourSellerTab] = await Promise.all([open(neighbour.token), open(neighbourSeller.token)]);

      // What one accepted event of this kind costs in statements (another user, so the flooder's budget is whole),
      // with the reactions that follow a message (notification, e-mail). A relayed typing is heard by the peer,
      // whose tab opens first (its cost does not depend on the peer being there; a message's e-mail does).
      const { buyer: probe, seller: probePeer, chatId: probeChat } = await pair();
      const probeTab = await open(probe.token);
      const probePeerTab = event === 'typing' ? await open(probePeer.token) : null;
      const perEvent = await queriesDuring(async () => {
        await answeredOnce[event](probeTab, probeChat, async () => probePeerTab!);
      });
      expect(perEvent).toBeGreaterThan(0);

      const tab = await open(flooder.token);
      const refusals: Array<{ code?: string }> = [];
      tab.on('error', (payload) => refusals.push(payload));
      const peerTab = await open(flooderPeer.token);
      const heardByPeer: unknown[] = [];
      peerTab.on('typing', (payload) => heardByPeer.push(payload));
      const storedBefore = (await testApp.database.db.select().from(chatMessages).where(eq(chatMessages.chatId, chatId))).length;

      const sent = SOCKET_EVENT_BUDGETS[event].limit * 20;
      const queries = await queriesDuring(async () => {
        const gone = closed(tab);
        // The first typing is still being relayed when the refusals close the socket (one typing at a time).
        const relayed = event === 'typing' ? nextEvent(peerTab, 'typing') : undefined;
        floods[event](tab, chatId, sent);
        expect(await gone).toBe('io server disconnect');
        await relayed;
      });
      // Any relay sent before the peer's own answer has reached the peer.
      await answeredSoFar(peerTab);

      // At most the budget got through, each at its usual cost; the thousands refused cost nothing.
      expect(queries).toBeLessThanOrEqual(SOCKET_EVENT_BUDGETS[event].limit * perEvent);
      expect(refusals.length).toBeGreaterThanOrEqual(SOCKET_FLOOD_LIMIT.refusals);
      expect(refusals.every((refusal) => refusal.code === 'rate_limited' || refusal.code === undefined)).toBe(true);
      expect(refusals.at(-1)).toMatchObject({ code: 'rate_limited', error: expect.stringContaining('closed') });
      // The peer heard one typing relay, not thousands (the clock stands still: one second never passes).
      if (event === 'typing') expect(heardByPeer).toHaveLength(1);
      if (event === 'send_message') {
        const stored = (await testApp.database.db.select().from(chatMessages).where(eq(chatMessages.chatId, chatId))).length - storedBefore;
        expect(stored).toBeLessThanOrEqual(SOCKET_EVENT_BUDGETS.send_message.limit);
        expect(stored).toBeLessThan(sent);
      }

      // Everyone else goes on: the health check answers, another user's messages are stored and delivered.
      const started = performance.now();
      const health = await fetch(`${baseUrl}/api/health`);
      expect(health.status).toBe(200);
      expect(performance.now() - started).toBeLessThan(1000);
      const arrived = nextEvent(neighbourSellerTab, 'new_message');
      expect(await send(neighbourTab, neighbourChat, 'still here')).toMatchObject({ ok: true });
      expect(await arrived).toMatchObject({ chatId: neighbourChat, message: { content: 'still here' } });
    });
  }

  it('an over-budget event is refused with rate_limited before any query, and the socket stays open for a while', async () => {
    const { buyer, chatId } = await pair();
    const tab = await open(buyer.token);
    const budget = SOCKET_EVENT_BUDGETS.join_chats.limit;
    for (let index = 0; index < budget; index += 1) {
      const joined = nextEvent(tab, 'joined_chats');
      tab.emit('join_chats');
      expect((await joined).chatIds).toContain(chatId);
    }
    const refusal = nextEvent(tab, 'error');
    const queries = await queriesDuring(async () => {
      tab.emit('join_chats');
      expect(await refusal).toMatchObject({ code: 'rate_limited', error: expect.any(String), message: expect.any(String) });
    });
    expect(queries).toBe(0);
    expect(tab.connected).toBe(true);

    // The window passes: allowed again.
    testApp.clock.advance(SOCKET_EVENT_BUDGETS.join_chats.windowMs + 1);
    const joined = nextEvent(tab, 'joined_chats');
    tab.emit('join_chats');
    expect((await joined).chatIds).toContain(chatId);
  });

  it('a person who reloads Messages 30 times a minute in each of two tabs gets their chats at every load', { timeout: timeLimit(60_000) }, async () => {
    // Each load opens the page's socket and asks for the chats once (apps/web/src/lib/socket.tsx); the clock stands still, so all sixty fall in one minute.
    const { buyer, chatId } = await pair();
    const answers: string[] = [];
    for (let load = 0; load < 2 * 30; load += 1) {
      const tab = await open(buyer.token);
      const answer = new Promise<string>((resolve) => {
        tab.once('joined_chats', ({ chatIds }) => resolve(chatIds.includes(chatId) ? 'joined' : 'no chat'));
        tab.once('error', (payload) => resolve(payload.error ?? payload.message));
      });
      tab.emit('join_chats');
      answers.push(await answer);
      tab.disconnect();
    }
    expect(answers.filter((answer) => answer !== 'joined')).toEqual([]);
  });

  it('an invalid payload is refused without a query, and a flood of them closes the socket', async () => {
    const { buyer } = await pair();
    const tab = await open(buyer.token);
    const queries = await queriesDuring(async () => {
      const gone = closed(tab);
      for (let index = 0; index < SOCKET_FLOOD_LIMIT.refusals * 3; index += 1) tab.emit('mark_read', { chatId: 'not-an-id' });
      expect(await gone).toBe('io server disconnect');
    });
    expect(queries).toBe(0);

    // Reconnecting at once, with this token or a new one, is refused for a while (before any look-up), then allowed again.
    testApp.clock.advance(1000);
    const newToken = (await bearerFor(testApp, { id: buyer.id, role: 'buyer' })).replace(/^Bearer /, '');
    expect(newToken).not.toBe(buyer.token);
    const refused = await queriesDuring(async () => {
      await expect(open(buyer.token)).rejects.toThrow('try again in a few seconds');
      await expect(open(newToken)).rejects.toThrow('try again in a few seconds');
    });
    expect(refused).toBe(0);
    testApp.clock.advance(FLOOD_COOL_DOWN_MS);
    expect((await open(buyer.token)).connected).toBe(true);
  });
});

describe('typing relays', () => {
  it('go out at most once a second per chat, however many key presses', async () => {
    const { buyer, seller, chatId } = await pair();
    const [buyerTab, sellerTab] = await Promise.all([open(buyer.token), open(seller.token)]);
    const heard: unknown[] = [];
    sellerTab.on('typing', (payload) => heard.push(payload));

    const refusals: unknown[] = [];
    buyerTab.on('error', (payload) => refusals.push(payload));

    // Within the budget, one at a time (as a fast typist's browser would, were it not throttling itself): the
    // first is relayed, and each of the others is dropped before the next is sent.
    const first = nextEvent(sellerTab, 'typing');
    buyerTab.emit('typing', { chatId });
    await first;
    for (let index = 0; index < 4; index += 1) {
      buyerTab.emit('typing', { chatId });
      await answeredSoFar(buyerTab);
    }
    // Any relay sent before the seller's own answer has reached the seller.
    await answeredSoFar(sellerTab);
    expect(heard).toEqual([{ chatId, userId: buyer.id }]);
    expect(refusals).toEqual([]);

    testApp.clock.advance(TYPING_RELAY_EVERY_MS);
    const next = nextEvent(sellerTab, 'typing');
    buyerTab.emit('typing', { chatId });
    await next;
    expect(heard).toHaveLength(2);
    expect(buyerTab.connected).toBe(true);
  });
});

describe('the session behind an open socket', () => {
  it('a suspended user’s open socket is closed at once, and they cannot reconnect', async () => {
    const admin = await person('admin');
    const { buyer } = await pair();
    const tab = await open(buyer.token);
    const gone = closed(tab);
    const suspended = await testApp.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${buyer.id}`,
      headers: { authorization: admin.bearer },
      payload: { status: 'suspended' },
    });
    expect(suspended.statusCode).toBe(200);
    expect(await gone).toBe('io server disconnect');
    await expect(open(buyer.token)).rejects.toThrow('Unauthorized');
  });

  it('signing out everywhere closes every open tab of that user, not others’', async () => {
    const { buyer, seller } = await pair();
    const [first, second, sellerTab] = await Promise.all([open(buyer.token), open(buyer.token), open(seller.token)]);
    const gone = [closed(first), closed(second)];
    const loggedOut = await testApp.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: buyer.bearer } });
    expect(loggedOut.statusCode).toBeLessThan(300);
    expect(await Promise.all(gone)).toEqual(['io server disconnect', 'io server disconnect']);
    // Closed with the buyer's tabs, the seller's would have heard so before this answer.
    await answeredSoFar(sellerTab);
    expect(sellerTab.connected).toBe(true);
  });

  it('an event on a socket whose session ended (no event heard) is refused, nothing stored, and the socket closed', async () => {
    const { buyer, chatId } = await pair();
    const tab = await open(buyer.token);
    expect(await send(tab, chatId, 'before')).toMatchObject({ ok: true });
    // The session version moves on behind the app's back (as another instance's change would, were its message lost).
    await testApp.database.db
      .update(users)
      .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(eq(users.id, buyer.id));
    const gone = closed(tab);
    expect(await send(tab, chatId, 'after')).toMatchObject({ ok: false, code: 'session_ended' });
    expect(await gone).toBe('io server disconnect');
    const stored = await testApp.database.db.select().from(chatMessages).where(eq(chatMessages.chatId, chatId));
    expect(stored.map((message) => message.content)).toEqual(['before']);
  });

  it('a suspension written without the event refuses the next event too', async () => {
    const { buyer, seller, chatId } = await pair();
    const [tab, sellerTab] = await Promise.all([open(buyer.token), open(seller.token)]);
    await testApp.database.db.update(users).set({ status: 'suspended' }).where(eq(users.id, buyer.id));
    const heard: unknown[] = [];
    sellerTab.on('typing', (payload) => heard.push(payload));
    const refusal = nextEvent(tab, 'error');
    const gone = closed(tab);
    tab.emit('typing', { chatId });
    expect(await refusal).toMatchObject({ code: 'session_expired' });
    expect(await gone).toBe('io server disconnect');
    // A relay sent for it would have reached the seller before the seller's own answer.
    await answeredSoFar(sellerTab);
    expect(heard).toEqual([]);
  });
});
