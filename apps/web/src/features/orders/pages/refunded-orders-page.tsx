import { AdminOrderItemList } from '../components/admin-order-item-list';

export function RefundedOrdersPage() {
  return (
    <AdminOrderItemList
      status="refunded"
      title="Refunded Orders"
      description="Order items whose money went back to the buyer, and how much."
      emptyTitle="No refunded orders found"
      detail="refund"
    />
  );
}
