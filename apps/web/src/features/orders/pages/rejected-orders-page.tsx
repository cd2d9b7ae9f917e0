import { AdminOrderItemList } from '../components/admin-order-item-list';

export function RejectedOrdersPage() {
  return (
    <AdminOrderItemList
      status="rejected"
      title="Rejected Orders"
      description="Order items sellers turned down, with their reasons. Each was refunded to the buyer."
      emptyTitle="No rejected orders found"
      detail="reason"
    />
  );
}
