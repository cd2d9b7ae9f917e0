import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientToServerEvents, ServerToClientEvents } from '@marketplace/contracts/chat';
import { NOTIFICATIONS_READ_MAX_IDS, type NotificationKind } from '@marketplace/contracts/notifications';
import { notifications as notificationsTable } from '../../db/schema';
import { createManualClock } from '../../lib/clock';
import { defineJobs, JOB_NAMES } from '../../jobs';
import type { LiveUsers } from '../../realtime/chat-socket';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { createCommerceCategory, createListing } from '../../../test/factories-commerce';
import { createNotificationsService, NOTIFICATION_BODY_MAX, NOTIFICATION_TITLE_MAX, READ_NOTIFICATION_KEPT_MS } from './notifications.service';
import { createSocketPerson, listenOnFreePort, nextEvent, openSocket, type SocketPerson } from '../../../test/socket-client';

// The bell over HTTP (GET /api/notifications, POST /api/notifications/read) and over the socket
// (`notification`, `notifications_read`), on the real app listening on a port. Rows for the paging
// checks are written by a second service on the same database, whose pushes are recorded here.

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

let testApp: TestApp;
let baseUrl: string;
const sockets: Client[] = [];

const person = (role: 'buyer' | 'seller' | 'admin') => createSocketPerson(testApp, role);

const call = (method: 'GET' | 'POST', url: string, who: SocketPerson | null, payload?: unknown, headers: Record<string, string> = {}) =>
  testApp.app.inject({
    method,
    url,
    headers: { ...(who ? { authorization: who.bearer } : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** Pushes the second service made, by event. */
const pushed: Array<{ userIds: readonly string[]; event: string; payload: unknown }> = [];
const recordingLive: Pick<LiveUsers, 'emit'> = {
  emit: (userIds, event, ...payload) => void pushed.push({ userIds, event, payload: payload[0] }),
};
/** The second service's own clock, a week back: what it writes is older than what the app writes now. */
let clock: ReturnType<typeof createManualClock>;
let writer: ReturnType<typeof createNotificationsService>;

/** Writes `count` notifications for the user, one minute apart, oldest first; answers their ids oldest first. */
async function seed(userId: string, count: number, kind: NotificationKind = 'order_placed'): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    clock.advance(60_000);
    const written = await writer.notify({
      userId,
      kind,
      title: `Title ${index}`,
      body: `Body ${index}`,
      link: `/myorders/${index}`,
      dedupeKey: `seed:${userId}:${index}:${Math.random()}`,
    });
    ids.push(written!.id);
  }
  return ids;
}

const open = (token: string): Promise<Client> => openSocket(baseUrl, token, sockets);

/** Everything `event` brings to the socket from now on. */
function collect<E extends keyof ServerToClientEvents>(socket: Client, event: E): Array<Parameters<ServerToClientEvents[E]>[0]> {
  const seen: Array<Parameters<ServerToClientEvents[E]>[0]> = [];
  socket.on(event as never, ((payload: unknown) => void seen.push(payload as never)) as never);
  return seen;
}

let keys = 0;
async function buy(buyer: SocketPerson, productId: string) {
  expect((await call('POST', '/api/cart/items', buyer, { product_id: productId, quantity: 1 })).statusCode).toBeLessThan(300);
  const response = await call(
    'POST',
    '/api/orders/checkout',
    buyer,
    {
      shippingAddress: { name: 'Ada Buyer', line1: '1 Main St', city: 'Portland', state: 'OR', postal_code: '97201', country: 'US' },
      payment: { card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2035, cvc: '123' } },
    },
    { 'idempotency-key': `notifications-test-${Date.now()}-${++keys}` },
  );
  expect(response.statusCode).toBeLessThan(300);
  const [order] = await testApp.database.db.query.orders.findMany({
    where: (orders, { eq: equals }) => equals(orders.buyerId, buyer.id),
    orderBy: (orders, { desc }) => desc(orders.createdAt),
  });
  return order!;
}

beforeAll(async () => {
  testApp = await buildTestApp();
  baseUrl = await listenOnFreePort(testApp);
  clock = createManualClock(new Date(testApp.clock.now().getTime() - 7 * 24 * 60 * 60 * 1000));
  writer = createNotificationsService({ db: testApp.database.db, clock, live: recordingLive });
});

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await testApp?.close();
});

