import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { z } from 'zod';

const collected: RouteOptions[] = [];
vi.mock('fastify', async (importOriginal) => {
  const original = await importOriginal<typeof import('fastify')>();
  const factory = ((...args: Parameters<typeof original.default>) => {
    const app = original.default(...args);
    app.addHook('onRoute', (route) => { collected.push(route); });
    return app;
  }) as typeof original.default;
  return { ...original, default: factory, fastify: factory };
});

const { buildTestApp } = await import('../../test/helper');
let t: Awaited<ReturnType<typeof buildTestApp>>;
beforeAll(async () => { t = await buildTestApp(); });
afterAll(async () => t?.close());
it('probe', () => {
  for (const r of collected) {
    const s = r.schema as any;
    console.log(JSON.stringify(r.method), r.url, s?.body ? 'BODY ' + JSON.stringify(z.toJSONSchema(s.body, { unrepresentable: 'any', io: 'input' })) : '', s?.querystring ? 'QS' : '', s?.consumes ?? '', s?.hide ? 'hide':'');
  }
  console.log(collected.length);
  expect(1).toBe(1);
});
