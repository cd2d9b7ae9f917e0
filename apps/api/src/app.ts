import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import type { Clock } from './lib/clock';
import { createLoginThrottle } from './modules/auth/login-throttle';
import { authRoutes } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { createTokenService } from './modules/auth/tokens';
import { categoryRoutes } from './modules/catalog/categories.routes';
import { healthRoutes } from './modules/health/health.routes';
import apiDocs from './plugins/api-docs';
import authentication from './plugins/authentication';
import errorHandler from './plugins/error-handler';
import security from './plugins/security';
import webApp from './plugins/web-app';
import type { FileStore } from './providers/files/port';

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  files: FileStore;
  clock: Clock;
  /** Where logs go (tests capture them); stdout when absent. */
  logStream?: NodeJS.WritableStream;
}

// Secrets that may appear in a URL (upload links, later) are cut out before a request is logged.
const SECRET_IN_PATH = /(\/(?:mobile-upload|validate-upload-token)\/)[^/?#]+/g;
const SECRET_IN_QUERY = /([?&](?:token|access_token|jwt)=)[^&#]*/gi;
export function redactUrl(url: string): string {
  return url.replace(SECRET_IN_PATH, '$1[redacted]').replace(SECRET_IN_QUERY, '$1[redacted]');
}

/** Builds the whole API without listening, so tests drive it with `app.inject`. */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, database, clock } = deps;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(deps.logStream ? { stream: deps.logStream } : {}),
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
    trustProxy: true,
  }).withTypeProvider<ZodTypeProvider>();

  // 1. zod schemas validate requests and serialize responses (one source of truth with the docs).
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // 2. Errors become `{ error }` JSON before anything can throw.
  await app.register(errorHandler);
  // 3. Security headers and CORS on every answer.
  await app.register(security, { corsOrigins: config.corsOrigins });
  // 4. OpenAPI docs collect routes registered after it.
  await app.register(apiDocs);
  // 5. Who is asking: `app.authenticate` and `app.requireRole` for the modules.
  const tokens = createTokenService({ secret: config.jwtSecret, ttlSeconds: config.jwtTtlSeconds, now: () => clock.now() });
  const throttle = createLoginThrottle({ ...config.loginThrottle, clock });
  const auth = createAuthService({ db: database.db, tokens, throttle });
  await app.register(authentication, { auth });

  // 6. Domain modules, each under its own prefix.
  await app.register(healthRoutes, { prefix: '/api/health', pingDatabase: () => database.ping() });
  await app.register(authRoutes, { prefix: '/api/auth', auth });
  await app.register(categoryRoutes, { prefix: '/api/categories', db: database.db });
  // ── catalog, listings, images and phone uploads ──
  // ── cart, wishlist, checkout, orders and payments ──
  // ── seller and admin reports, users and profile ──

  // 7. Uploaded files, the built web app, and the 404s for everything else.
  await app.register(webApp, { uploadsDirectory: config.uploadsDirectory, webDistDirectory: config.webDistDirectory });

  return app;
}
