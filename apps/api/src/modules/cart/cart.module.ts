import { defineModule, type ModuleContext } from '../define-module';
import { cartRoutes } from './cart.routes';
import { createCartService } from './cart.service';

/** The signed-in user's cart. */
export const cartModule = defineModule({
  name: 'cart',
  async register(app, { database, files, clock }: ModuleContext) {
    const cart = createCartService({ db: database.db, files, clock });
    await app.register(cartRoutes, { prefix: '/api/cart', cart });
    // Checkout turns it into an order.
    return { cart };
  },
});
