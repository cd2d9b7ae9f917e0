import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Security headers on every answer and CORS limited to the configured origins. The SPA is served from
 * the same origin, so CORS only matters to other front ends the operator allows.
 */
async function securityPlugin(app: FastifyInstance, options: { corsOrigins: string[] }) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        // React sets style attributes; Tailwind ships a stylesheet.
        'style-src': ["'self'", "'unsafe-inline'"],
        // Labels arrive as data: URLs (SPEC §3), previews as blob: URLs.
        'img-src': ["'self'", 'data:', 'blob:'],
        'connect-src': ["'self'", 'ws:', 'wss:'],
        'frame-ancestors': ["'none'"],
        'upgrade-insecure-requests': null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cors, {
    origin: options.corsOrigins,
    credentials: false,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key'],
    maxAge: 600,
  });
}

export default fp(securityPlugin, { name: 'security' });
