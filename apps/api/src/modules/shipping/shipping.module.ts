import { createCarrierProvider } from '../../providers/carrier/create-carrier-provider';
import type { CarrierProvider } from '../../providers/carrier/port';
import { defineModule, type ModuleContext, type PortToFill } from '../define-module';
import { createLabelsService } from './labels.service';
import { findTrackingOfOrderItems } from './order-item-tracking.repository';
import { createPickupChargesService } from './pickup-charges.service';
import { createPickupsService } from './pickups.service';
import { shipmentRoutes } from './shipments.routes';
import type { ShippingDependencies } from './shipments.shared';
import { createTrackingService } from './tracking.service';

/** Labels, pickups, void and tracking through the carrier. */
export const shippingModule = defineModule({
  name: 'shipping',
  async register(
    app,
    {
      config,
      database,
      files,
      clock,
      events,
      orders,
      orderItemParcelsPort,
      wrapCarrier,
    }: ModuleContext<{
      orders: ShippingDependencies['orderItems'];
      /** The orders module's port for its items' parcels: filled here. */
      orderItemParcelsPort: PortToFill<typeof findTrackingOfOrderItems>;
      /** Tests wrap the carrier (to keep a handle on the sandbox, or check where each call is made). */
      wrapCarrier: ((provider: CarrierProvider) => CarrierProvider) | undefined;
    }>,
  ) {
    orderItemParcelsPort.fill(findTrackingOfOrderItems);
    const baseCarrier = createCarrierProvider(config, clock, database, (error) => app.log.error({ err: error }, 'sandbox carrier: saving its records failed'));
    const carrier = wrapCarrier ? wrapCarrier(baseCarrier) : baseCarrier;
    const shipping = { db: database.db, files, clock, carrier, environment: config.environment, orderItems: orders, events };
    const tracking = createTrackingService(shipping);
    await app.register(shipmentRoutes, { prefix: '/api/shipments', labels: createLabelsService(shipping), pickups: createPickupsService(shipping), tracking });
    // Each order item's share of its pickup's charge, which its payout deducts.
    const pickupCharges = createPickupChargesService(shipping);
    // Returns buy their labels from the same carrier; the jobs refresh the parcels' tracking.
    return { carrier, tracking, pickupCharges };
  },
});
