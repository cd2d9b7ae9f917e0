import compress from '@fastify/compress';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { trustProxyOption, type Config } from './config';
import type { DatabaseHandle } from './db/client';
import type { Clock } from './lib/clock';
import { createCacheBus } from './lib/cache-bus';
import { createDomainEvents, type DomainEventPublisher } from './lib/domain-events';
import { createReadableLogStream } from './lib/readable-log';
import { analyticsModule } from './modules/analytics/analytics.module';
import { createAccountLifecycleService } from './modules/auth/account-lifecycle.service';
import { createAccountThrottles } from './modules/auth/account-throttles';
import { authModule } from './modules/auth/auth.module';
import { createAuthService } from './modules/auth/auth.service';
import { limitConnections } from './plugins/connection-limits';
import { createLoginThrottle, createRedisLoginThrottle } from './modules/auth/login-throttle';
import { assertAcceptablePassword, hashPassword, verifyPassword } from './modules/auth/password';
import { createTokenService } from './modules/auth/tokens';
import { cartModule } from './modules/cart/cart.module';
import { catalogModule } from './modules/catalog/catalog.module';
import { chatModule } from './modules/chat/chat.module';
import { checkoutModule } from './modules/checkout/checkout.module';
import { registerModules } from './modules/define-module';
import { deliveryModule } from './modules/delivery/delivery.module';
import { disputesModule } from './modules/disputes/disputes.module';
import { healthModule } from './modules/health/health.module';
import { createAccountEmailSender, createMailService } from './modules/mail';
import { mailModule } from './modules/mail/mail.module';
import { notificationsModule } from './modules/notifications/notifications.module';
import { ordersModule } from './modules/orders/orders.module';
import { payoutsModule } from './modules/payouts/payouts.module';
import { returnsModule } from './modules/returns/returns.module';
import { reviewsModule } from './modules/reviews/reviews.module';
import { searchModule } from './modules/search/search.module';
import { seoModule } from './modules/seo/seo.module';
import { shippingModule } from './modules/shipping/shipping.module';
import { shopsModule } from './modules/shops/shops.module';
import { uploadsModule } from './modules/uploads/uploads.module';
import type { UserRecord } from './modules/users';
import { usersModule } from './modules/users/users.module';
import { wishlistModule } from './modules/wishlist/wishlist.module';
import { workspaceModule } from './modules/workspace/workspace.module';
import apiDocs from './plugins/api-docs';
import authentication from './plugins/authentication';
import errorHandler from './plugins/error-handler';
import { publicOrigin } from './plugins/public-origin';
import security from './plugins/security';
import webApp from './plugins/web-app';
import type { RenderedPages } from './plugins/rendered-pages';
import metrics, { type MetricsOptions } from './plugins/metrics';
import rateLimits from './plugins/rate-limits';
import slowRefusals from './plugins/slow-refusals';
import requestId, { requestIdOf } from './plugins/request-id';
import { storedFileRoutes } from './plugins/stored-files';
import { createFileLinkSigner, withAccessControlledUrls } from './providers/files/file-access';
import type { FileStore } from './providers/files/port';
import type { CarrierProvider } from './providers/carrier/port';
import type { ConnectProvider } from './providers/payment/connect-port';
import type { PaymentProvider } from './providers/payment/port';
import type { JobServices } from './jobs';

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  files: FileStore;
  clock: Clock;
  /** Where logs go (tests capture them); stdout when absent. */
  logStream?: NodeJS.WritableStream;
  /** Hands the services the background jobs call to the caller (server.ts starts the job queue with them). */
  onServices?: (services: JobServices) => void;
  /** Hands the domain events to the caller (tests publish what a module would, to see who reacts). */
  onDomainEvents?: (events: DomainEventPublisher) => void;
  /** True once server.ts has begun shutting down: readiness answers 503. */
  isDraining?: () => boolean;
  /** The job queue's depth and failures, read by GET /metrics at each scrape (the queue may start after the app). */
  jobStats?: MetricsOptions['jobStats'];
  /** Tests put a fake in front of the payouts provider (e.g. to fail a transfer). */
  wrapConnect?: (provider: ConnectProvider) => ConnectProvider;
  /** Tests wrap the payment provider to make it fail or hang (refund retries). */
  wrapPayments?: (provider: PaymentProvider) => PaymentProvider;
  /** Tests wrap the carrier (to keep a handle on the sandbox, or check where each call is made). */
  wrapCarrier?: (provider: CarrierProvider) => CarrierProvider;
  /** Sees every route as it is registered, from the first (the security tests read the whole route table from it). */
  onRoute?: (route: RouteOptions) => void;
}

