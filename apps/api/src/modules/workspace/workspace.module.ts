import { defineModule, type ModuleContext } from '../define-module';
import { workspaceRoutes } from './workspace.routes';
import { createWorkspaceService } from './workspace.service';

/** The marketplace's settings, notification preferences and support requests. */
export const workspaceModule = defineModule({
  name: 'workspace',
  async register(app, { database, clock, events }: ModuleContext) {
    const workspace = createWorkspaceService({ db: database.db, clock, events });
    await app.register(workspaceRoutes, { prefix: '/api', workspace });
    // Payouts and earnings read the payout schedule, mail the notification preferences.
    return { workspace };
  },
});
