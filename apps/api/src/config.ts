import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { CRASH_POINTS, type CrashPoint } from './lib/fault-injection';

/** The repository root, so `./data` means the same folder whichever workspace npm runs us from. */
export const REPOSITORY_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** An unset variable and one set to blanks mean the same: not set. */
const blankAsUnset = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

const booleanFromString = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default(path.join(REPOSITORY_ROOT, 'data')),
  DATABASE_URL: z.preprocess(blankAsUnset, z.url({ protocol: /^postgres(ql)?$/, error: 'DATABASE_URL must be a postgres:// URL' }).optional()),
  /** NODE_ENV=production refuses the embedded database (a single process's files) unless this says so. */
  ALLOW_EMBEDDED_DATABASE: z.preprocess(blankAsUnset, booleanFromString.default(false)),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  REDIS_URL: z.preprocess(blankAsUnset, z.url({ protocol: /^rediss?$/, error: 'REDIS_URL must be a redis:// or rediss:// URL' }).optional()),
  /** Starts every Redis key and channel this deployment uses, so two deployments can share one Redis. */
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'REDIS_KEY_PREFIX may hold letters, digits, "_", "." and "-" (at most 64)')
    .default('marketplace'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  JWT_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(24 * 60 * 60),
  CORS_ORIGIN: z.string().optional(),
  WEB_DIST_DIR: z.string().default(path.join(REPOSITORY_ROOT, 'apps/web/dist')),
  SEED_DEMO_DATA: booleanFromString.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `json` lines (production's default) or `pretty`, one readable line per entry (the default elsewhere). */
  LOG_FORMAT: z.preprocess(blankAsUnset, z.enum(['json', 'pretty']).optional()),
  /** Seconds a SIGTERM/SIGINT waits for open requests and sockets before closing them (docs/operations.md). */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
  /** Seconds a whole request, headers and body, may take to arrive (docs/operations.md); a slow sender is cut off then. */
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  /** Seconds the headers of a request may take to arrive. */
  HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(300).default(15),
  /** Open connections one address may hold at once when no proxy is trusted (0: no cap; behind a proxy the proxy caps). */
  MAX_CONNECTIONS_PER_CLIENT: z.coerce.number().int().min(0).max(100_000).default(100),
  /** Seconds a public search page may be served from memory; default 5 (0 in tests, which write rows directly). */
  SEARCH_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).optional(),
  /** Seconds a rendered public page may be kept at most (changes drop it sooner); default 600 (0 in tests). */
  RENDER_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).optional(),
  /** Megabytes the kept rendered pages may take all together. */
  RENDER_CACHE_MB: z.coerce.number().int().min(1).max(4096).default(128),
  /** Threads that draw the rendered public pages (decision 0040); default 1 (0 in tests: drawn on the main thread). */
  RENDER_THREADS: z.coerce.number().int().min(0).max(16).optional(),
  /** Their priority as a nice value (0 the default's, 19 the lowest): 10 lets the thread answering requests go first. */
  RENDER_THREAD_NICE: z.coerce.number().int().min(0).max(19).default(10),
  /** Seconds a signed-in request may reuse the user row an earlier one read; default 10 (0 in tests). At most 60: a suspension must bite within a minute. */
  USER_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).optional(),
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  LOGIN_FAILURE_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(15 * 60),
  /** Failed logins one account takes in the window from all addresses together (docs/product/accounts.md). */
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(20),
  /** Which proxies' X-Forwarded-* headers to believe: `false` (none), `true` (any), a hop count, or addresses/CIDRs (docs/operations.md). */
  TRUST_PROXY: z.preprocess(blankAsUnset, z.string().trim().optional()),
  /** `off` turns every per-client request limit off (load benches); `on` by default (docs/product/limits-abuse.md). */
  RATE_LIMITS: z.preprocess(blankAsUnset, z.enum(['on', 'off'], { error: 'RATE_LIMITS must be on or off' }).default('on')),
  /** Requests one client may make per minute to routes without a limit of their own. */
  RATE_LIMIT_GLOBAL_PER_MINUTE: z.coerce.number().int().min(1, 'RATE_LIMIT_GLOBAL_PER_MINUTE must be at least 1').default(600),
  /** Refusals (429) one address is answered at once in a minute before each further one is held (0: never held); default 60, 0 under NODE_ENV=test. */
  RATE_LIMIT_SLOW_AFTER: z.preprocess(blankAsUnset, z.coerce.number().int().min(0).max(1_000_000).optional()),
  /** Milliseconds each refusal past RATE_LIMIT_SLOW_AFTER is held before it is sent. */
  RATE_LIMIT_SLOW_MS: z.coerce.number().int().min(1).max(60_000).default(1000),
  /** Multiplies every request limit (the global one and each route's); default 1, 100 under NODE_ENV=test. */
  RATE_LIMIT_SCALE: z.preprocess(blankAsUnset, z.coerce.number().positive('RATE_LIMIT_SCALE must be above 0').max(1_000_000).optional()),
  /** Seconds a payout whose transfer never answered waits before Process Payout resumes it (same idempotency key). */
  PAYOUT_CLAIM_STALE_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60 * 60)
    .default(120),
  /** Background jobs (tracking refresh, resuming stale payouts and refunds, clean-ups) on the PostgreSQL job queue (decision 0018). */
  JOBS_ENABLED: booleanFromString.default(true),
  JOBS_TRACKING_REFRESH_SECONDS: z.coerce
    .number()
    .int()
    .min(10, 'JOBS_TRACKING_REFRESH_SECONDS must be at least 10')
    .max(24 * 60 * 60, 'JOBS_TRACKING_REFRESH_SECONDS must be at most 86400 (a day)')
    .default(300),
  JOBS_RESUME_SECONDS: z.coerce
    .number()
    .int()
    .min(10, 'JOBS_RESUME_SECONDS must be at least 10')
    .max(24 * 60 * 60, 'JOBS_RESUME_SECONDS must be at most 86400 (a day)')
    .default(60),
  JOBS_CLEANUP_SECONDS: z.coerce
    .number()
    .int()
    .min(10, 'JOBS_CLEANUP_SECONDS must be at least 10')
    .max(24 * 60 * 60, 'JOBS_CLEANUP_SECONDS must be at most 86400 (a day)')
    .default(60 * 60),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** The signing secret of the Connect webhook endpoint (events of connected accounts); Stripe signs those with a secret of their own. */
  STRIPE_CONNECT_WEBHOOK_SECRET: z.string().optional(),
  UPS_CLIENT_ID: z.string().optional(),
  UPS_CLIENT_SECRET: z.string().optional(),
  UPS_ACCOUNT_NUMBER: z.string().optional(),
  UPS_BASE_URL: z.url().default('https://wwwcie.ups.com'),
  /** Milliseconds one UPS call (the token's too) may take before it fails and the seller is told (docs/operations.md). */
  UPS_TIMEOUT_MS: z.coerce.number().int().min(1000, 'UPS_TIMEOUT_MS must be at least 1000').max(30_000, 'UPS_TIMEOUT_MS must be at most 30000').default(15_000),
  /** An OpenAI-compatible service (its base URL or its /embeddings endpoint) that re-ranks AI search by meaning. */
  EMBEDDINGS_URL: z.preprocess(blankAsUnset, z.url('EMBEDDINGS_URL must be a URL').optional()),
  EMBEDDINGS_API_KEY: z.preprocess(blankAsUnset, z.string().trim().optional()),
  EMBEDDINGS_MODEL: z.preprocess(blankAsUnset, z.string().trim().default('text-embedding-3-small')),
  /** When set, GET /metrics answers only `Authorization: Bearer <token>`; production should set it (docs/operations.md). */
  METRICS_TOKEN: z.preprocess(blankAsUnset, z.string().trim().min(16, 'METRICS_TOKEN must be at least 16 characters').optional()),
  /** Files go to this S3-compatible bucket when set; otherwise to DATA_DIR/uploads (decision 0017). */
  S3_BUCKET: z.preprocess(blankAsUnset, z.string().trim().optional()),
  S3_ENDPOINT: z.preprocess(blankAsUnset, z.url('S3_ENDPOINT must be a URL').optional()),
  S3_REGION: z.preprocess(blankAsUnset, z.string().trim().default('us-east-1')),
  S3_FORCE_PATH_STYLE: z.preprocess(blankAsUnset, booleanFromString.default(false)),
  AWS_ACCESS_KEY_ID: z.preprocess(blankAsUnset, z.string().trim().optional()),
  AWS_SECRET_ACCESS_KEY: z.preprocess(blankAsUnset, z.string().trim().optional()),
  /** Mail goes out over this SMTP server when set; otherwise it is only kept in the outbox (decision 0021). */
  SMTP_URL: z.preprocess(
    blankAsUnset,
    z.url({ protocol: /^smtps?$/, error: 'SMTP_URL must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.com:587' }).optional(),
  ),
  /** The From of every e-mail: `Name <address>` or a bare address. */
  MAIL_FROM: z.preprocess(
    blankAsUnset,
    z
      .string()
      .trim()
      .regex(
        /^(?:[^<>@\r\n]+<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/,
        'MAIL_FROM must be an address, e.g. no-reply@example.com or "Marketplace <no-reply@example.com>"',
      )
      .default('Marketplace <no-reply@localhost>'),
  ),
  /** The crash-safety test's kill switch: the process dies at this point (lib/fault-injection.ts). */
  FAULT_INJECTION: z.preprocess(blankAsUnset, z.enum(CRASH_POINTS, { error: `FAULT_INJECTION must be one of ${CRASH_POINTS.join(', ')}` }).optional()),
});

