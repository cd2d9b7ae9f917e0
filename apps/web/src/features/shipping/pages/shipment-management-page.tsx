import { useParams } from 'react-router';
import { ShipmentManagement } from '../components/management/shipment-management';

/** docs/product/shipping.md at /seller/orders/items/:orderId/shipments (docs/decisions/0003). */
export function ShipmentManagementPage() {
  const { orderId = '' } = useParams();
  return <ShipmentManagement orderId={orderId} />;
}
