import { defineModule, type ModuleContext, type PortToFill } from '../define-module';
import type { UserActivity } from '../users';
import { analyticsRoutes } from './analytics.routes';
import { createAnalyticsService } from './analytics.service';
import { createUserInsightsService } from './user-insights.service';

/** The dashboards: sales over time, top products, statuses, summary; and the admin's insights of one user. */
export const analyticsModule = defineModule({
  name: 'analytics',
  async register(
    app,
    {
      database,
      clock,
      userActivityPort,
    }: ModuleContext<{ /** The users module's port for the insights page's figures: filled here. */ userActivityPort: PortToFill<UserActivity> }>,
  ) {
    // The admin's insights page (a users route) sums orders and listings: a report of this module, above users.
    userActivityPort.fill(createUserInsightsService({ db: database.db }));
    await app.register(analyticsRoutes, { prefix: '/api/analytics', analytics: createAnalyticsService({ db: database.db, clock }) });
    return {};
  },
});