describe('GET /api/notifications', () => {
  it('asks for a login', async () => {
    const refused = await call('GET', '/api/notifications', null);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ error: expect.any(String), code: expect.any(String) });
    expect((await call('POST', '/api/notifications/read', null, { all: true })).statusCode).toBe(401);
  });

  it('answers an empty page to someone with no notifications, in every role', async () => {
    for (const role of ['buyer', 'seller', 'admin'] as const) {
      const response = await call('GET', '/api/notifications', await person(role));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ notifications: [], unreadCount: 0, page: 1, limit: 20, total: 0 });
    }
  });

  it('pages the caller’s own notifications newest first, 20 by default, with the unread count and total', async () => {
    const buyer = await person('buyer');
    const other = await person('seller');
    const ids = await seed(buyer.id, 25);
    const newest = clock.now().toISOString();
    await seed(other.id, 3);

    const first = await call('GET', '/api/notifications', buyer);
    expect(first.statusCode).toBe(200);
    const page = first.json();
    expect(page).toMatchObject({ unreadCount: 25, page: 1, limit: 20, total: 25 });
    expect(page.notifications.map((item: { id: string }) => item.id)).toEqual(ids.slice().reverse().slice(0, 20));
    expect(page.notifications[0]).toEqual({
      id: ids[24],
      kind: 'order_placed',
      title: 'Title 24',
      body: 'Body 24',
      link: '/myorders/24',
      createdAt: newest,
      readAt: null,
    });

    const second = (await call('GET', '/api/notifications?page=2', buyer)).json();
    expect(second.notifications.map((item: { id: string }) => item.id)).toEqual(ids.slice(0, 5).reverse());
    expect(second).toMatchObject({ page: 2, limit: 20, total: 25, unreadCount: 25 });
    const small = (await call('GET', '/api/notifications?limit=2&page=3', buyer)).json();
    expect(small.notifications.map((item: { id: string }) => item.id)).toEqual([ids[20], ids[19]]);
    expect((await call('GET', '/api/notifications?page=9', buyer)).json()).toMatchObject({ notifications: [], total: 25 });
    // Nobody else's rows.
    expect((await call('GET', '/api/notifications', other)).json()).toMatchObject({ total: 3, unreadCount: 3 });
  });

  it('lists the unread only with unread=true, and everything with unread=false or empty', async () => {
    const buyer = await person('buyer');
    const ids = await seed(buyer.id, 4);
    expect((await call('POST', '/api/notifications/read', buyer, { ids: [ids[1], ids[3]] })).json()).toEqual({ unreadCount: 2 });

    const unread = (await call('GET', '/api/notifications?unread=true', buyer)).json();
    expect(unread).toMatchObject({ total: 2, unreadCount: 2 });
    expect(unread.notifications.map((item: { id: string }) => item.id)).toEqual([ids[2], ids[0]]);
    for (const query of ['unread=false', 'unread=']) {
      const all = (await call('GET', `/api/notifications?${query}`, buyer)).json();
      expect(all).toMatchObject({ total: 4, unreadCount: 2 });
      expect(all.notifications.find((item: { id: string }) => item.id === ids[3]).readAt).toEqual(expect.any(String));
    }
  });

  it('refuses a bad query with 400 { error, code }', async () => {
    const buyer = await person('buyer');
    for (const query of ['page=0', 'page=x', 'limit=0', 'limit=51', 'limit=2.5', 'unread=yes']) {
      const response = await call('GET', `/api/notifications?${query}`, buyer);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toMatchObject({ error: expect.any(String), code: 'validation_failed' });
    }
    expect((await call('GET', '/api/notifications?unread=yes', buyer)).json().error).toContain('Unread must be true or false');
  });
});

