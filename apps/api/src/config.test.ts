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

describe('the payout claim’s stale time', () => {
  it('is 120 seconds unless set, and takes a whole number of seconds', () => {
    expect(loadConfig({ ...base }).payoutClaimStaleSeconds).toBe(120);
    expect(loadConfig({ ...base, PAYOUT_CLAIM_STALE_SECONDS: '1' }).payoutClaimStaleSeconds).toBe(1);
  });

  it('refuses a value that is not a positive whole number of seconds, naming the variable', () => {
    for (const bad of ['0', '-5', '1.5', 'soon']) expect(() => loadConfig({ ...base, PAYOUT_CLAIM_STALE_SECONDS: bad }), bad).toThrow(/PAYOUT_CLAIM_STALE_SECONDS/);
  });
});

describe('the embeddings service', () => {
  it('is off unless EMBEDDINGS_URL is set (blank counts as unset), and names the model it asks for', () => {
    expect(loadConfig({ ...base }).embeddings).toBeNull();
    expect(loadConfig({ ...base, EMBEDDINGS_URL: '  ' }).embeddings).toBeNull();
    expect(loadConfig({ ...base, EMBEDDINGS_URL: 'http://127.0.0.1:11434/v1', EMBEDDINGS_API_KEY: ' k ' }).embeddings).toEqual({ url: 'http://127.0.0.1:11434/v1', apiKey: 'k', model: 'text-embedding-3-small' });
    expect(loadConfig({ ...base, EMBEDDINGS_URL: 'http://127.0.0.1:11434/v1', EMBEDDINGS_MODEL: 'nomic-embed-text' }).embeddings?.model).toBe('nomic-embed-text');
  });

  it('refuses a URL that is not one, naming the variable', () => {
    expect(() => loadConfig({ ...base, EMBEDDINGS_URL: 'not a url' })).toThrow(/EMBEDDINGS_URL/);
  });
});

describe('fault injection', () => {
  it('arms a known crash point outside production only, and refuses an unknown one', () => {
    expect(loadConfig({ ...base }).faultInjection).toBeUndefined();
    expect(loadConfig({ ...base, FAULT_INJECTION: '' }).faultInjection).toBeUndefined();
    expect(loadConfig({ ...base, FAULT_INJECTION: 'checkout-after-charge' }).faultInjection).toBe('checkout-after-charge');
    expect(loadConfig({ ...base, NODE_ENV: 'production', FAULT_INJECTION: 'checkout-after-charge' }).faultInjection).toBeUndefined();
    expect(() => loadConfig({ ...base, FAULT_INJECTION: 'everywhere' })).toThrow(/FAULT_INJECTION/);
  });
});
