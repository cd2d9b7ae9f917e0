import { createServer, connect as connectTcp, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { createClient } from 'redis';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeRedis } from './redis-connection';

// Closing Redis clients at shutdown (app.close, graceful shutdown): it must end whatever Redis is doing.

function fakeClient(state: { isOpen: boolean; isReady: boolean; quit: () => Promise<unknown> }) {
  return { ...state, quit: vi.fn(state.quit), destroy: vi.fn() };
}

describe('closeRedis', () => {
  it('says QUIT to a connected client and leaves it at that', async () => {
    const client = fakeClient({ isOpen: true, isReady: true, quit: async () => 'OK' });
    await closeRedis(client);
    expect(client.quit).toHaveBeenCalledTimes(1);
    expect(client.destroy).not.toHaveBeenCalled();
  });

  it('drops a client that is reconnecting instead of queueing a QUIT that waits for Redis', async () => {
    const client = fakeClient({ isOpen: true, isReady: false, quit: () => new Promise(() => undefined) });
    await closeRedis(client);
    expect(client.quit).not.toHaveBeenCalled();
    expect(client.destroy).toHaveBeenCalledTimes(1);
  });

  it('drops a client whose QUIT gets no answer in time', async () => {
    const client = fakeClient({ isOpen: true, isReady: true, quit: () => new Promise(() => undefined) });
    const started = Date.now();
    await closeRedis(client, 200);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(client.destroy).toHaveBeenCalledTimes(1);
  });

  it('does nothing to a client already closed', async () => {
    const client = fakeClient({ isOpen: false, isReady: false, quit: async () => 'OK' });
    await closeRedis(client);
    expect(client.quit).not.toHaveBeenCalled();
    expect(client.destroy).not.toHaveBeenCalled();
  });
});

const redisUrl = process.env.REDIS_URL;
if (!redisUrl) console.warn('redis-connection.test.ts: REDIS_URL is not set, so closing a client whose Redis went away is not checked against a real Redis.');

describe.skipIf(!redisUrl)('closeRedis with a real Redis whose connection drops', () => {
  let proxy: Server | undefined;
  const sockets = new Set<Socket>();
  afterEach(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => (proxy ? proxy.close(resolve) : resolve(undefined)));
  });

  it('returns at once, where QUIT would wait for Redis to come back', async () => {
    const target = new URL(redisUrl!);
    // A TCP proxy in front of Redis: closing it (and its connections) is Redis going away.
    proxy = createServer((inbound) => {
      const outbound = connectTcp(Number(target.port || 6379), target.hostname);
      sockets.add(inbound).add(outbound);
      inbound.pipe(outbound).pipe(inbound);
      inbound.on('error', () => outbound.destroy());
      outbound.on('error', () => inbound.destroy());
    });
    await new Promise<void>((resolve) => proxy!.listen(0, '127.0.0.1', resolve));
    const { port } = proxy.address() as AddressInfo;
    const client = createClient({ url: `redis://127.0.0.1:${port}`, RESP: 2 });
    client.on('error', () => undefined);
    await client.connect();
    expect(await client.ping()).toBe('PONG');

    // Redis goes away: the proxy stops taking connections and drops the open one; the client keeps reconnecting.
    proxy.close();
    for (const socket of sockets) socket.destroy();
    await vi.waitFor(() => expect(client.isReady).toBe(false));

    const started = Date.now();
    await closeRedis(client);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(client.isOpen).toBe(false);
  });
});
