// The shipping module's public surface: what other modules and app.ts may use. Everything else in this
// folder is its own business.

export { findActiveShipmentOfOrderItem, type OrderItemShipment } from './dispute-queries.repository';
export { createLabelHooks, type LabelHooks, type LabelMoneyEvent } from './label-hooks';
export { createLabelsService, type LabelsService } from './labels.service';
export { findTrackingOfOrderItems, type OrderItemTracking } from './order-item-tracking.repository';
export { createPickupChargesService, type PickupChargeInfo, type PickupChargesService } from './pickup-charges.service';
export { createPickupsService, type PickupsService } from './pickups.service';
export { shipmentRoutes } from './shipments.routes';
export type { ShippingDependencies } from './shipments.shared';
export { createTrackingService, type TrackingService } from './tracking.service';
