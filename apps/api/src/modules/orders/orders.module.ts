import type { Executor } from '../../db/client';
import { createPaymentProvider } from '../../providers/payment/create-payment-provider';
import type { PaymentProvider } from '../../providers/payment/port';
import { defineModule, LatePort, type ModuleContext } from '../define-module';
import { adminOrderRoutes } from './admin-orders.routes';
import { createAdminOrdersService } from './admin-orders.service';
import type { ReturnsOfOrderItems, TrackingOfOrderItems } from './buyer-order-details';
import { buyerOrderRoutes, sellerOrderRoutes } from './orders.routes';
import { createOrdersService } from './orders.service';

/** The shipping module's read of the items' parcels, inside any transaction (its findTrackingOfOrderItems). */
type ParcelsOfOrderItems = (executor: Executor, orderItemIds: readonly string[]) => ReturnType<TrackingOfOrderItems>;

/** Orders and the one lifecycle every order item moves through; the buyer's, the seller's and the admin's views of them. */
export const ordersModule = defineModule({
  name: 'orders',
  async register(
    app,
    {
      config,
      database,
      files,
      clock,
      events,
      wrapPayments,
    }: ModuleContext<{
      /** Tests wrap the payment provider to make it fail or hang (refund retries). */ wrapPayments:
        | ((provider: PaymentProvider) => PaymentProvider)
        | undefined;
    }>,
  ) {
    const basePayments = createPaymentProvider(config, clock);
    const payments = wrapPayments ? wrapPayments(basePayments) : basePayments;
    // The shipping and returns modules sit above orders: what the orders module reads of them comes
    // through these two ports, which they fill when they register.
    const orderItemParcelsPort = new LatePort<ParcelsOfOrderItems>("orders: the items' parcels (the shipping module fills it)");
    const orderItemReturnsPort = new LatePort<ReturnsOfOrderItems>("orders: the items' returns (the returns module fills it)");
    const orders = createOrdersService({
      db: database.db,
      files,
      clock,
      payments,
      events,
      // The buyer's order details show each item's parcel, which the shipping module owns and reads…
      trackingOf: (orderItemIds) => orderItemParcelsPort.get()(database.db, orderItemIds),
      // …and so does the news of a shipped or delivered item, read in the transaction that moved it.
      parcelTrackingOf: (executor, orderItemIds) => orderItemParcelsPort.get()(executor, orderItemIds),
      // …and whether each item can be returned, which the returns module knows.
      returnsOf: (orderItemIds) => orderItemReturnsPort.get()(orderItemIds),
    });
    await app.register(buyerOrderRoutes, { prefix: '/api/orders', orders });
    await app.register(sellerOrderRoutes, { prefix: '/api/seller', orders });
    await app.register(adminOrderRoutes, { prefix: '/api/admin', adminOrders: createAdminOrdersService({ db: database.db, files }) });
    // Checkout charges through the same payment provider; shipping, payouts, returns and disputes move
    // the order items (and the jobs resume stale refunds).
    return { orders, payments, orderItemParcelsPort, orderItemReturnsPort };
  },
});
