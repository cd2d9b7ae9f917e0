import { createCarrierProvider } from '../../providers/carrier/create-carrier-provider';
import type { CarrierProvider } from '../../providers/carrier/port';
import type { ProductsService } from '../catalog';
import { defineModule, type ModuleContext } from '../define-module';
import { deliveryRoutes } from './delivery.routes';
import { createDeliveryService } from './delivery.service';

/** What a shop's parcel costs to ship and when it arrives: the carrier's quotes over the sellers' shipping profiles. */
export const deliveryModule = defineModule({
  name: 'delivery',
  async register(
    app,
    {
      config,
      database,
      clock,
      products,
      wrapCarrier,
    }: ModuleContext<{
      products: ProductsService;
      /** Tests wrap the carrier (to keep a handle on the sandbox, or check where each call is made). */
      wrapCarrier: ((provider: CarrierProvider) => CarrierProvider) | undefined;
    }>,
  ) {
    // The one carrier of the app: quotes here, labels, pickups and tracking in the shipping module above.
    const baseCarrier = createCarrierProvider(config, clock, database, (error) => app.log.error({ err: error }, 'sandbox carrier: saving its records failed'));
    const carrier = wrapCarrier ? wrapCarrier(baseCarrier) : baseCarrier;
    const delivery = createDeliveryService({ db: database.db, clock, carrier });
    await app.register(deliveryRoutes, { prefix: '/api', db: database.db, clock, delivery, products });
    return { carrier, delivery };
  },
});