describe('POST /api/notifications/read', () => {
  it('marks the caller’s ids read, ignores someone else’s, and answers the unread count', async () => {
    const buyer = await person('buyer');
    const seller = await person('seller');
    const mine = await seed(buyer.id, 3);
    const theirs = await seed(seller.id, 2);

    const response = await call('POST', '/api/notifications/read', buyer, { ids: [mine[0], theirs[0], theirs[1]] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ unreadCount: 2 });
    // The seller's rows are untouched.
    expect((await call('GET', '/api/notifications', seller)).json()).toMatchObject({ unreadCount: 2 });
    const rows = await testApp.database.db.select().from(notificationsTable).where(inArray(notificationsTable.id, theirs));
    expect(rows.every((row) => row.readAt === null)).toBe(true);
    // Marking again, or only others' ids, changes nothing and still answers.
    expect((await call('POST', '/api/notifications/read', buyer, { ids: [mine[0]] })).json()).toEqual({ unreadCount: 2 });
    expect((await call('POST', '/api/notifications/read', buyer, { ids: theirs })).json()).toEqual({ unreadCount: 2 });
    expect((await call('POST', '/api/notifications/read', buyer, { ids: ['00000000-0000-4000-8000-000000000000'] })).json()).toEqual({ unreadCount: 2 });
  });

  it('marks all read, keeping the first read time of those read before', async () => {
    const seller = await person('seller');
    const ids = await seed(seller.id, 3);
    await call('POST', '/api/notifications/read', seller, { ids: [ids[0]] });
    const [before] = await testApp.database.db.select().from(notificationsTable).where(eq(notificationsTable.id, ids[0]!));
    testApp.clock.advance(60_000);
    expect((await call('POST', '/api/notifications/read', seller, { all: true })).json()).toEqual({ unreadCount: 0 });
    const page = (await call('GET', '/api/notifications', seller)).json();
    expect(page).toMatchObject({ unreadCount: 0, total: 3 });
    expect(page.notifications.every((item: { readAt: string | null }) => item.readAt !== null)).toBe(true);
    const [after] = await testApp.database.db.select().from(notificationsTable).where(eq(notificationsTable.id, ids[0]!));
    expect(after!.readAt).toEqual(before!.readAt);
    expect((await call('POST', '/api/notifications/read', seller, { all: true })).json()).toEqual({ unreadCount: 0 });
  });

  it('marks all of the caller’s read and never another person’s, whatever their role or what they share', async () => {
    const buyer = await person('buyer');
    const others = await Promise.all([person('buyer'), person('seller'), person('admin')]);
    const mine = await seed(buyer.id, 3);
    // The others' rows: unread ones, one read before (its read time must not move), and one about the same thing as the buyer's.
    const theirs = await Promise.all(others.map((other) => seed(other.id, 2)));
    await call('POST', '/api/notifications/read', others[1]!, { ids: [theirs[1]![0]] });
    const shared = await writer.notify({
      userId: others[0]!.id,
      kind: 'order_placed',
      title: 'Same order',
      body: 'Same thing',
      link: '/myorders/1',
      dedupeKey: `shared:${buyer.id}`,
    });
    await writer.notify({
      userId: buyer.id,
      kind: 'order_placed',
      title: 'Same order',
      body: 'Same thing',
      link: '/myorders/1',
      dedupeKey: `shared:${buyer.id}`,
    });
    const othersIds = [...theirs.flat(), shared!.id];
    const othersBefore = await testApp.database.db.select().from(notificationsTable).where(inArray(notificationsTable.id, othersIds));
    testApp.clock.advance(60_000);

    const response = await call('POST', '/api/notifications/read', buyer, { all: true });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ unreadCount: 0 });
    const myRows = await testApp.database.db.select().from(notificationsTable).where(eq(notificationsTable.userId, buyer.id));
    expect(myRows).toHaveLength(mine.length + 1);
    expect(myRows.every((row) => row.readAt !== null)).toBe(true);

    // Everyone else's rows are exactly as they were, read or unread, and so are their counts.
    const othersAfter = await testApp.database.db.select().from(notificationsTable).where(inArray(notificationsTable.id, othersIds));
    const readTimes = (rows: typeof othersAfter) => Object.fromEntries(rows.map((row) => [row.id, row.readAt?.toISOString() ?? null]));
    expect(readTimes(othersAfter)).toEqual(readTimes(othersBefore));
    expect(Object.values(readTimes(othersAfter)).filter((readAt) => readAt === null)).toHaveLength(othersIds.length - 1);
    const counts = await Promise.all(others.map(async (other) => (await call('GET', '/api/notifications', other)).json().unreadCount));
    expect(counts).toEqual([3, 1, 2]);
  });

  it('refuses bad bodies with 400 { error, code }, never a 500', async () => {
    const admin = await person('admin');
    const tooMany = Array.from({ length: NOTIFICATIONS_READ_MAX_IDS + 1 }, () => randomUUID());
    const bodies: unknown[] = [
      {},
      { ids: [] },
      { ids: ['not-a-uuid'] },
      { ids: 'all' },
      { all: false },
      { all: 'true' },
      { ids: [randomUUID()], all: true },
      { ids: [randomUUID()], extra: 1 },
      { ids: tooMany },
      [],
      'all',
      null,
    ];
    for (const body of bodies) {
      const response = await call('POST', '/api/notifications/read', admin, body === null ? 'null' : body, { 'content-type': 'application/json' });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json(), JSON.stringify(body)).toMatchObject({
        error: expect.any(String),
        code: expect.stringMatching(/^(validation_failed|invalid_json)$/),
      });
    }
    const notJson = await testApp.app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: { authorization: admin.bearer, 'content-type': 'application/json' },
      payload: '{ids:',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toMatchObject({ code: 'invalid_json' });
    const nul = await call('POST', '/api/notifications/read', admin, { ids: ['\u0000'] });
    expect(nul.statusCode).toBe(400);
    // Each wrong part is named: too many ids, no ids, a bad id, both or neither of ids and all.
    expect((await call('POST', '/api/notifications/read', admin, { ids: tooMany })).json().error).toContain('Mark at most 100 notifications at once');
    expect((await call('POST', '/api/notifications/read', admin, { ids: [] })).json().error).toContain('Give at least one notification id');
    expect((await call('POST', '/api/notifications/read', admin, { ids: ['nope'] })).json().error).toContain('Unknown notification');
    expect((await call('POST', '/api/notifications/read', admin, {})).json().error).toContain('Give the ids of the notifications to mark read, or all: true');
    expect((await call('POST', '/api/notifications/read', admin, { ids: [randomUUID()], all: true })).json().error).toContain(
      'Give the ids of the notifications to mark read, or all: true',
    );
  });
});

