// The orders module's public surface for other modules.

export type { OrdersService } from './orders.service';
export {
  findBuyerOrderItem,
  findOrderLines,
  findOrderWithLines,
  hasOrderWithSeller,
  shippingAddressOfOrder,
  type OrderLine,
  type OrderLineItem,
  type OrderLineOrder,
} from './order-lines.repository';
export { isSale, netSaleCentsOfItem, sumNetSalesCents } from './sales-figures.repository';
export { orderItemNameSql } from './item-name.repository';
export { countDeliveredParts, latePayerOfItemSql } from './late-deliveries.repository';
export { createOrderItemLifecycle, type OrderItemLifecycle } from './order-item-lifecycle';
// What the domain events about orders carry, read inside the publishing transaction (checkout, shipping, payouts, disputes).
export { eventLineOf, findEventLine, findMovedItems, findParcelNews, findPlacedOrder, type ParcelTrackingOf } from './order-facts';
export {
  findOrderByIdempotencyKey,
  findOrderIdByIdempotencyKey,
  insertOrderPayment,
  insertOrderWithItems,
  type NewOrder,
  type NewOrderItem,
  type NewOrderShopShipping,
  type NewPayment,
} from './order-placement.repository';
export {
  findPaymentByProviderId,
  findProviderPaymentIdOfOrderItem,
  markPaymentDisputed,
  recordPaymentRefund,
  type PaymentTotals,
} from './provider-payments.repository';
