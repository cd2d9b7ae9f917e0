import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const base = { NODE_ENV: 'test', DATA_DIR: tmpdir(), JWT_SECRET: 'a-secret-that-is-certainly-long-enough' } as const;

describe('the Redis key prefix', () => {
  it('is "marketplace" unless set, and takes a deployment’s own name', () => {
    expect(loadConfig({ ...base }).redisKeyPrefix).toBe('marketplace');
    expect(loadConfig({ ...base, REDIS_KEY_PREFIX: 'staging-eu.2' }).redisKeyPrefix).toBe('staging-eu.2');
  });

  it('refuses a prefix that could reach into other keys, naming the variable', () => {
    for (const bad of ['', 'a b', 'x:*', 'p'.repeat(65)]) expect(() => loadConfig({ ...base, REDIS_KEY_PREFIX: bad }), bad).toThrow(/REDIS_KEY_PREFIX/);
  });
});