export interface Config {
  environment: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** PUBLIC_URL, or http://localhost:$PORT when it is not set. */
  publicUrl: string;
  /** Whether PUBLIC_URL was set. When not, links sent back to a browser use the address it is on (plugins/public-origin.ts). */
  isPublicUrlSet: boolean;
  dataDirectory: string;
  uploadsDirectory: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  redisUrl: string | undefined;
  /** `<prefix>:cache-changes`, `<prefix>:login-attempts:*`, `<prefix>:login-attempts-account:*`, `<prefix>:rate-limit:*`, `<prefix>:socket.io#*`. */
  redisKeyPrefix: string;
  jwtSecret: string;
  jwtTtlSeconds: number;
  corsOrigins: string[];
  webDistDirectory: string;
  seedDemoData: boolean;
  logLevel: string;
  logFormat: 'json' | 'pretty';
  /** How long a shutdown waits for open requests and sockets to finish. */
  shutdownTimeoutSeconds: number;
  /** How long a request (headers and body) and its headers may take to arrive, and the open connections per address. */
  connections: { requestTimeoutSeconds: number; headersTimeoutSeconds: number; maxPerClient: number };
  loginThrottle: { maxFailures: number; windowSeconds: number; maxFailuresPerAccount: number };
  /** Fastify's `trustProxy`: whose X-Forwarded-For/-Proto/-Host are believed (false: none, the socket's address is the client's). */
  trustProxy: boolean | number | string[];
  /** Per-client request limits (plugins/rate-limits.ts, security/rate-limits.ts): off, or on with every limit multiplied by `scale`. */
  rateLimits: { enabled: boolean; globalPerMinute: number; scale: number; slowRefusals: { afterRefusals: number; delayMs: number } };
  searchCacheSeconds: number;
  /** The rendered public pages kept (plugins/rendered-pages.ts): how long at most, and how many bytes all together. */
  renderCache: { seconds: number; maxBytes: number; threads: number; threadNice: number };
  userCacheSeconds: number;
  /** How long a payout whose transfer never answered stays pending before a retry resumes it with the same key. */
  payoutClaimStaleSeconds: number;
  /** The job queue (apps/api/src/jobs): off, or how often each scheduled job runs, once across all instances. */
  jobs: { enabled: boolean; trackingRefreshSeconds: number; resumeSeconds: number; cleanupSeconds: number };
  /** Payments go through Stripe when set; otherwise through the embedded sandbox. */
  stripeSecretKey: string | undefined;
  stripePublishableKey: string | undefined;
  stripeWebhookSecret: string | undefined;
  /** Connected-account events are signed with this one; the webhook accepts an event that either secret verifies. */
  stripeConnectWebhookSecret: string | undefined;
  /** Parcels go through UPS when all three credentials are set; otherwise through the embedded sandbox carrier. */
  ups: { clientId: string; clientSecret: string; accountNumber: string; baseUrl: string; timeoutMs: number } | null;
  /** Search re-ranks its top results by meaning through this service when set; otherwise by text alone. */
  embeddings: { url: string; apiKey: string | undefined; model: string } | null;
  /** GET /metrics asks for this bearer token when set; without it the metrics are open. */
  metricsToken: string | undefined;
  /** Where the process kills itself (the crash-safety test); never outside development and test. */
  faultInjection: CrashPoint | undefined;
  /** Files live in this S3-compatible bucket when S3_BUCKET is set; otherwise on local disk under uploadsDirectory. */
  objectStorage: ObjectStorageConfig | null;
  /** E-mail (decision 0021): sent over SMTP when smtpUrl is set, otherwise only kept in the outbox. */
  mail: { smtpUrl: string | undefined; from: string };
}

