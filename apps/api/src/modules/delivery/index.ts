// The delivery module's public surface for other modules: the checkout plans each shop's part with it.

export { priceOf, promiseOf, waitsOnDestination, FALLBACK_TRANSIT_DAYS, type DeliveryService, type Destination, type ShopDelivery } from './delivery.service';
export { destinationOf, destinationOfZip } from './destinations';
export type { DestinationQuery } from './delivery.service';
