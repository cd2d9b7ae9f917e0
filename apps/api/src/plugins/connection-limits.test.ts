import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper';
import { waitUntil } from '../../test/processes';

// What one client can hold of a listening server (plugins/connection-limits.ts, app.ts): its connections per
// address, and how long a request may take to arrive.

let testApp: TestApp;
let port: number;
beforeAll(async () => {
  testApp = await buildTestApp({ environment: { MAX_CONNECTIONS_PER_CLIENT: '3', REQUEST_TIMEOUT_SECONDS: '2', HEADERS_TIMEOUT_SECONDS: '1' } });
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  port = (testApp.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await testApp?.close();
});

/** A connection and what it has received, and whether it was closed. */
function open(): Promise<{ socket: Socket; received: () => string; closed: () => boolean }> {
  return new Promise((resolve, reject) => {
    let text = '';
    let isClosed = false;
    const socket = connect({ port, host: '127.0.0.1' }, () => resolve({ socket, received: () => text, closed: () => isClosed }));
    socket.on('data', (chunk) => (text += chunk.toString('latin1')));
    socket.on('close', () => (isClosed = true));
    socket.on('error', () => undefined);
    socket.once('error', reject);
  });
}

const live = (socket: Socket) => socket.write(`GET /api/health/live HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);

describe('connections per client', () => {
  it('refuses an address its connections past the cap, and takes it again once one closes', async () => {
    const held = [await open(), await open(), await open()];
    const extra = await open();
    await waitUntil(() => extra.closed(), 5, 'the fourth connection closed');
    expect(extra.received()).toBe('');

    // The three it holds still work.
    live(held[0]!.socket);
    await waitUntil(() => held[0]!.received().includes('200 OK'), 5, 'an answer on a held connection');

    held[1]!.socket.destroy();
    await waitUntil(() => held[1]!.closed(), 5, 'the held connection closed');
    const again = await open();
    live(again.socket);
    await waitUntil(() => again.received().includes('200 OK'), 5, 'an answer on the new connection');
    for (const connection of [...held, again]) connection.socket.destroy();
    // The server has seen them go, so the next test starts with none held.
    await waitUntil(
      () => new Promise<boolean>((resolve) => testApp.app.server.getConnections((_error, count) => resolve(count === 0))),
      5,
      'the server holding no connection',
    );
  });
});

describe('slow requests', () => {
  it('cuts off a body sent a byte at a time once the request timeout has passed', async () => {
    const slow = await open();
    slow.socket.write('POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{');
    const startedAt = Date.now();
    const drip = setInterval(() => slow.socket.write(' '), 200);
    try {
      await waitUntil(() => slow.closed(), 10, 'the slow connection closed');
    } finally {
      clearInterval(drip);
    }
    // 2 s of timeout, checked every second: never the minutes it took before.
    expect(Date.now() - startedAt).toBeLessThan(6_000);
    expect(slow.received()).toMatch(/^HTTP\/1\.1 408/);
  });

  it('cuts off headers that never end', async () => {
    const slow = await open();
    slow.socket.write('GET /api/health/live HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const drip = setInterval(() => slow.socket.write('X-Slow: 1\r\n'), 200);
    try {
      await waitUntil(() => slow.closed(), 10, 'the connection with endless headers closed');
    } finally {
      clearInterval(drip);
    }
  });
});