describe('the service', () => {
  it('writes a dedupe key once per user and pushes only the row it wrote, with the unread count', async () => {
    const buyer = await person('buyer');
    const seller = await person('seller');
    pushed.length = 0;
    const input = { kind: 'refund_issued' as const, title: 'You were refunded $1.00', body: 'For a mug', link: '/myorders/x', dedupeKey: 'refund-issued:once' };
    const first = await writer.notify({ userId: buyer.id, ...input });
    expect(first).toMatchObject({ kind: 'refund_issued', readAt: null });
    expect(await writer.notify({ userId: buyer.id, ...input, title: 'Another text' })).toBeNull();
    // The same key is another user's own row.
    expect(await writer.notify({ userId: seller.id, ...input })).not.toBeNull();
    expect(pushed).toEqual([
      { userIds: [buyer.id], event: 'notification', payload: { notification: first, unreadCount: 1 } },
      { userIds: [seller.id], event: 'notification', payload: { notification: expect.objectContaining({ title: input.title }), unreadCount: 1 } },
    ]);
    expect((await call('GET', '/api/notifications', buyer)).json().notifications.map((item: { title: string }) => item.title)).toEqual([input.title]);
  });

  it('pushes notifications_read only when something changed, with the ids or "all"', async () => {
    const buyer = await person('buyer');
    const ids = await seed(buyer.id, 3);
    pushed.length = 0;
    expect(await writer.markRead(buyer.id, { ids: [ids[0]!, ids[0]!, randomUUID()] })).toEqual({ unreadCount: 2 });
    expect(await writer.markRead(buyer.id, { ids: [ids[0]!] })).toEqual({ unreadCount: 2 });
    expect(await writer.markRead(buyer.id, { all: true })).toEqual({ unreadCount: 0 });
    expect(await writer.markRead(buyer.id, { all: true })).toEqual({ unreadCount: 0 });
    expect(pushed).toEqual([
      { userIds: [buyer.id], event: 'notifications_read', payload: { ids: [ids[0]], unreadCount: 2 } },
      { userIds: [buyer.id], event: 'notifications_read', payload: { ids: 'all', unreadCount: 0 } },
    ]);
  });

  it('cuts long titles and bodies, flattens their whitespace, and refuses a link outside the app', async () => {
    const buyer = await person('buyer');
    const written = await writer.notify({
      userId: buyer.id,
      kind: 'new_order',
      title: `A ${'very '.repeat(60)}long title`,
      body: `Line one\n\n${'x'.repeat(400)}`,
      link: '/seller/orders',
      dedupeKey: 'long',
    });
    expect(Array.from(written!.title)).toHaveLength(NOTIFICATION_TITLE_MAX);
    expect(written!.title.endsWith('…')).toBe(true);
    expect(Array.from(written!.body)).toHaveLength(NOTIFICATION_BODY_MAX);
    expect(written!.body.startsWith('Line one x')).toBe(true);
    const short = await writer.notify({ userId: buyer.id, kind: 'new_order', title: 'Short 🎉', body: 'Fine', link: '/seller/orders', dedupeKey: 'short' });
    expect(short).toMatchObject({ title: 'Short 🎉', body: 'Fine' });
    await expect(
      writer.notify({ userId: buyer.id, kind: 'new_order', title: 't', body: 'b', link: 'https://elsewhere.test/', dedupeKey: 'out' }),
    ).rejects.toThrow(/inside the app/);
    await expect(writer.notify({ userId: buyer.id, kind: 'new_order', title: 't', body: 'b', link: '//elsewhere.test/', dedupeKey: 'out2' })).rejects.toThrow(
      /inside the app/,
    );
  });

  it('goes with the user when the account is deleted', async () => {
    const buyer = await person('buyer');
    await seed(buyer.id, 2);
    await testApp.database.executeSql(`delete from users where id = '${buyer.id}'`);
    expect(await testApp.database.db.select().from(notificationsTable).where(eq(notificationsTable.userId, buyer.id))).toEqual([]);
  });
});

