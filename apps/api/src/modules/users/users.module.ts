import { defineModule, LatePort, type ModuleContext } from '../define-module';
import { addressRoutes } from './addresses.routes';
import { createAddressesService } from './addresses.service';
import { profileRoutes } from './profile.routes';
import type { UserRecord } from './users.repository';
import { adminUserRoutes } from './users.routes';
import { createUsersService, type PasswordRules, type UserActivity } from './users.service';
import { vacationRoutes } from './vacation.routes';
import { createVacationService } from './vacation.service';

/** Who is who: a user's profile, password and addresses, and the admin's list of users. */
export const usersModule = defineModule({
  name: 'users',
  async register(
    app,
    context: ModuleContext<{
      /** A password change answers a new token (docs/product/accounts.md): signed as at login, at the new session version (the auth module's tokens). */
      signToken: (user: UserRecord) => Promise<string>;
      /** The auth module's password rules. */
      passwords: PasswordRules;
    }>,
  ) {
    const { database, clock, events } = context;
    // The admin's insights page sums orders and listings: a report of the analytics module, above users.
    const userActivityPort = new LatePort<UserActivity>("users: the activity behind the admin's insights page (the analytics module fills it)");
    const users = createUsersService({
      db: database.db,
      clock,
      events,
      signToken: context.signToken,
      passwords: context.passwords,
      activity: { ofBuyer: (buyerId) => userActivityPort.get().ofBuyer(buyerId), ofSeller: (sellerId) => userActivityPort.get().ofSeller(sellerId) },
    });
    await app.register(profileRoutes, { prefix: '/api/users/me', users });
    await app.register(addressRoutes, { prefix: '/api/users/me/addresses', addresses: createAddressesService({ db: database.db, clock }) });
    await app.register(adminUserRoutes, { prefix: '/api/admin/users', users });
    const vacation = createVacationService({ db: database.db, clock, events });
    await app.register(vacationRoutes, { prefix: '/api/seller/vacation', vacation });
    return { userActivityPort, vacation };
  },
});
