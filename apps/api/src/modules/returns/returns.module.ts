import type { CarrierProvider } from '../../providers/carrier/port';
import { defineModule, type ModuleContext, type PortToFill } from '../define-module';
import { hasOpenReturn } from './returns.repository';
import { returnRoutes } from './returns.routes';
import { createReturnsService, type ReturnsService } from './returns.service';
import type { RefundOrderItem } from './returns-shared';

/** The buyer sends an item back on a return label; refunded once it arrives. */
export const returnsModule = defineModule({
  name: 'returns',
  async register(
    app,
    {
      config,
      database,
      files,
      clock,
      carrier,
      orders,
      orderItemReturnsPort,
    }: ModuleContext<{
      /** The app's carrier (the delivery module's). */
      carrier: CarrierProvider;
      orders: { refundOrderItem: RefundOrderItem };
      /** The orders module's port for its items' returns: filled here. */
      orderItemReturnsPort: PortToFill<ReturnsService['returnsOf']>;
    }>,
  ) {
    const returns = createReturnsService({
      db: database.db,
      files,
      clock,
      carrier,
      environment: config.environment,
      refundOrderItem: (input) => orders.refundOrderItem(input),
      warn: (message, error) => app.log.warn({ err: error }, message),
    });
    orderItemReturnsPort.fill((orderItemIds) => returns.returnsOf(orderItemIds));
    await app.register(returnRoutes, { prefix: '/api/returns', returns });
    // A dispute's case asks whether its item has a return open; a shop page shows the seller's policy;
    // the jobs refresh the return parcels.
    return { returns, hasOpenReturn: (orderItemId: string) => hasOpenReturn(database.db, orderItemId) };
  },
});
