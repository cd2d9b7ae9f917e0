import { Banknote, CircleX, ClipboardList, LayoutDashboard, Package, Percent, RotateCcw, Scale, Settings, Star, Truck, Users } from 'lucide-react';
import { useSession } from '../../lib/use-session';
import { RoleGuard } from '../guards';
import { DashboardShell, type SidebarItem } from './dashboard-shell';

const ADMIN_NAV: SidebarItem[] = [
  { to: '/admin/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/admin/users', label: 'Users', icon: Users },
  { to: '/admin/orders', label: 'Orders', icon: ClipboardList },
  { to: '/admin/rejected-orders', label: 'Rejected Orders', icon: CircleX },
  { to: '/admin/refunded-orders', label: 'Refunded Orders', icon: RotateCcw },
  { to: '/admin/shipped-orders', label: 'Shipped Orders', icon: Truck },
  { to: '/admin/products', label: 'Products', icon: Package },
  { to: '/admin/commission', label: 'Commission', icon: Percent },
  { to: '/admin/disputes', label: 'Disputes', icon: Scale },
  { to: '/admin/reviews', label: 'Reviews', icon: Star },
  { to: '/admin/payouts', label: 'Payouts', icon: Banknote },
  { to: '/admin/settings', label: 'Settings', icon: Settings },
];

export function AdminLayout() {
  const session = useSession();
  return (
    <DashboardShell
      areaName="Admin"
      homePath="/admin/dashboard"
      items={ADMIN_NAV}
      account={{ name: session?.userName || 'Administrator', detail: 'Administrator' }}
    />
  );
}

/** The admin area's route element: administrators get the dashboard layout, anyone else the 403 page. */
export function AdminArea() {
  return <RoleGuard area="admin" layout={AdminLayout} />;
}
