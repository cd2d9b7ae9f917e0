import { defineModule, type ModuleContext } from '../define-module';
import { checkoutRoutes } from './checkout.routes';
import { createCheckoutService, type CheckoutServiceDependencies } from './checkout.service';

/** A cart paid for becomes an order. */
export const checkoutModule = defineModule({
  name: 'checkout',
  async register(
    app,
    { database, clock, events, cart, payments, delivery }: ModuleContext<Pick<CheckoutServiceDependencies, 'cart' | 'payments' | 'delivery'>>,
  ) {
    const checkout = createCheckoutService({ db: database.db, clock, cart, payments, delivery, events });
    await app.register(checkoutRoutes, { prefix: '/api', checkout });
    // The provider's payment_intent.succeeded reaches it through the payouts module's webhook.
    return { checkout };
  },
});