/**
 * The API's modules, registered in this order (docs/decisions/0036-modules-register-themselves.md): the
 * layers of modules/layers.ts, lowest first, so each module is handed what the modules below it publish
 * (security/house-rules-module-order.test.ts holds the order). Inside a layer the order is who hands what
 * to whom: returns and payouts before disputes, whose cases read them; mail before notifications, whose
 * reactions keep the order they were always subscribed in. The compiler checks that what each module
 * needs is published by a module before it (registerModules, modules/define-module.ts).
 */
export const API_MODULES = [
  usersModule,
  workspaceModule,
  healthModule,
  authModule,
  catalogModule,
  uploadsModule,
  searchModule,
  cartModule,
  wishlistModule,
  deliveryModule,
  ordersModule,
  checkoutModule,
  shippingModule,
  returnsModule,
  payoutsModule,
  disputesModule,
  reviewsModule,
  chatModule,
  shopsModule,
  seoModule,
  analyticsModule,
  mailModule,
  notificationsModule,
] as const;

// Secrets that may appear in a URL (upload links; the reset and verification links' pages, docs/product/accounts.md) are cut out before a request is logged.
const SECRET_IN_PATH = /(\/(?:mobile-upload|validate-upload-token|reset-password|verify-email)\/)[^/?#]+/g;
const SECRET_IN_QUERY = /([?&](?:token|access_token|jwt|signature)=)[^&#]*/gi;
export function redactUrl(url: string): string {
  return url.replace(SECRET_IN_PATH, '$1[redacted]').replace(SECRET_IN_QUERY, '$1[redacted]');
}

/** Builds the whole API without listening, so tests drive it with `app.inject`. */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, database, clock } = deps;
  // Private files (chat, dispute, return photos) get signed links that any instance can check (decision 0017).
  const fileLinks = createFileLinkSigner({ secret: config.jwtSecret, now: () => clock.now() });
  const files = withAccessControlledUrls(deps.files, fileLinks);
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // LOG_FORMAT=pretty prints one readable line per entry (lib/readable-log.ts); json leaves pino's lines as they are.
      ...(deps.logStream ? { stream: deps.logStream } : config.logFormat === 'pretty' ? { stream: createReadableLogStream() } : {}),
      // Passwords and tokens never reach the logs: bodies and headers are not logged at all, and
      // these paths are censored in case a later log line includes them.
      redact: {
        paths: ['req.headers.authorization', 'headers.authorization', '*.password', '*.token', 'password', 'token'],
        censor: '[redacted]',
      },
      serializers: {
        req: (request) => ({ method: request.method, url: redactUrl(request.url), remoteAddress: request.ip }),
      },
    },
    // 1 MiB of JSON is plenty; uploads use multipart with their own limits.
    bodyLimit: 1024 * 1024,
    // A request must arrive whole (headers and body) within REQUEST_TIMEOUT_SECONDS, its headers within
    // HEADERS_TIMEOUT_SECONDS: else 408 and the connection closes. Checked every second, so a body sent a
    // byte at a time holds its connection no longer than that (plugins/connection-limits.ts).
    requestTimeout: config.connections.requestTimeoutSeconds * 1000,
    http: { headersTimeout: config.connections.headersTimeoutSeconds * 1000, connectionsCheckingInterval: 1000 },
    // Whose X-Forwarded-For/-Proto/-Host to believe (TRUST_PROXY, docs/operations.md): by default none, so a client cannot pick its own address.
    trustProxy: trustProxyOption(config.trustProxy),
    // The load balancer's X-Request-Id when it is sane, else a UUID; every log line of the request carries it as reqId.
    genReqId: requestIdOf,
    requestIdHeader: false,
  }).withTypeProvider<ZodTypeProvider>();
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  // 0. One address holds at most MAX_CONNECTIONS_PER_CLIENT connections when no proxy stands in front (plugins/connection-limits.ts).
  limitConnections(app.server, config.connections, config.trustProxy === false || config.trustProxy === 0);

  // 1. zod schemas validate requests and serialize responses (one source of truth with the docs).
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // 1b. Every answer, errors and 404s too, names its request id (X-Request-Id).
  await app.register(requestId);
  // 2. Every error is answered as JSON `{ error, code, ...details }` (decision 0015): an HttpError with its status and code, a schema failure as `validation_failed`, anything unexpected as a logged 500 that shows nothing internal. Text holding a NUL is refused before validation. Registered before the routes, so each one inherits both.
  await app.register(errorHandler);
  // 2b. Requests per client and route (each route's `config.requestLimit`, plugins/route-access.ts): before any route (CORS's preflight too), so each one gets its limit; after the error handler, so a 429 has the usual shape.
  // (The auth service is made further down; the limits only call it once requests arrive.)
  await app.register(rateLimits, {
    ...config.rateLimits,
    redisUrl: config.redisUrl,
    redisKeyPrefix: config.redisKeyPrefix,
    // Only a live session counts as its user: a token that was logged out, ended by a password change or
    // belongs to a suspended account counts against its sender's address, never against the owner's budget.
    userIdOf: async (token) => {
      const checked = await auth.checkToken(token);
      return 'user' in checked ? checked.user.id : null;
    },
    onError: (error) => app.log.error({ err: error }, 'redis (request limits) error'),
    now: () => clock.now().getTime(),
  });
  // 2c. An address that keeps asking once refused gets its further refusals slowly (a flood then costs the others little).
  if (config.rateLimits.enabled) await app.register(slowRefusals, { ...config.rateLimits.slowRefusals, now: () => clock.now().getTime() });
  // 3. Security headers and CORS on every answer.
  await app.register(security, { corsOrigins: config.corsOrigins, allowStripe: Boolean(config.stripeSecretKey && config.stripePublishableKey) });
  // Answers and the web app's files travel compressed (brotli or gzip, as the browser accepts) above 1 KB.
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  // 3b. GET /metrics (METRICS_TOKEN): before the routes, so every one is timed, and before the docs, which do not list it.
  // (The chat module attaches the socket server further down; the metrics only ask it once the app is listening.)
  await app.register(metrics, { token: config.metricsToken, poolStats: database.poolStats, openSockets: () => modules.openSockets(), jobStats: deps.jobStats });
  // 4. OpenAPI docs collect routes registered after it.
  await app.register(apiDocs);
  // 5. Who is asking: each route registered from here on gets the guard its `config.access` declares (plugins/route-access.ts), and `app.authenticate` for routes that read an optional sign-in.
  const tokens = createTokenService({ secret: config.jwtSecret, ttlSeconds: config.jwtTtlSeconds, now: () => clock.now() });
  // Failed logins are counted in Redis when there is one, so every instance sees the same count.
  const throttle = config.redisUrl
    ? await createRedisLoginThrottle({
        ...config.loginThrottle,
        clock,
        redisUrl: config.redisUrl,
        prefix: config.redisKeyPrefix,
        onError: (error) => app.log.error({ err: error }, 'redis (login throttle) error'),
      })
    : createLoginThrottle({ ...config.loginThrottle, clock });
  app.addHook('onClose', () => throttle.close());
  // …and per account from all addresses together, so a guesser changing addresses still runs out (docs/product/accounts.md).
  const accountLoginLimit = {
    maxFailures: config.loginThrottle.maxFailuresPerAccount,
    windowSeconds: config.loginThrottle.windowSeconds,
    clock,
    name: 'login-attempts-account',
  };
  const accountLoginThrottle = config.redisUrl
    ? await createRedisLoginThrottle({
        ...accountLoginLimit,
        redisUrl: config.redisUrl,
        prefix: config.redisKeyPrefix,
        onError: (error) => app.log.error({ err: error }, 'redis (login throttle) error'),
      })
    : createLoginThrottle(accountLoginLimit);
  app.addHook('onClose', () => accountLoginThrottle.close());
  // Tells the other instances (with REDIS_URL) what this one changed, so they drop their cached copies.
  const cacheBus = await createCacheBus({
    redisUrl: config.redisUrl,
    prefix: config.redisKeyPrefix,
    onError: (error) => app.log.error({ err: error }, 'redis (cache bus) error'),
  });
  app.addHook('onClose', () => cacheBus.close());
  // What one module did, told to the others once its transaction commits (lib/domain-events.ts); each module subscribes its reactions as it registers (step 6).
  const events = createDomainEvents({
    database: database.db,
    onHandlerError: (error, event) => app.log.error({ err: error, event: event.type }, 'domain event handler failed'),
  });
  deps.onDomainEvents?.(events);
  // E-mail: `mail.send` only writes an outbox row; the mail job sends it over SMTP_URL (decision 0021).
  const mail = createMailService({ db: database.db, clock, config: config.mail, log: app.log });
  app.addHook('onClose', () => mail.close());
  // The account lifecycle (docs/product/accounts.md): sign-out everywhere, reset and verification links by e-mail, limited per address, client and user.
  const accountThrottles = await createAccountThrottles({
    clock,
    redisUrl: config.redisUrl,
    prefix: config.redisKeyPrefix,
    onError: (error) => app.log.error({ err: error }, 'redis (account mail throttle) error'),
  });
  app.addHook('onClose', () => accountThrottles.close());
  // Auth sits below mail (modules/layers.ts): its e-mails reach the outbox through this sender.
  const account = createAccountLifecycleService({
    db: database.db,
    clock,
    sendEmail: createAccountEmailSender(mail),
    publicUrl: config.publicUrl,
    events,
    throttles: accountThrottles,
  });
  const auth = createAuthService({
    db: database.db,
    tokens,
    throttle,
    accountThrottle: accountLoginThrottle,
    clock,
    events,
    userCacheTtlMs: config.userCacheSeconds * 1000,
    sendVerification: account.sendVerification,
  });
  await app.register(authentication, { auth });
  // 5b. Where links sent back to a browser point (QR code, Stripe's return): PUBLIC_URL, else the browser's own address.
  await app.register(publicOrigin, { publicUrl: config.publicUrl, isPublicUrlSet: config.isPublicUrlSet });

  // 6. The domain modules, each registering itself (modules/<module>/<module>.module.ts) in the order of
  // API_MODULES: its services, its routes under their prefixes, its reactions. Each is handed the platform,
  // the pieces built above that modules use, and what the modules before it published.
  const modules = await registerModules(
    app,
    {
      config,
      database,
      files,
      fileStore: deps.files,
      clock,
      events,
      cacheBus,
      // The auth services and the mail outbox, built above: the auth module registers their routes, the mail module the outbox's.
      auth,
      account,
      mail,
      // What the users module (the lowest layer) needs of auth. A password change answers a new token (docs/product/accounts.md): signed as at login, at the new session version.
      signToken: (user: UserRecord) => tokens.sign({ userId: user.id, role: user.role, sessionVersion: user.sessionVersion }),
      passwords: { assertAcceptable: assertAcceptablePassword, hash: hashPassword, verify: verifyPassword },
      // The caller's: readiness while draining (health), and the tests' fakes in front of the providers (orders, payouts).
      isDraining: deps.isDraining,
      wrapPayments: deps.wrapPayments,
      wrapConnect: deps.wrapConnect,
      wrapCarrier: deps.wrapCarrier,
    },
    API_MODULES,
  );

  // 7. Stored files (public product photos, private files by signed link), the built web app, and the 404s for everything else.
  await app.register(storedFileRoutes, { files: deps.files, signer: fileLinks });
  await app.register(webApp, {
    webDistDirectory: config.webDistDirectory,
    serveSourceMaps: config.environment !== 'production',
    renderThreads: { count: config.renderCache.threads, nice: config.renderCache.threadNice },
    // The rendered public pages are kept until what they show changes (plugins/rendered-pages.ts, decision 0038):
    // a listing's page when it changes, the lists when any listing does, all of them when a seller's profile or
    // status, a category or a setting changes here, or another instance says the catalogue changed.
    keptPages: {
      ttlMs: config.renderCache.seconds * 1000,
      maxBytes: config.renderCache.maxBytes,
      follow: (pages) => {
        events.subscribe('listing.changed', (event) => pages.listingsChanged(event.productIds));
        events.subscribe('user.changed', (event) => {
          if (event.change === 'profile' || event.change === 'status') pages.dropAll();
        });
        cacheBus.onChange('catalog', () => pages.dropAll());
        keptPages = pages;
      },
    },
  });
  // Categories and settings change through the admin's calls, which publish no event: any that succeeded drops the pages.
  let keptPages: RenderedPages | null = null;
  app.addHook('onResponse', (request, reply, done) => {
    const isWrite = request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS';
    if (keptPages && isWrite && reply.statusCode < 400 && /^\/api\/(admin|categories)(\/|$|\?)/.test(request.url)) {
      keptPages.dropAll();
      cacheBus.announce('catalog');
    }
    done();
  });

  // The services the background jobs call (apps/api/src/jobs); only server.ts starts the queue.
  deps.onServices?.({ ...modules, mail });

  return app;
}