describe('the clean-up job', () => {
  it('deletes read notifications older than 90 days and keeps unread ones and recent reads', async () => {
    const buyer = await person('buyer');
    const now = testApp.clock.now().getTime();
    const old = new Date(now - READ_NOTIFICATION_KEPT_MS - 60_000);
    const recent = new Date(now - READ_NOTIFICATION_KEPT_MS + 60_000);
    const base = { userId: buyer.id, kind: 'order_placed' as const, title: 't', body: 'b', link: '/myorders' };
    const rows = await testApp.database.db
      .insert(notificationsTable)
      .values([
        { ...base, dedupeKey: 'old-read', createdAt: old, readAt: recent },
        { ...base, dedupeKey: 'old-unread', createdAt: old, readAt: null },
        { ...base, dedupeKey: 'recent-read', createdAt: recent, readAt: recent },
      ])
      .returning();
    const job = defineJobs(testApp.services, testApp.config).find((definition) => definition.name === JOB_NAMES.deleteOldReadNotifications)!;
    expect(await job.run({})).toEqual({ deleted: 1 });
    const left = await testApp.database.db
      .select({ dedupeKey: notificationsTable.dedupeKey })
      .from(notificationsTable)
      .where(
        inArray(
          notificationsTable.id,
          rows.map((row) => row.id),
        ),
      );
    expect(left.map((row) => row.dedupeKey).sort()).toEqual(['old-unread', 'recent-read']);
  });
});