export interface ObjectStorageConfig {
  bucket: string;
  /** Any S3-compatible server (MinIO, R2…); AWS itself when unset. */
  endpoint: string | undefined;
  region: string;
  forcePathStyle: boolean;
  /** Both or neither; without them the SDK's own chain (instance role, ~/.aws) is used. */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

/**
 * Without JWT_SECRET, a random secret is made once and kept in the data directory, so
 * `npm start` works out of the box and sessions survive a restart. Production sets JWT_SECRET.
 */
function readOrCreateLocalSecret(dataDirectory: string): string {
  const file = path.join(dataDirectory, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDirectory, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** A bad setting: `problems` holds one line per variable, printed as they are (no stack) by the server. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** The value beside the problem, unless it may be a secret (a key, a password, a URL with credentials). */
function shownValue(name: string, value: unknown): string {
  if (typeof value !== 'string' || /SECRET|KEY|PASSWORD|TOKEN/.test(name) || value.includes('@') || value.length > 80) return '';
  return ` (got ${JSON.stringify(value)})`;
}

function describeIssue(issue: z.core.$ZodIssue, environment: NodeJS.ProcessEnv): string {
  const name = issue.path.join('.');
  const message = issue.code === 'invalid_type' && issue.expected === 'number' ? 'expected a number' : issue.message;
  return `${name}: ${message}${shownValue(name, environment[name])}`;
}

/**
 * TRUST_PROXY as Fastify's `trustProxy` takes it: unset or `false` trusts no proxy (the socket's address is the
 * client's, X-Forwarded-* are ignored), `true` any, a whole number that many hops, else a list of addresses and
 * CIDR ranges (e.g. `10.0.0.0/8, 192.168.1.4`). Null when the value is none of these.
 */
function parseTrustProxy(value: string | undefined): boolean | number | string[] | null {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops === 0 ? false : hops <= 100 ? hops : null;
  }
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const isAddressOrRange = (entry: string) => {
    const [address, bits, ...rest] = entry.split('/');
    const version = isIP(address ?? '');
    if (version === 0 || rest.length > 0) return false;
    if (bits === undefined) return true;
    return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
  };
  return entries.length > 0 && entries.every(isAddressOrRange) ? entries : null;
}

/**
 * Fastify's `trustProxy` for the setting: a hop count trusts the nearest that many hops (as Express does; Fastify
 * itself trusts no hop for a bare number). Only safe when clients cannot reach the API but through those proxies.
 */
export function trustProxyOption(trustProxy: Config['trustProxy']): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trustProxy === 'number' ? (_address, hop) => hop < trustProxy : trustProxy;
}

/** The one place that reads process.env (lint-checked, eslint.config.js). Throws a ConfigError naming every bad variable. */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) throw new ConfigError(parsed.error.issues.map((issue) => describeIssue(issue, environment)));
  const env = parsed.data;
  const problems: string[] = [];
  if (env.NODE_ENV === 'production' && !env.JWT_SECRET) problems.push('JWT_SECRET must be set in production');
  // The embedded database lives in one process's DATA_DIR: fine for a demo, not for a deployment.
  if (env.NODE_ENV === 'production' && !env.DATABASE_URL && !env.ALLOW_EMBEDDED_DATABASE) {
    problems.push('DATABASE_URL must be set in production (or ALLOW_EMBEDDED_DATABASE=true to use the embedded database in DATA_DIR)');
  }
  if (Boolean(env.AWS_ACCESS_KEY_ID) !== Boolean(env.AWS_SECRET_ACCESS_KEY)) {
    problems.push('Set both AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or neither');
  }
  const trustProxy = parseTrustProxy(env.TRUST_PROXY);
  if (trustProxy === null)
    problems.push(
      `TRUST_PROXY must be true, false, a number of proxies (e.g. 1) or a comma-separated list of addresses and CIDR ranges${shownValue('TRUST_PROXY', env.TRUST_PROXY)}`,
    );
  if (problems.length > 0) throw new ConfigError(problems);
  const dataDirectory = path.resolve(env.DATA_DIR);
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  return {
    environment: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    isPublicUrlSet: env.PUBLIC_URL !== undefined,
    dataDirectory,
    uploadsDirectory: path.join(dataDirectory, 'uploads'),
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    redisUrl: env.REDIS_URL,
    redisKeyPrefix: env.REDIS_KEY_PREFIX,
    jwtSecret: env.JWT_SECRET ?? readOrCreateLocalSecret(dataDirectory),
    jwtTtlSeconds: env.JWT_TTL_SECONDS,
    corsOrigins: (env.CORS_ORIGIN ?? publicUrl)
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    webDistDirectory: path.resolve(env.WEB_DIST_DIR),
    seedDemoData: env.SEED_DEMO_DATA,
    logLevel: env.LOG_LEVEL,
    logFormat: env.LOG_FORMAT ?? (env.NODE_ENV === 'production' ? 'json' : 'pretty'),
    shutdownTimeoutSeconds: env.SHUTDOWN_TIMEOUT_SECONDS,
    connections: {
      requestTimeoutSeconds: env.REQUEST_TIMEOUT_SECONDS,
      headersTimeoutSeconds: Math.min(env.HEADERS_TIMEOUT_SECONDS, env.REQUEST_TIMEOUT_SECONDS),
      maxPerClient: env.MAX_CONNECTIONS_PER_CLIENT,
    },
    loginThrottle: {
      maxFailures: env.LOGIN_MAX_FAILURES,
      windowSeconds: env.LOGIN_FAILURE_WINDOW_SECONDS,
      maxFailuresPerAccount: env.LOGIN_MAX_FAILURES_PER_ACCOUNT,
    },
    trustProxy: trustProxy ?? false,
    rateLimits: {
      enabled: env.RATE_LIMITS === 'on',
      globalPerMinute: env.RATE_LIMIT_GLOBAL_PER_MINUTE,
      scale: env.RATE_LIMIT_SCALE ?? (env.NODE_ENV === 'test' ? 100 : 1),
      slowRefusals: { afterRefusals: env.RATE_LIMIT_SLOW_AFTER ?? (env.NODE_ENV === 'test' ? 0 : 60), delayMs: env.RATE_LIMIT_SLOW_MS },
    },
    searchCacheSeconds: env.SEARCH_CACHE_SECONDS ?? (env.NODE_ENV === 'test' ? 0 : 5),
    renderCache: {
      seconds: env.RENDER_CACHE_SECONDS ?? (env.NODE_ENV === 'test' ? 0 : 600),
      maxBytes: env.RENDER_CACHE_MB * 1024 * 1024,
      threads: env.RENDER_THREADS ?? (env.NODE_ENV === 'test' ? 0 : 1),
      threadNice: env.RENDER_THREAD_NICE,
    },
    userCacheSeconds: env.USER_CACHE_SECONDS ?? (env.NODE_ENV === 'test' ? 0 : 10),
    payoutClaimStaleSeconds: env.PAYOUT_CLAIM_STALE_SECONDS,
    jobs: {
      enabled: env.JOBS_ENABLED,
      trackingRefreshSeconds: env.JOBS_TRACKING_REFRESH_SECONDS,
      resumeSeconds: env.JOBS_RESUME_SECONDS,
      cleanupSeconds: env.JOBS_CLEANUP_SECONDS,
    },
    stripeSecretKey: env.STRIPE_SECRET_KEY || undefined,
    stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY || undefined,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
    stripeConnectWebhookSecret: env.STRIPE_CONNECT_WEBHOOK_SECRET || undefined,
    ups:
      env.UPS_CLIENT_ID && env.UPS_CLIENT_SECRET && env.UPS_ACCOUNT_NUMBER
        ? {
            clientId: env.UPS_CLIENT_ID,
            clientSecret: env.UPS_CLIENT_SECRET,
            accountNumber: env.UPS_ACCOUNT_NUMBER,
            baseUrl: env.UPS_BASE_URL,
            timeoutMs: env.UPS_TIMEOUT_MS,
          }
        : null,
    embeddings: env.EMBEDDINGS_URL ? { url: env.EMBEDDINGS_URL, apiKey: env.EMBEDDINGS_API_KEY, model: env.EMBEDDINGS_MODEL } : null,
    metricsToken: env.METRICS_TOKEN,
    faultInjection: env.NODE_ENV === 'production' ? undefined : env.FAULT_INJECTION,
    objectStorage: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          endpoint: env.S3_ENDPOINT,
          region: env.S3_REGION,
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
          credentials:
            env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY ? { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY } : undefined,
        }
      : null,
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
  };
}
