import { mkdtempSync, rmSync } from 'node:fs';
import { Socket as NetSocket } from 'node:net';
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
import { createTokenService } from '../modules/auth/tokens';

// Issue #6 "Scale beyond one machine": two API instances on one PostgreSQL and one Redis. A message sent
// through instance A reaches a client connected to instance B, and both instances count it the same.
// Runs in `npm test`'s PostgreSQL stage (TEST_DATABASE_URL), with REDIS_URL or a local Redis.

const serverUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

async function redisAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = new NetSocket();
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.connect(Number(port || 6379), hostname);
  });
}

const runnable = Boolean(serverUrl) && (await redisAnswers(redisUrl));

describe.skipIf(!runnable)('chat across two API instances (PostgreSQL + Redis)', () => {
  const name = `marketplace_two_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const directories: string[] = [];
  const handles: DatabaseHandle[] = [];
  const apps: FastifyInstance[] = [];
  const sockets: Client[] = [];
  const urls: string[] = [];
  const secret = 'two-instances-secret-that-is-long-enough';

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
      const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: directory, JWT_SECRET: secret, WEB_DIST_DIR: path.join(directory, 'none'), LOG_LEVEL: 'silent', REDIS_URL: redisUrl, SEED_DEMO_DATA: 'false' });
      const app = await buildApp({ config, database, files: createLocalFileStore(config.uploadsDirectory), clock: systemClock });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      urls.push(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
      apps.push(app);
    }
  }, 60_000);

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
    const db = handles[0]!.db;
    const buyer = await createUser(db, { role: 'buyer' });
    const seller = await createUser(db, { role: 'seller' });
    const tokens = createTokenService({ secret, ttlSeconds: 3600, now: () => new Date() });
    const buyerToken = await tokens.sign({ userId: buyer.id, role: 'buyer' });
    const sellerToken = await tokens.sign({ userId: seller.id, role: 'seller' });

    const started = await apps[0]!.inject({ method: 'POST', url: '/api/chat', headers: { authorization: `Bearer ${buyerToken}` }, payload: { sellerId: seller.id } });
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
    // Let both adapters finish subscribing before the message goes out.
    await new Promise((resolve) => setTimeout(resolve, 300));

    const arrived = new Promise<{ chatId: string; message: { content: string; sender_id: string } }>((resolve) => sellerOnB.once('new_message', resolve));
    const ack = await new Promise<SendMessageAck>((resolve) => buyerOnA.emit('send_message', { chatId, content: 'Hello from instance A' }, resolve));
    expect(ack.ok).toBe(true);
    expect(await arrived).toMatchObject({ chatId, message: { content: 'Hello from instance A', sender_id: buyer.id } });

    const counts = await Promise.all(
      apps.map(async (app) => (await app.inject({ method: 'GET', url: `/api/chat/${seller.id}`, headers: { authorization: `Bearer ${sellerToken}` } })).json().chats[0].unread_count as number),
    );
    expect(counts).toEqual([1, 1]);

    // Read on B; the buyer on A hears it.
    const seen = new Promise<{ chatId: string; readerId: string }>((resolve) => buyerOnA.once('chat_read', resolve));
    sellerOnB.emit('mark_read', { chatId });
    expect(await seen).toMatchObject({ chatId, readerId: seller.id });
  }, 30_000);
});