describe('live, over the socket', () => {
  it('tells every tab of the buyer about a new notification, and every tab when one marks them read', async () => {
    const buyer = await person('buyer');
    const seller = await person('seller');
    const category = await createCommerceCategory(testApp.database.db);
    const product = await createListing(testApp.database.db, { sellerId: seller.id, categoryId: category.id, title: 'Walnut board', priceCents: 2500 });
    // One unread notification from before, so the count is the bell's, not the event's.
    await seed(buyer.id, 1);
    const tabA = await open(buyer.token);
    const tabB = await open(buyer.token);
    const sellerTab = await open(seller.token);
    const onA = nextEvent(tabA, 'notification');
    const onB = nextEvent(tabB, 'notification');
    const sellerHears = nextEvent(sellerTab, 'notification');
    const buyerHeard = collect(tabA, 'notification');
    const sellerReads = collect(sellerTab, 'notifications_read');

    const order = await buy(buyer, product.id);
    const [heardA, heardB] = await Promise.all([onA, onB]);
    expect(heardA).toEqual({
      notification: {
        id: expect.any(String),
        kind: 'order_placed',
        title: 'Your order is placed',
        body: expect.stringContaining(`#${order.id.slice(0, 8)}`),
        link: `/myorders/${order.id}`,
        createdAt: expect.any(String),
        readAt: null,
      },
      unreadCount: 2,
    });
    expect(heardB).toEqual(heardA);
    expect(await sellerHears).toMatchObject({ notification: { kind: 'new_order', link: `/seller/orders/items/${order.id}` }, unreadCount: 1 });
    // What the socket said is what a re-read over HTTP says.
    const page = (await call('GET', '/api/notifications', buyer)).json();
    expect(page.notifications[0]).toEqual(heardA.notification);
    expect(page.unreadCount).toBe(2);

    // Tab A marks it read; tab B (and A itself) hear it.
    const readOnB = nextEvent(tabB, 'notifications_read');
    const readOnA = nextEvent(tabA, 'notifications_read');
    expect((await call('POST', '/api/notifications/read', buyer, { ids: [heardA.notification.id] })).json()).toEqual({ unreadCount: 1 });
    expect(await readOnB).toEqual({ ids: [heardA.notification.id], unreadCount: 1 });
    expect(await readOnA).toEqual({ ids: [heardA.notification.id], unreadCount: 1 });
    const allOnB = nextEvent(tabB, 'notifications_read');
    expect((await call('POST', '/api/notifications/read', buyer, { all: true })).json()).toEqual({ unreadCount: 0 });
    expect(await allOnB).toEqual({ ids: 'all', unreadCount: 0 });

    // The seller's tab heard nothing of the buyer's reads, and the buyer only their own notification.
    await testApp.services.notificationReactions.settled();
    expect(buyerHeard.map((payload) => payload.notification.kind)).toEqual(['order_placed']);
    expect(sellerReads).toEqual([]);
  });
});
