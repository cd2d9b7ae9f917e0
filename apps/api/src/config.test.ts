import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

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
    for (const bad of ['0', '-5', '1.5', 'soon'])
      expect(() => loadConfig({ ...base, PAYOUT_CLAIM_STALE_SECONDS: bad }), bad).toThrow(/PAYOUT_CLAIM_STALE_SECONDS/);
  });
});

describe('the UPS time limit', () => {
  const ups = { UPS_CLIENT_ID: 'id', UPS_CLIENT_SECRET: 'secret', UPS_ACCOUNT_NUMBER: 'A1B2C3' } as const;

  it('is 15 seconds unless set, and takes whole milliseconds from one to thirty seconds', () => {
    expect(loadConfig({ ...base, ...ups }).ups?.timeoutMs).toBe(15_000);
    expect(loadConfig({ ...base, ...ups, UPS_TIMEOUT_MS: '2500' }).ups?.timeoutMs).toBe(2500);
  });

  it('refuses a value outside that range, naming the variable', () => {
    for (const bad of ['0', '999', '30001', '1.5', 'soon']) expect(() => loadConfig({ ...base, ...ups, UPS_TIMEOUT_MS: bad }), bad).toThrow(/UPS_TIMEOUT_MS/);
  });
});

describe('the embeddings service', () => {
  it('is off unless EMBEDDINGS_URL is set (blank counts as unset), and names the model it asks for', () => {
    expect(loadConfig({ ...base }).embeddings).toBeNull();
    expect(loadConfig({ ...base, EMBEDDINGS_URL: '  ' }).embeddings).toBeNull();
    expect(loadConfig({ ...base, EMBEDDINGS_URL: 'http://127.0.0.1:11434/v1', EMBEDDINGS_API_KEY: ' k ' }).embeddings).toEqual({
      url: 'http://127.0.0.1:11434/v1',
      apiKey: 'k',
      model: 'text-embedding-3-small',
    });
    expect(loadConfig({ ...base, EMBEDDINGS_URL: 'http://127.0.0.1:11434/v1', EMBEDDINGS_MODEL: 'nomic-embed-text' }).embeddings?.model).toBe(
      'nomic-embed-text',
    );
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
    expect(
      loadConfig({ ...base, NODE_ENV: 'production', DATABASE_URL: 'postgres://app@db:5432/marketplace', FAULT_INJECTION: 'checkout-after-charge' })
        .faultInjection,
    ).toBeUndefined();
    expect(() => loadConfig({ ...base, FAULT_INJECTION: 'everywhere' })).toThrow(/FAULT_INJECTION/);
  });
});

describe('settings that are wrong', () => {
  function problemsOf(environment: Record<string, string>): string[] {
    try {
      loadConfig({ ...base, ...environment });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as ConfigError).problems;
    }
    throw new Error('no ConfigError');
  }

  it('names each bad variable on a line of its own, with the value when it is no secret', () => {
    expect(problemsOf({ PORT: '30o0', REDIS_URL: 'not-a-url', SHUTDOWN_TIMEOUT_SECONDS: 'ten' })).toEqual([
      'PORT: expected a number (got "30o0")',
      'REDIS_URL: REDIS_URL must be a redis:// or rediss:// URL (got "not-a-url")',
      'SHUTDOWN_TIMEOUT_SECONDS: expected a number (got "ten")',
    ]);
    expect(problemsOf({ DATABASE_URL: 'mysql://u:p@db/x' })).toEqual(['DATABASE_URL: DATABASE_URL must be a postgres:// URL']);
    expect(problemsOf({ JWT_SECRET: 'short' })).toEqual(['JWT_SECRET: JWT_SECRET must be at least 32 characters']);
  });

  it('takes redis:// and postgres:// URLs, and treats blank ones as unset', () => {
    const config = loadConfig({ ...base, REDIS_URL: 'rediss://:pass@cache:6380/1', DATABASE_URL: 'postgresql://app@db/marketplace' });
    expect(config.redisUrl).toBe('rediss://:pass@cache:6380/1');
    expect(config.databaseUrl).toBe('postgresql://app@db/marketplace');
    expect(loadConfig({ ...base, REDIS_URL: ' ', DATABASE_URL: '' })).toMatchObject({ redisUrl: undefined, databaseUrl: undefined });
  });
});

