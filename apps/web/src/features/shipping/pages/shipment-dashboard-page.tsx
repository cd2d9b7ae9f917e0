import { PageHeader } from '../../../components/page-header';

export function ShipmentDashboardPage() {
  return <PageHeader title="Shipment Dashboard" description="Every UPS shipment you have created, from label to delivery." />;
}
