import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { resolvePublicOrigin, type PublicOriginSettings } from '../lib/public-origin';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Where links sent back to this browser should point (the phone-upload QR code, Stripe's return
     * link): PUBLIC_URL when set, otherwise the address the browser is on (lib/public-origin.ts).
     */
    readonly publicOrigin: string;
  }
}

async function publicOriginPlugin(app: FastifyInstance, settings: PublicOriginSettings) {
  // A getter: only the few routes that build such links read the headers.
  app.decorateRequest('publicOrigin', {
    getter() {
      const header = this.headers.origin;
      return resolvePublicOrigin(settings, { origin: Array.isArray(header) ? undefined : header, host: this.host, protocol: this.protocol });
    },
  });
}

export const publicOrigin = fp(publicOriginPlugin, { name: 'public-origin' });
