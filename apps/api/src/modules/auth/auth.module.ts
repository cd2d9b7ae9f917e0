import { defineModule, type ModuleContext } from '../define-module';
import type { AccountLifecycleService } from './account-lifecycle.service';
import { authRoutes } from './auth.routes';
import type { AuthService } from './auth.service';

/**
 * Sign-up, sign-in and the account lifecycle. Its services are built by app.ts before any module (the
 * authentication plugin checks every request with them); here its routes and its user cache's reactions.
 */
export const authModule = defineModule({
  name: 'auth',
  async register(app, { events, cacheBus, auth, account }: ModuleContext<{ auth: AuthService; account: AccountLifecycleService }>) {
    await app.register(authRoutes, { prefix: '/api/auth', auth, account });
    // The users remembered for signed-in requests follow the domain events: this instance drops its copies
    // at once, and the cache bus tells the others to.
    events.subscribe('user.changed', () => {
      auth.dropUserCache();
      cacheBus.announce('users');
    });
    cacheBus.onChange('users', auth.dropUserCache);
    return {};
  },
});