describe('production', () => {
  const production = { NODE_ENV: 'production', DATA_DIR: tmpdir() } as const;

  it('refuses to start without JWT_SECRET and DATABASE_URL, saying both at once', () => {
    expect(() => loadConfig({ ...production })).toThrow(ConfigError);
    try {
      loadConfig({ ...production });
    } catch (error) {
      expect((error as ConfigError).problems).toEqual([
        'JWT_SECRET must be set in production',
        'DATABASE_URL must be set in production (or ALLOW_EMBEDDED_DATABASE=true to use the embedded database in DATA_DIR)',
      ]);
    }
  });

  it('runs on the embedded database when ALLOW_EMBEDDED_DATABASE=true, and on DATABASE_URL', () => {
    expect(loadConfig({ ...production, JWT_SECRET: base.JWT_SECRET, ALLOW_EMBEDDED_DATABASE: 'true' }).databaseUrl).toBeUndefined();
    expect(loadConfig({ ...production, JWT_SECRET: base.JWT_SECRET, DATABASE_URL: 'postgres://app@db/marketplace' }).databaseUrl).toBe(
      'postgres://app@db/marketplace',
    );
  });

  it('logs JSON lines in production and readable lines elsewhere, unless LOG_FORMAT says otherwise', () => {
    expect(loadConfig({ ...production, JWT_SECRET: base.JWT_SECRET, ALLOW_EMBEDDED_DATABASE: 'true' }).logFormat).toBe('json');
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).logFormat).toBe('pretty');
    expect(loadConfig({ ...base, LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(() => loadConfig({ ...base, LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
  });
});

describe('the shutdown timeout', () => {
  it('is 10 seconds unless set, and a whole number from 1 to 600', () => {
    expect(loadConfig({ ...base }).shutdownTimeoutSeconds).toBe(10);
    expect(loadConfig({ ...base, SHUTDOWN_TIMEOUT_SECONDS: '30' }).shutdownTimeoutSeconds).toBe(30);
    for (const bad of ['0', '601', '2.5']) expect(() => loadConfig({ ...base, SHUTDOWN_TIMEOUT_SECONDS: bad }), bad).toThrow(/SHUTDOWN_TIMEOUT_SECONDS/);
  });
});

describe('the Stripe webhook secrets', () => {
  it('reads the platform and the Connect endpoint secrets apart, blank counting as unset', () => {
    const both = loadConfig({ ...base, STRIPE_WEBHOOK_SECRET: 'whsec_platform', STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_connect' });
    expect([both.stripeWebhookSecret, both.stripeConnectWebhookSecret]).toEqual(['whsec_platform', 'whsec_connect']);
    const none = loadConfig({ ...base, STRIPE_WEBHOOK_SECRET: '', STRIPE_CONNECT_WEBHOOK_SECRET: '' });
    expect([none.stripeWebhookSecret, none.stripeConnectWebhookSecret]).toEqual([undefined, undefined]);
  });
});

describe('the proxies to trust (TRUST_PROXY)', () => {
  it('trusts no proxy unless told: the socket’s address is the client’s', () => {
    expect(loadConfig({ ...base }).trustProxy).toBe(false);
    for (const off of ['', 'false', '0']) expect(loadConfig({ ...base, TRUST_PROXY: off }).trustProxy, off).toBe(false);
  });

  it('takes true, a number of hops, or a list of addresses and CIDR ranges', () => {
    expect(loadConfig({ ...base, TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ ...base, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/8, 192.168.1.4,::1, fd00::/8' }).trustProxy).toEqual(['10.0.0.0/8', '192.168.1.4', '::1', 'fd00::/8']);
  });

  it('refuses anything else, naming the variable', () => {
    for (const bad of ['yes', '10.0.0.0/33', 'proxy.example.com', '1.2.3', '-1', '1.5', ',']) {
      expect(() => loadConfig({ ...base, TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });
});

describe('the request limits', () => {
  it('are on, at 600 requests a minute per client for routes without their own, at production strength outside tests', () => {
    // Past 60 refusals a minute an address hears each further one a second later (plugins/slow-refusals.ts).
    const slowRefusals = { afterRefusals: 60, delayMs: 1000 };
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).rateLimits).toEqual({ enabled: true, globalPerMinute: 600, scale: 1, slowRefusals });
    // Tests fire many requests from one address: their limits are a hundred times higher, and no refusal is held, unless a test says otherwise.
    expect(loadConfig({ ...base }).rateLimits).toEqual({ enabled: true, globalPerMinute: 600, scale: 100, slowRefusals: { afterRefusals: 0, delayMs: 1000 } });
    expect(loadConfig({ ...base, RATE_LIMIT_SCALE: '1' }).rateLimits.scale).toBe(1);
  });

  it('can be raised, scaled or turned off (load benches)', () => {
    const raised = loadConfig({ ...base, NODE_ENV: 'development', RATE_LIMIT_GLOBAL_PER_MINUTE: '6000', RATE_LIMIT_SCALE: '2.5' });
    expect(raised.rateLimits).toEqual({ enabled: true, globalPerMinute: 6000, scale: 2.5, slowRefusals: { afterRefusals: 60, delayMs: 1000 } });
    const slowed = loadConfig({ ...base, RATE_LIMIT_SLOW_AFTER: '5', RATE_LIMIT_SLOW_MS: '250' });
    expect(slowed.rateLimits.slowRefusals).toEqual({ afterRefusals: 5, delayMs: 250 });
    expect(loadConfig({ ...base, RATE_LIMITS: 'off' }).rateLimits.enabled).toBe(false);
  });

  it('refuses values that are not limits, naming the variable', () => {
    expect(() => loadConfig({ ...base, RATE_LIMITS: 'no' })).toThrow(/RATE_LIMITS/);
    for (const bad of ['0', '-1', '1.5', 'lots'])
      expect(() => loadConfig({ ...base, RATE_LIMIT_GLOBAL_PER_MINUTE: bad }), bad).toThrow(/RATE_LIMIT_GLOBAL_PER_MINUTE/);
    for (const bad of ['0', '-2', 'big']) expect(() => loadConfig({ ...base, RATE_LIMIT_SCALE: bad }), bad).toThrow(/RATE_LIMIT_SCALE/);
    for (const bad of ['-1', '1.5', 'many']) expect(() => loadConfig({ ...base, RATE_LIMIT_SLOW_AFTER: bad }), bad).toThrow(/RATE_LIMIT_SLOW_AFTER/);
    for (const bad of ['0', '60001', 'long']) expect(() => loadConfig({ ...base, RATE_LIMIT_SLOW_MS: bad }), bad).toThrow(/RATE_LIMIT_SLOW_MS/);
  });

  it('counts failed logins per account as well as per address and account', () => {
    expect(loadConfig({ ...base }).loginThrottle).toEqual({ maxFailures: 5, windowSeconds: 900, maxFailuresPerAccount: 20 });
    expect(loadConfig({ ...base, LOGIN_MAX_FAILURES_PER_ACCOUNT: '50' }).loginThrottle.maxFailuresPerAccount).toBe(50);
    expect(() => loadConfig({ ...base, LOGIN_MAX_FAILURES_PER_ACCOUNT: '0' })).toThrow(/LOGIN_MAX_FAILURES_PER_ACCOUNT/);
  });
});

describe('the kept rendered pages', () => {
  it('default to 600 s, 128 MB and one drawing thread (0 s and none under test), as the README says, and refuse what is out of range', async () => {
    const { readFileSync } = await import('node:fs');
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).renderCache).toEqual({ seconds: 600, maxBytes: 128 * 1024 * 1024, threads: 1, threadNice: 10 });
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).renderCache).toMatchObject({ seconds: 0, threads: 0 });
    expect(loadConfig({ ...base, RENDER_CACHE_SECONDS: '30', RENDER_CACHE_MB: '16', RENDER_THREADS: '3', RENDER_THREAD_NICE: '0' }).renderCache).toEqual({
      seconds: 30,
      maxBytes: 16 * 1024 * 1024,
      threads: 3,
      threadNice: 0,
    });
    for (const [name, value] of [
      ['RENDER_CACHE_SECONDS', '-1'],
      ['RENDER_CACHE_SECONDS', '3601'],
      ['RENDER_CACHE_MB', '0'],
      ['RENDER_THREADS', '-1'],
      ['RENDER_THREADS', '17'],
      ['RENDER_THREAD_NICE', '20'],
    ] as const)
      expect(() => loadConfig({ ...base, [name]: value }), `${name}=${value}`).toThrow(new RegExp(name));
    const row = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8')
      .split('\n')
      .find((line) => line.startsWith('| `RENDER_CACHE_SECONDS`, `RENDER_CACHE_MB`, `RENDER_THREADS`, `RENDER_THREAD_NICE`'));
    expect(row).toContain('| `600` (`0` under `NODE_ENV=test`), `128`, `1` (`0` under `NODE_ENV=test`), `10` |');
  });
});
