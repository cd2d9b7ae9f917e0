import type { CarrierProvider } from '../../providers/carrier/port';
import { defineModule, type ModuleContext, type PortToFill } from '../define-module';
import { createLabelHooks } from './label-hooks';
import { announceVoidedLabels } from './voided-label-news';
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
      carrier,
    }: ModuleContext<{
      orders: ShippingDependencies['orderItems'] & NonNullable<ShippingDependencies['lateDeliveries']>;
      /** The orders module's port for its items' parcels: filled here. */
      orderItemParcelsPort: PortToFill<typeof findTrackingOfOrderItems>;
      /** The app's carrier, made by the delivery module (which quotes with it). */
      carrier: CarrierProvider;
    }>,
  ) {
    orderItemParcelsPort.fill(findTrackingOfOrderItems);
    const shipping = { db: database.db, files, clock, carrier, environment: config.environment, orderItems: orders, lateDeliveries: orders, events };
    const tracking = createTrackingService(shipping);
    // A label bought or voided is money of its seller's: the payouts module listens (their label account).
    const labelAccount = createLabelHooks();
    // …and a voided label tells the buyer.
    announceVoidedLabels(labelAccount, events);
    const labels = createLabelsService({ ...shipping, labelHooks: labelAccount });
    await app.register(shipmentRoutes, { prefix: '/api/shipments', labels, pickups: createPickupsService(shipping), tracking });
    // Each order item's share of its pickup's charge, which its payout deducts.
    const pickupCharges = createPickupChargesService(shipping);
    // The jobs refresh the parcels' tracking (returns buy their labels from the delivery module's carrier too).
    return { tracking, pickupCharges, labelAccount };
  },
});
