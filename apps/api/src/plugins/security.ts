import cors from '@fastify/cors';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface SecurityOptions {
  corsOrigins: string[];
  /** Stripe is configured: the checkout page loads Stripe.js, which talks to Stripe and frames its card fields. */
  allowStripe: boolean;
}

/**
 * Security headers on every answer and CORS limited to the configured origins. The SPA is served from
 * the same origin, so CORS only matters to other front ends the operator allows.
 */
async function securityPlugin(app: FastifyInstance, options: SecurityOptions) {
  // Stripe.js hosts (docs.stripe.com/security/guide#content-security-policy), only when Stripe takes the cards.
  const stripe = options.allowStripe
    ? { script: ['https://js.stripe.com'], frame: ['https://js.stripe.com', 'https://hooks.stripe.com'], connect: ['https://api.stripe.com'] }
    : { script: [], frame: [], connect: [] };
  // Helmet's middleware, made once: its Fastify plugin made it again on every request (parsing the policy
  // each time, a few per cent of a catalogue page's time in the API).
  const setSecurityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", ...stripe.script],
        // React sets style attributes; Tailwind ships a stylesheet.
        'style-src': ["'self'", "'unsafe-inline'"],
        // Labels arrive as data: URLs (docs/product/data.md), previews as blob: URLs.
        'img-src': ["'self'", 'data:', 'blob:'],
        'connect-src': ["'self'", 'ws:', 'wss:', ...stripe.connect],
        // Without it frames fall back to default-src; Stripe.js adds its card field and 3-D Secure frames.
        ...(stripe.frame.length > 0 ? { 'frame-src': ["'self'", ...stripe.frame] } : {}),
        'frame-ancestors': ["'none'"],
        'upgrade-insecure-requests': null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    setSecurityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
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
