import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientToServerEvents, SendMessageAck, ServerToClientEvents } from '@marketplace/contracts/chat';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { systemClock } from '../lib/clock';
import { createLocalFileStore } from '../providers/files/local';
import { createUser } from '../../test/factories';
import { createCategory, createProduct } from '../../test/factories-orders';
import { createTokenService } from '../modules/auth/tokens';
import { redisAnswers } from '../../test/redis';
import { waitUntil } from '../../test/processes';
import { createClient } from 'redis';

// Scale beyond one machine: two API instances on one PostgreSQL and one Redis. A message sent
// through instance A reaches a client connected to instance B, and both instances count it the same;
// so does an in-app notification written on A, and its marking read.
// What one instance changes, the other drops from its in-process caches at once (lib/cache-bus.ts),
// not when their lifetimes end (set to a minute here, so only the bus can explain a fresh answer); and
// failed logins are counted in Redis, so two instances do not give a guesser twice the attempts.
// Runs in `npm test`'s PostgreSQL stage (TEST_DATABASE_URL), with REDIS_URL or a local Redis.

const serverUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

const runnable = Boolean(serverUrl) && (await redisAnswers(redisUrl));

describe.skipIf(!runnable)('two API instances (PostgreSQL + Redis)', () => {
  const name = `marketplace_two_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const directories: string[] = [];
  const handles: DatabaseHandle[] = [];
  const apps: FastifyInstance[] = [];
  const sockets: Client[] = [];
  const urls: string[] = [];
  const secret = 'two-instances-secret-that-is-long-enough';
  const tokens = createTokenService({ secret, ttlSeconds: 3600, now: () => new Date() });

  /** A new user of the role in the shared database, with a token both instances accept. */
  async function signedIn(role: 'buyer' | 'seller' | 'admin') {
    const user = await createUser(handles[0]!.db, { role });
    return { user, token: await tokens.sign({ userId: user.id, role }) };
  }

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    for (const index of [0, 1]) {
      const directory = mkdtempSync(path.join(tmpdir(), `two-instances-${index}-`));
      directories.push(directory);
      const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 });
      if (index === 0) await database.migrate();
      handles.push(database);
      const config = loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: directory,
        JWT_SECRET: secret,
        WEB_DIST_DIR: path.join(directory, 'none'),
        LOG_LEVEL: 'silent',
        REDIS_URL: redisUrl,
        REDIS_KEY_PREFIX: name,
        SEED_DEMO_DATA: 'false',
        SEARCH_CACHE_SECONDS: '60',
        USER_CACHE_SECONDS: '60',
      });
      const app = await buildApp({ config, database, files: createLocalFileStore(config.uploadsDirectory), clock: systemClock });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      urls.push(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
      apps.push(app);
    }
  });

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    for (const app of apps) await app.close();
    for (const handle of handles) await handle.close();
    const cleanup = new pg.Client({ connectionString: serverUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists "${name}" with (force)`);
    await cleanup.end();
    for (const directory of directories) rmSync(directory, { recursive: true, force: true });
  });

  it('delivers a message sent through instance A to a client on instance B, and both count it unread', async () => {
    const { user: buyer, token: buyerToken } = await signedIn('buyer');
    const { user: seller, token: sellerToken } = await signedIn('seller');

    const started = await apps[0]!.inject({
      method: 'POST',
      url: '/api/chat',
      headers: { authorization: `Bearer ${buyerToken}` },
      payload: { sellerId: seller.id },
    });
    const chatId = started.json().chat.id as string;

    const open = (url: string, token: string) =>
      new Promise<Client>((resolve, reject) => {
        const socket: Client = connect(url, { transports: ['websocket'], auth: { token }, reconnection: false, forceNew: true });
        sockets.push(socket);
        socket.once('connect', () => resolve(socket));
        socket.once('connect_error', reject);
      });
    const buyerOnA = await open(urls[0]!, buyerToken);
    const sellerOnB = await open(urls[1]!, sellerToken);
    // Both adapters must be subscribed before the message goes out.
    await bothAdaptersSubscribed();

    const arrived = new Promise<{ chatId: string; message: { content: string; sender_id: string } }>((resolve) => sellerOnB.once('new_message', resolve));
    const ack = await new Promise<SendMessageAck>((resolve) => buyerOnA.emit('send_message', { chatId, content: 'Hello from instance A' }, resolve));
    expect(ack.ok).toBe(true);
    expect(await arrived).toMatchObject({ chatId, message: { content: 'Hello from instance A', sender_id: buyer.id } });

    const counts = await Promise.all(
      apps.map(
        async (app) =>
          (await app.inject({ method: 'GET', url: `/api/chat/${seller.id}`, headers: { authorization: `Bearer ${sellerToken}` } })).json().chats[0]
            .unread_count as number,
      ),
    );
    expect(counts).toEqual([1, 1]);

    // Read on B; the buyer on A hears it.
    const seen = new Promise<{ chatId: string; readerId: string }>((resolve) => buyerOnA.once('chat_read', resolve));
    sellerOnB.emit('mark_read', { chatId });
    expect(await seen).toMatchObject({ chatId, readerId: seller.id });
  });

  /**
   * Resolves once both instances' Redis adapters are subscribed. Each adapter sends its pattern
   * subscription (the rooms' broadcasts) and then its request channel's on one connection, which Redis
   * serves in order: two subscribers on the request channel mean both patterns are in place too.
   */
  async function bothAdaptersSubscribed(): Promise<void> {
    const probe = createClient({ url: redisUrl, RESP: 2 });
    await probe.connect();
    try {
      const requestChannel = `${name}:socket.io-request#/#`;
      await waitUntil(
        async () => {
          const [, subscribers] = (await probe.sendCommand(['PUBSUB', 'NUMSUB', requestChannel])) as [string, number];
          return Number(subscribers) >= 2;
        },
        10,
        'both instances subscribed to Redis',
      );
    } finally {
      await probe.quit();
    }
  }

  /** Asks until `done` says yes, for at most 3 s (the bus takes milliseconds; the caches keep a minute). */
  async function eventually(ask: () => Promise<boolean>): Promise<boolean> {
    const deadline = Date.now() + 3000;
    while (Date.now() < deadline) {
      if (await ask()) return true;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return false;
  }

  it('drops a listing from the other instance’s cached catalogue as soon as one hides it', async () => {
    const db = handles[0]!.db;
    const { token: adminToken } = await signedIn('admin');
    const seller = await createUser(db, { role: 'seller' });
    const category = await createCategory(db);
    const product = await createProduct(db, { sellerId: seller.id, categoryId: category.id, title: 'Cache Bus Lantern' });
    const onB = () => apps[1]!.inject({ method: 'GET', url: `/api/products/${product.id}` });
    const searchOnB = async () =>
      ((await apps[1]!.inject({ method: 'GET', url: '/api/products?q=lantern' })).json().items as Array<{ id: string }>).map((row) => row.id);
    // B reads (and keeps) the product page and a search that finds it.
    expect((await onB()).statusCode).toBe(200);
    expect(await searchOnB()).toContain(product.id);

    const hidden = await apps[0]!.inject({
      method: 'PATCH',
      url: `/api/admin/products/${product.id}`,
      headers: { authorization: `Bearer ${adminToken}` },
      payload: { status: 'hidden' },
    });
    expect(hidden.statusCode).toBe(200);
    expect(await eventually(async () => (await onB()).statusCode === 404)).toBe(true);
    expect(await searchOnB()).not.toContain(product.id);
  });

  it('refuses a suspended user on the other instance at once, though it had their row cached', async () => {
    const { token: adminToken } = await signedIn('admin');
    const { user: buyer, token: buyerToken } = await signedIn('buyer');
    const meOnB = async () => (await apps[1]!.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${buyerToken}` } })).statusCode;
    expect(await meOnB()).toBe(200);

    const suspended = await apps[0]!.inject({
      method: 'PATCH',
      url: `/api/admin/users/${buyer.id}`,
      headers: { authorization: `Bearer ${adminToken}` },
      payload: { status: 'suspended' },
    });
    expect(suspended.statusCode).toBe(200);
    expect(await eventually(async () => (await meOnB()) === 401)).toBe(true);
  });

  it('pushes a notification written on instance A to the buyer’s tab on instance B, and the read back', async () => {
    const { user: buyer, token } = await signedIn('buyer');
    const seller = await createUser(handles[0]!.db, { role: 'seller' });
    const category = await createCategory(handles[0]!.db);
    const product = await createProduct(handles[0]!.db, { sellerId: seller.id, categoryId: category.id, title: 'Two-instance teapot', quantity: 3 });
    const tab: Client = await new Promise((resolve, reject) => {
      const socket: Client = connect(urls[1]!, { transports: ['websocket'], auth: { token }, reconnection: false, forceNew: true });
      sockets.push(socket);
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
    await bothAdaptersSubscribed();
    const heard = new Promise<Parameters<ServerToClientEvents['notification']>[0]>((resolve) => tab.once('notification', resolve));

    const onA = (method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) =>
      apps[0]!.inject({ method, url, headers: { authorization: `Bearer ${token}`, ...headers }, ...(payload ? { payload } : {}) });
    expect((await onA('POST', '/api/cart/items', { product_id: product.id, quantity: 1 })).statusCode).toBeLessThan(300);
    const checkout = await onA(
      'POST',
      '/api/orders/checkout',
      {
        shippingAddress: { name: 'Ada Buyer', line1: '1 Main St', city: 'Portland', state: 'OR', postal_code: '97201', country: 'US' },
        payment: { card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2035, cvc: '123' } },
      },
      { 'idempotency-key': `two-instances-notification-${buyer.id}` },
    );
    expect(checkout.statusCode).toBeLessThan(300);
    const pushed = await heard;
    expect(pushed).toMatchObject({
      notification: { kind: 'order_placed', title: 'Your order is placed', link: expect.stringMatching(/^\/myorders\//) },
      unreadCount: 1,
    });
    // B lists the same row A wrote.
    const onB = await apps[1]!.inject({ method: 'GET', url: '/api/notifications', headers: { authorization: `Bearer ${token}` } });
    expect(onB.json()).toMatchObject({ unreadCount: 1, total: 1, notifications: [{ id: pushed.notification.id }] });

    // Marked read through A: the tab on B hears it.
    const read = new Promise<Parameters<ServerToClientEvents['notifications_read']>[0]>((resolve) => tab.once('notifications_read', resolve));
    expect((await onA('POST', '/api/notifications/read', { all: true })).json()).toEqual({ unreadCount: 0 });
    expect(await read).toEqual({ ids: 'all', unreadCount: 0 });
  });

  it('counts failed logins made through either instance together', async () => {
    const buyer = await createUser(handles[0]!.db, { role: 'buyer' });
    const attempt = (index: number) =>
      apps[index % 2]!.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '203.0.113.50',
        payload: { email: buyer.email, password: 'not-the-password-1' },
      });
    // The limit is 5 failures per address and email, whichever instance heard them.
    for (let index = 0; index < 5; index += 1) expect((await attempt(index)).statusCode).toBe(401);
    for (const index of [0, 1]) {
      const refused = await attempt(index);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
  });
});
