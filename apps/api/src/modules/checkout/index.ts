// The checkout module's public surface: app.ts builds it; no other module calls it today (an order
// placed is announced as the `order.placed` domain event, lib/domain-events.ts).

export { checkoutRoutes } from './checkout.routes';
export { createCheckoutService, type CheckoutService } from './checkout.service';
