// The checkout module's public surface (checkout.module.ts registers it); the provider's payment_intent.succeeded
// webhook (payouts module) asks it to place the order of a buyer who never came back from 3-D Secure.
// An order placed is announced as the `order.placed` domain event (lib/domain-events.ts).

export { checkoutRoutes } from './checkout.routes';
export { createCheckoutService, type CheckoutService } from './checkout.service';
