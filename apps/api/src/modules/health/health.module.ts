import { defineModule, type ModuleContext } from '../define-module';
import { healthRoutes } from './health.routes';

/** Liveness and readiness. */
export const healthModule = defineModule({
  name: 'health',
  async register(
    app,
    {
      database,
      cacheBus,
      fileStore,
      isDraining,
    }: ModuleContext<{ /** True once server.ts has begun shutting down: readiness answers 503. */ isDraining: (() => boolean) | undefined }>,
  ) {
    // Readiness also asks Redis and the object store, when there are ones to ask.
    const readinessChecks: Record<string, () => Promise<void>> = {};
    if (cacheBus.ping) readinessChecks.redis = cacheBus.ping;
    if (fileStore.ping) readinessChecks.files = () => fileStore.ping!();
    await app.register(healthRoutes, { prefix: '/api/health', pingDatabase: () => database.ping(), readinessChecks, ...(isDraining ? { isDraining } : {}) });
    return {};
  },
});
