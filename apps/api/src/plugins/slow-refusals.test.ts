import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import slowRefusals from './slow-refusals';

// An address that keeps asking once refused gets its further refusals slowly (plugins/slow-refusals.ts,
// docs/product/limits-abuse.md): a flood that waits for its answers then asks once a second per connection.

const HELD_MS = 60_000;
let app: FastifyInstance | undefined;

/** A server that refuses `/refused` (as a spent limit does) and answers `/fine`, behind a trusted proxy. */
async function start(afterRefusals: number, maxHeld?: number) {
  app = Fastify({ trustProxy: true });
  await app.register(slowRefusals, { afterRefusals, delayMs: HELD_MS, ...(maxHeld === undefined ? {} : { maxHeld }) });
  app.get('/refused', async (_request, reply) => reply.code(429).send({ error: 'Too many requests. Try again in 40 seconds.', code: 'rate_limited' }));
  app.get('/fine', async () => ({ ok: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return (path: string, address: string) => fetch(`http://127.0.0.1:${port}${path}`, { headers: { 'x-forwarded-for': address } });
}

/** Whether `promise` settles within `ms` (a held answer does not: it is held a minute). */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  const settled = await Promise.race([
    promise.then(
      () => true as const,
      () => true as const,
    ),
    late,
  ]);
  clearTimeout(timer);
  return settled;
}

afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe('refusals past a minute’s worth are held', () => {
  it('answers an address’s first refusals at once, holds the next, and never holds other answers or addresses', async () => {
    const ask = await start(2);
    for (let refusal = 0; refusal < 2; refusal += 1) expect((await ask('/refused', '198.51.100.7')).status).toBe(429);

    const held = ask('/refused', '198.51.100.7');
    expect(await settlesWithin(held, 300)).toBe(false);
    // The same address's answers that are not refusals, and another address's refusals, are not held.
    expect((await ask('/fine', '198.51.100.7')).status).toBe(200);
    expect((await ask('/refused', '198.51.100.8')).status).toBe(429);
    // The server's own calls (inject: no socket) are never held either.
    expect((await app!.inject({ url: '/refused', headers: { 'x-forwarded-for': '198.51.100.7' } })).statusCode).toBe(429);

    // A server shutting down sends what it holds.
    await app!.close();
    const answer = await held;
    expect(answer.status).toBe(429);
    expect(await answer.json()).toMatchObject({ code: 'rate_limited' });
  });

  it('holds at most so many at once: past that, refusals are sent at once', async () => {
    const ask = await start(1, 1);
    expect((await ask('/refused', '198.51.100.10')).status).toBe(429);
    const held = ask('/refused', '198.51.100.10');
    expect(await settlesWithin(held, 300)).toBe(false);
    // One is held already: the next past its address's minute is sent at once.
    expect((await ask('/refused', '198.51.100.10')).status).toBe(429);
    await app!.close();
    expect((await held).status).toBe(429);
  });

  it('holds nothing when turned off (0)', async () => {
    const ask = await start(0);
    for (let refusal = 0; refusal < 5; refusal += 1) expect(await settlesWithin(ask('/refused', '198.51.100.9'), 10_000)).toBe(true);
  });
});
