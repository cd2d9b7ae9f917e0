import { useParams } from 'react-router';
import { SellerOrderItemsPage } from '../../features/orders/pages/seller-order-items-page';
import { OrderShipmentsPanel } from '../../features/shipping/components/management/shipment-management';

/**
 * /seller/orders/items/:orderId: the seller's order detail with its shipments and every shipping
 * action on them (docs/product/shipping.md last paragraph). The app shell composes the two features, which never
 * import each other.
 */
export function SellerOrderDetailPage() {
  const { orderId = '' } = useParams();
  return <SellerOrderItemsPage shipments={<OrderShipmentsPanel orderId={orderId} />} />;
}
