import { defineModule, type ModuleContext } from '../define-module';
import { wishlistRoutes } from './wishlist.routes';
import { createWishlistService } from './wishlist.service';

/** The signed-in user's wishlist. */
export const wishlistModule = defineModule({
  name: 'wishlist',
  async register(app, { database, files, clock }: ModuleContext) {
    await app.register(wishlistRoutes, { prefix: '/api/wishlist', wishlist: createWishlistService({ db: database.db, files, clock }) });
    return {};
  },
});
