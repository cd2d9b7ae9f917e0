import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { trustProxyOption, type Config } from './config';
import type { DatabaseHandle } from './db/client';
import type { Clock } from './lib/clock';
import { createCacheBus } from './lib/cache-bus';
import { createDomainEvents } from './lib/domain-events';
import { createLoginThrottle, createRedisLoginThrottle } from './modules/auth/login-throttle';
import { cartRoutes } from './modules/cart/cart.routes';
import { createCartService } from './modules/cart/cart.service';
import { checkoutRoutes, createCheckoutService } from './modules/checkout';
import { buyerOrderRoutes, sellerOrderRoutes } from './modules/orders/orders.routes';
import { createOrdersService } from './modules/orders/orders.service';
import {
  createLabelsService,
  createPickupChargesService,
  createPickupsService,
  createTrackingService,
  findTrackingOfOrderItems,
  shipmentRoutes,
} from './modules/shipping';
import { returnRoutes } from './modules/returns/returns.routes';
import { hasOpenReturn } from './modules/returns';
import { createShopsService, shopRoutes } from './modules/shops';
import { createSeoService, seoRoutes } from './modules/seo';
import { createReturnsService } from './modules/returns/returns.service';
import { createCarrierProvider } from './providers/carrier/create-carrier-provider';
import type { ConnectProvider } from './providers/payment/connect-port';
import type { SandboxConnectProvider } from './providers/payment/connect-sandbox';
import { createConnectProvider } from './providers/payment/create-connect-provider';
import {
  createConnectAccountsService,
  createEarningsService,
  createPayoutReportsService,
  createPayoutsService,
  createStripeWebhooksService,
  findAdjustmentOfDispute,
  payoutAdminRoutes,
  sandboxConnectRoutes,
  sellerEarningsRoutes,
  stripeConnectRoutes,
} from './modules/payouts';
import { chatRoutes } from './modules/chat/chat.routes';
import { findRecentMessagesBetween } from './modules/chat';
import { disputeRoutes } from './modules/disputes/disputes.routes';
import { createDisputesService } from './modules/disputes/disputes.service';
import { createChatService } from './modules/chat/chat.service';
import { attachChatSocket, liveUsersOf } from './realtime/chat-socket';
import { wishlistRoutes } from './modules/wishlist/wishlist.routes';
import { createWishlistService } from './modules/wishlist/wishlist.service';
import type { PaymentProvider } from './providers/payment/port';
import { createPaymentProvider } from './providers/payment/create-payment-provider';
import { authRoutes } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { createAccountLifecycleService } from './modules/auth/account-lifecycle.service';
import { assertAcceptablePassword, hashPassword, verifyPassword } from './modules/auth/password';
import { createAccountThrottles } from './modules/auth/account-throttles';
import { createTokenService } from './modules/auth/tokens';
import { categoryRoutes } from './modules/catalog/categories.routes';
import { productRoutes } from './modules/catalog/products.routes';
import { createProductsService } from './modules/catalog/products.service';
import { createListingDraftReactions } from './modules/catalog/listing-draft-reactions';
import { healthRoutes } from './modules/health/health.routes';
import { createReadableLogStream } from './lib/readable-log';
import { uploadRoutes } from './modules/uploads/uploads.routes';
import { createUploadsService } from './modules/uploads/uploads.service';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { createAnalyticsService } from './modules/analytics/analytics.service';
import { createUserInsightsService } from './modules/analytics/user-insights.service';
import { findSellerWeekFigures } from './modules/analytics/weekly-figures';
import { adminOrderRoutes } from './modules/orders/admin-orders.routes';
import { createAdminOrdersService } from './modules/orders/admin-orders.service';
import { addressRoutes } from './modules/users/addresses.routes';
import { createAddressesService } from './modules/users/addresses.service';
import { profileRoutes } from './modules/users/profile.routes';
import { adminUserRoutes } from './modules/users/users.routes';
import { createUsersService } from './modules/users/users.service';
import { workspaceRoutes } from './modules/workspace/workspace.routes';
import { createAccountEmailSender, createMailNotifications, createMailService, mailRoutes } from './modules/mail';
import { createUnsubscribeLinks } from './modules/mail/unsubscribe-links';
import { createNotificationReactions, createNotificationsService, notificationRoutes } from './modules/notifications';
import { createReviewsService, reviewRoutes } from './modules/reviews';
import { createWorkspaceService } from './modules/workspace/workspace.service';
import { catalogueSearchRoutes } from './modules/search/catalogue-search.routes';
import { createCatalogueSearchService } from './modules/search/catalogue-search.service';
import { embeddingProviderFrom } from './modules/search/embedding-provider';
import { searchRoutes } from './modules/search/search.routes';
import { createSearchService } from './modules/search/search.service';
import apiDocs from './plugins/api-docs';
import authentication from './plugins/authentication';
import errorHandler from './plugins/error-handler';
import { publicOrigin } from './plugins/public-origin';
import security from './plugins/security';
import webApp from './plugins/web-app';
import metrics, { type MetricsOptions } from './plugins/metrics';
import rateLimits from './plugins/rate-limits';
import requestId, { requestIdOf } from './plugins/request-id';
import { storedFileRoutes } from './plugins/stored-files';
import { createFileLinkSigner, withAccessControlledUrls } from './providers/files/file-access';
import type { FileStore } from './providers/files/port';
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
  /** True once server.ts has begun shutting down: readiness answers 503. */
  isDraining?: () => boolean;
  /** The job queue's depth and failures, read by GET /metrics at each scrape (the queue may start after the app). */
  jobStats?: MetricsOptions['jobStats'];
  /** Tests put a fake in front of the payouts provider (e.g. to fail a transfer). */
  wrapConnect?: (provider: ConnectProvider) => ConnectProvider;
  /** Tests wrap the payment provider to make it fail or hang (refund retries). */
  wrapPayments?: (provider: PaymentProvider) => PaymentProvider;
}

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
    // Whose X-Forwarded-For/-Proto/-Host to believe (TRUST_PROXY, docs/operations.md): by default none, so a client cannot pick its own address.
    trustProxy: trustProxyOption(config.trustProxy),
    // The load balancer's X-Request-Id when it is sane, else a UUID; every log line of the request carries it as reqId.
    genReqId: requestIdOf,
    requestIdHeader: false,
  }).withTypeProvider<ZodTypeProvider>();

  // 1. zod schemas validate requests and serialize responses (one source of truth with the docs).
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // 1b. Every answer, errors and 404s too, names its request id (X-Request-Id).
  await app.register(requestId);
  // 2. Every error is answered as JSON `{ error, code, ...details }` (decision 0015): an HttpError with its status and code, a schema failure as `validation_failed`, anything unexpected as a logged 500 that shows nothing internal. Text holding a NUL is refused before validation. Registered before the routes, so each one inherits both.
  await app.register(errorHandler);
  // 2b. Requests per client and route (each route's `config.requestLimit`, plugins/route-access.ts): before any route (CORS's preflight too), so each one gets its limit; after the error handler, so a 429 has the usual shape.
  // (The token service is made further down; the limits only call it once requests arrive.)
  await app.register(rateLimits, { ...config.rateLimits, redisUrl: config.redisUrl, redisKeyPrefix: config.redisKeyPrefix, userIdOf: async (token) => (await tokens.verify(token))?.userId ?? null, onError: (error) => app.log.error({ err: error }, 'redis (request limits) error') });
  // 3. Security headers and CORS on every answer.
  await app.register(security, { corsOrigins: config.corsOrigins, allowStripe: Boolean(config.stripeSecretKey && config.stripePublishableKey) });
  // Answers and the web app's files travel compressed (brotli or gzip, as the browser accepts) above 1 KB.
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  // 3b. GET /metrics (METRICS_TOKEN): before the routes, so every one is timed, and before the docs, which do not list it.
  // (The chat socket server is made further down; the metrics only read it once the app is listening.)
  await app.register(metrics, { token: config.metricsToken, poolStats: database.poolStats, openSockets: () => chatSockets.engine.clientsCount, jobStats: deps.jobStats });
  // 4. OpenAPI docs collect routes registered after it.
  await app.register(apiDocs);
  // 5. Who is asking: each route registered from here on gets the guard its `config.access` declares (plugins/route-access.ts), and `app.authenticate` for routes that read an optional sign-in.
  const tokens = createTokenService({ secret: config.jwtSecret, ttlSeconds: config.jwtTtlSeconds, now: () => clock.now() });
  // Failed logins are counted in Redis when there is one, so every instance sees the same count.
  const throttle = config.redisUrl
    ? await createRedisLoginThrottle({ ...config.loginThrottle, clock, redisUrl: config.redisUrl, prefix: config.redisKeyPrefix, onError: (error) => app.log.error({ err: error }, 'redis (login throttle) error') })
    : createLoginThrottle({ ...config.loginThrottle, clock });
  app.addHook('onClose', () => throttle.close());
  // …and per account from all addresses together, so a guesser changing addresses still runs out (docs/product/accounts.md).
  const accountLoginLimit = { maxFailures: config.loginThrottle.maxFailuresPerAccount, windowSeconds: config.loginThrottle.windowSeconds, clock, name: 'login-attempts-account' };
  const accountLoginThrottle = config.redisUrl
    ? await createRedisLoginThrottle({ ...accountLoginLimit, redisUrl: config.redisUrl, prefix: config.redisKeyPrefix, onError: (error) => app.log.error({ err: error }, 'redis (login throttle) error') })
    : createLoginThrottle(accountLoginLimit);
  app.addHook('onClose', () => accountLoginThrottle.close());
  // Tells the other instances (with REDIS_URL) what this one changed, so they drop their cached copies.
  const cacheBus = await createCacheBus({ redisUrl: config.redisUrl, prefix: config.redisKeyPrefix, onError: (error) => app.log.error({ err: error }, 'redis (cache bus) error') });
  app.addHook('onClose', () => cacheBus.close());
  // What one module did, told to the others once its transaction commits (lib/domain-events.ts); the reactions are subscribed below.
  const events = createDomainEvents({ database: database.db, onHandlerError: (error, event) => app.log.error({ err: error, event: event.type }, 'domain event handler failed') });
  // E-mail: `mail.send` only writes an outbox row; the mail job sends it over SMTP_URL (decision 0021).
  const mail = createMailService({ db: database.db, clock, config: config.mail, log: app.log });
  app.addHook('onClose', () => mail.close());
  // The account lifecycle (docs/product/accounts.md): sign-out everywhere, reset and verification links by e-mail, limited per address, client and user.
  const accountThrottles = await createAccountThrottles({ clock, redisUrl: config.redisUrl, prefix: config.redisKeyPrefix, onError: (error) => app.log.error({ err: error }, 'redis (account mail throttle) error') });
  app.addHook('onClose', () => accountThrottles.close());
  // Auth sits below mail (modules/layers.ts): its e-mails reach the outbox through this sender.
  const account = createAccountLifecycleService({ db: database.db, clock, sendEmail: createAccountEmailSender(mail), publicUrl: config.publicUrl, events, throttles: accountThrottles });
  const auth = createAuthService({ db: database.db, tokens, throttle, accountThrottle: accountLoginThrottle, clock, events, userCacheTtlMs: config.userCacheSeconds * 1000, sendVerification: account.sendVerification });
  await app.register(authentication, { auth });
  // 5b. Where links sent back to a browser point (QR code, Stripe's return): PUBLIC_URL, else the browser's own address.
  await app.register(publicOrigin, { publicUrl: config.publicUrl, isPublicUrlSet: config.isPublicUrlSet });

  // 6. Domain modules, each under its own prefix.
  // Readiness also asks Redis and the object store, when there are ones to ask.
  const readinessChecks: Record<string, () => Promise<void>> = {};
  if (cacheBus.ping) readinessChecks.redis = cacheBus.ping;
  if (deps.files.ping) readinessChecks.files = () => deps.files.ping!();
  await app.register(healthRoutes, { prefix: '/api/health', pingDatabase: () => database.ping(), readinessChecks, ...(deps.isDraining ? { isDraining: deps.isDraining } : {}) });
  await app.register(authRoutes, { prefix: '/api/auth', auth, account });
  await app.register(categoryRoutes, { prefix: '/api/categories', db: database.db });
  // ── catalog, listings, images and phone uploads ──
  const products = createProductsService({
    db: database.db,
    files,
    clock,
    searchCacheTtlMs: config.searchCacheSeconds * 1000,
    events,
  });
  // The catalogue's lists (the public search and browse, a seller's and the admin's) are the search module's, over the catalog's listings.
  const catalogueSearch = createCatalogueSearchService({ db: database.db, files, clock, searchCacheTtlMs: config.searchCacheSeconds * 1000 });
  // Caches follow the domain events: this instance drops its copies at once, and the cache bus tells the others to.
  const dropOwnCatalogCaches = () => {
    products.dropCatalogCache();
    catalogueSearch.dropSearchCache();
  };
  const dropCatalogCaches = () => {
    dropOwnCatalogCaches();
    cacheBus.announce('catalog');
  };
  events.subscribe('listing.changed', dropCatalogCaches);
  events.subscribe('user.changed', () => {
    auth.dropUserCache();
    cacheBus.announce('users');
    // A seller's company name is shown on their listings.
    dropCatalogCaches();
  });
  // A seller's drafts that got photos before their address was verified go live once it is (docs/product/listings.md).
  const listingDraftReactions = createListingDraftReactions({ db: database.db, clock, events, onError: (error, event) => app.log.error({ err: error, event }, 'putting drafts live failed') });
  app.addHook('onClose', () => listingDraftReactions.settled());
  cacheBus.onChange('catalog', dropOwnCatalogCaches);
  cacheBus.onChange('users', auth.dropUserCache);
  await app.register(catalogueSearchRoutes, { prefix: '/api', catalogueSearch });
  await app.register(productRoutes, { prefix: '/api', products });
  const uploads = createUploadsService({ db: database.db, files, clock, publicUrl: config.publicUrl, products });
  await app.register(uploadRoutes, { prefix: '/api', uploads });
  // ── cart, wishlist, checkout, orders and payments ──
  const basePayments = createPaymentProvider(config, clock);
  const payments = deps.wrapPayments ? deps.wrapPayments(basePayments) : basePayments;
  const cart = createCartService({ db: database.db, files, clock });
  const orders = createOrdersService({
    db: database.db,
    files,
    clock,
    payments,
    events,
    // The buyer's order details show each item's parcel, which the shipping module owns and reads…
    trackingOf: (orderItemIds) => findTrackingOfOrderItems(database.db, orderItemIds),
    // …and so does the news of a shipped or delivered item, read in the transaction that moved it.
    parcelTrackingOf: findTrackingOfOrderItems,
    // …and whether each item can be returned, which the returns module (built with the carrier, below) knows.
    returnsOf: (orderItemIds) => returns.returnsOf(orderItemIds),
  });
  await app.register(cartRoutes, { prefix: '/api/cart', cart });
  await app.register(wishlistRoutes, { prefix: '/api/wishlist', wishlist: createWishlistService({ db: database.db, files, clock }) });
  const checkout = createCheckoutService({ db: database.db, clock, cart, payments, events });
  await app.register(checkoutRoutes, { prefix: '/api', checkout });
  await app.register(buyerOrderRoutes, { prefix: '/api/orders', orders });
  await app.register(sellerOrderRoutes, { prefix: '/api/seller', orders });
  // ── shipping: labels, pickups, void and tracking through the carrier ──
  const carrier = createCarrierProvider(config, clock, database, (error) => app.log.error({ err: error }, 'sandbox carrier: saving its records failed'));
  const shipping = { db: database.db, files, clock, carrier, environment: config.environment, orderItems: orders, events };
  const tracking = createTrackingService(shipping);
  await app.register(shipmentRoutes, { prefix: '/api/shipments', labels: createLabelsService(shipping), pickups: createPickupsService(shipping), tracking });
  // Each order item's share of its pickup's charge, which its payout deducts.
  const pickupCharges = createPickupChargesService(shipping);
  // ── returns: the buyer sends an item back on a UPS return label; refunded once it arrives ──
  const returns = createReturnsService({
    db: database.db,
    files,
    clock,
    carrier,
    environment: config.environment,
    refundOrderItem: (input) => orders.refundOrderItem(input),
    warn: (message, error) => app.log.warn({ err: error }, message),
  });
  await app.register(returnRoutes, { prefix: '/api/returns', returns });
  // ── shops: a seller's public page (their listings come from the catalogue's search) ──
  await app.register(shopRoutes, { prefix: '/api/shops', shops: createShopsService({ db: database.db, products: catalogueSearch, returnPolicyOf: (sellerId) => returns.policy(sellerId) }) });
  // ── what search engines read: /robots.txt and the sitemap of live products and shops, at the site's root, links from PUBLIC_URL ──
  await app.register(seoRoutes, { seo: createSeoService({ db: database.db, clock, publicUrl: config.publicUrl }) });
  // ── getting sellers paid: Connect accounts, payouts, webhooks ──
  const baseConnect = createConnectProvider(config, clock, database.db);
  const connect = deps.wrapConnect ? deps.wrapConnect(baseConnect) : baseConnect;
  // The admin's payout stats are cached; a payout written here drops them on every instance.
  const payoutReports = createPayoutReportsService({ db: database.db, clock, announceStatsChange: () => cacheBus.announce('payout-stats') });
  cacheBus.onChange('payout-stats', payoutReports.dropCachedStats);
  const connectAccounts = createConnectAccountsService({ db: database.db, clock, connect, publicUrl: config.publicUrl });
  const payouts = createPayoutsService({
    db: database.db,
    clock,
    connect,
    pickupCharges,
    orderItems: orders,
    claimStaleAfterMs: config.payoutClaimStaleSeconds * 1000,
    onPayoutsChanged: payoutReports.payoutsChanged,
    events,
    // Payout on delivery reads the admin's setting each round (the workspace service is built below).
    payoutSchedule: () => workspace.payoutSchedule(),
    log: app.log,
  });
  const stripeWebhooks = createStripeWebhooksService({ db: database.db, clock, connect, orderItems: orders, onPayoutsChanged: payoutReports.payoutsChanged, log: app.log, checkout });
  await app.register(stripeConnectRoutes, { prefix: '/api/stripe-connect', accounts: connectAccounts, payouts, reports: payoutReports, webhooks: stripeWebhooks });
  await app.register(payoutAdminRoutes, { prefix: '/api', reports: payoutReports });
  if (baseConnect.name === 'sandbox') await app.register(sandboxConnectRoutes, { prefix: '/api/sandbox/connect', sandbox: baseConnect as SandboxConnectProvider });
  // ── chat: conversations over REST, live events over the socket ──
  const chat = createChatService({ db: database.db, files, clock, events });
  await app.register(chatRoutes, { prefix: '/api/chat', chat });
  const chatSockets = await attachChatSocket(app, { chat, checkToken: (token) => auth.checkToken(token), clock, corsOrigins: config.corsOrigins, redisUrl: config.redisUrl, redisKeyPrefix: config.redisKeyPrefix, events });
  // Who has a tab open, and a way to tell them something live (in-app notifications, the chat e-mail's "offline" check).
  const liveUsers = liveUsersOf(chatSockets);
  // ── marketplace settings, notification preferences and support requests ──
  const workspace = createWorkspaceService({ db: database.db, clock, events });
  await app.register(workspaceRoutes, { prefix: '/api', workspace });
  // A seller's earnings: each sold item's payout laid out, where it stands, and a CSV of it.
  const earnings = createEarningsService({ db: database.db, clock, pickupCharges, payoutSchedule: () => workspace.payoutSchedule() });
  await app.register(sellerEarningsRoutes, { prefix: '/api/seller', earnings });
  // ── e-mail: the reactions to domain events, the admins' outbox and the signed unsubscribe link ──
  const unsubscribeLinks = createUnsubscribeLinks({ secret: config.jwtSecret, publicUrl: config.publicUrl });
  const mailNotifications = createMailNotifications({
    db: database.db,
    events,
    mail,
    workspace,
    unsubscribeLinks,
    publicUrl: config.publicUrl,
    clock,
    isOnline: (userId) => liveUsers.isOnline(userId),
    // The weekly summary's figures are the dashboard's (analytics, below mail).
    weeklyFiguresOf: (sellerId, from, to) => findSellerWeekFigures(database.db, sellerId, from, to),
    onError: (error, event) => app.log.error({ err: error, event }, 'mail notification failed'),
  });
  // Reactions still writing their rows finish before the database closes.
  app.addHook('onClose', () => mailNotifications.settled());
  await app.register(mailRoutes, { prefix: '/api', mail, unsubscribeLinks, workspace });
  // ── in-app notifications: the bell's rows, written by the reactions to domain events and pushed live ──
  const notifications = createNotificationsService({ db: database.db, clock, live: liveUsers });
  const notificationReactions = createNotificationReactions({ db: database.db, events, notifications, onError: (error, event) => app.log.error({ err: error, event }, 'in-app notification failed') });
  app.addHook('onClose', () => notificationReactions.settled());
  await app.register(notificationRoutes, { prefix: '/api/notifications', notifications });
  // ── analytics dashboard: sales over time, top products, statuses, summary ──
  await app.register(analyticsRoutes, { prefix: '/api/analytics', analytics: createAnalyticsService({ db: database.db, clock }) });
  // ── AI search: plain-language queries read into filters, ranked, optionally re-ranked by meaning ──
  const search = createSearchService({ db: database.db, files, embeddings: embeddingProviderFrom(config.embeddings), warn: (message, error) => app.log.warn({ err: error }, message) });
  await app.register(searchRoutes, { prefix: '/api/search', search });
  // ── disputes: buyer claims, seller answers, admin refunds ──
  const disputes = createDisputesService({
    db: database.db,
    files,
    clock,
    orderItems: orders,
    events,
    // Returns and payouts import disputes, and chat sits above it: a case reads them through these.
    hasOpenReturn: (orderItemId) => hasOpenReturn(database.db, orderItemId),
    adjustmentOfDispute: (disputeId) => findAdjustmentOfDispute(database.db, disputeId),
    recentMessagesBetween: (pair, limit) => findRecentMessagesBetween(database.db, pair, limit),
  });
  await app.register(disputeRoutes, { prefix: '/api/disputes', disputes });
  // ── reviews: verified-purchase reviews, the seller's reply, helpful votes, moderation; ratings kept on the listings ──
  const reviews = createReviewsService({ db: database.db, files, clock, events });
  await app.register(reviewRoutes, { prefix: '/api', reviews });
  // ── seller and admin reports, users and profile ──
  const usersService = createUsersService({
    db: database.db,
    clock,
    events,
    // A password change answers a new token (docs/product/accounts.md): signed as at login, at the new session version.
    signToken: (user) => tokens.sign({ userId: user.id, role: user.role, sessionVersion: user.sessionVersion }),
    passwords: { assertAcceptable: assertAcceptablePassword, hash: hashPassword, verify: verifyPassword },
    // The admin's insights page sums orders and listings: a report of the analytics module, above users.
    activity: createUserInsightsService({ db: database.db }),
  });
  await app.register(profileRoutes, { prefix: '/api/users/me', users: usersService });
  await app.register(addressRoutes, { prefix: '/api/users/me/addresses', addresses: createAddressesService({ db: database.db, clock }) });
  await app.register(adminUserRoutes, { prefix: '/api/admin/users', users: usersService });
  await app.register(adminOrderRoutes, { prefix: '/api/admin', adminOrders: createAdminOrdersService({ db: database.db, files }) });

  // 7. Stored files (public product photos, private files by signed link), the built web app, and the 404s for everything else.
  await app.register(storedFileRoutes, { files: deps.files, signer: fileLinks });
  await app.register(webApp, { webDistDirectory: config.webDistDirectory, serveSourceMaps: config.environment !== 'production' });

  // The services the background jobs call (apps/api/src/jobs); only server.ts starts the queue.
  deps.onServices?.({ tracking, returns, payouts, orders, uploads, chat, mail, mailNotifications, notifications, notificationReactions, reviews, sandboxConnect: baseConnect.name === 'sandbox' ? (baseConnect as SandboxConnectProvider) : null });

  return app;
}
