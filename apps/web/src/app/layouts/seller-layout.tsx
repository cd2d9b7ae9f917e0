import {
  Boxes,
  ClipboardList,
  Landmark,
  LayoutDashboard,
  LifeBuoy,
  MessageSquare,
  Package,
  PackageOpen,
  Scale,
  Settings,
  Star,
  Tags,
  Truck,
  UserRound,
  Wallet,
} from 'lucide-react';
import { useGetCurrentUserQuery } from '../../features/auth/api';
import { VerifyEmailBanner } from '../../features/auth/components/verify-email-banner';
import { UnreadBadge } from '../../features/chat/components/unread-badge';
import { useSession } from '../../lib/use-session';
import { RoleGuard } from '../guards';
import { DashboardShell, type SidebarItem } from './dashboard-shell';

const SELLER_NAV: SidebarItem[] = [
  { to: '/seller/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/seller/product-list', label: 'Product List', icon: Package },
  { to: '/seller/listing', label: 'Listing', icon: Tags },
  { to: '/seller/inventory', label: 'Inventory', icon: Boxes },
  { to: '/seller/orders', label: 'Orders', icon: ClipboardList },
  { to: '/seller/shipments', label: 'Shipments', icon: Truck },
  { to: '/seller/disputes', label: 'Disputes', icon: Scale },
  { to: '/seller/returns', label: 'Returns', icon: PackageOpen },
  { to: '/seller/reviews', label: 'Reviews', icon: Star },
  { to: '/seller/chats', label: 'Messages', icon: MessageSquare, badge: <UnreadBadge className="ml-auto" /> },
  { to: '/seller/earnings', label: 'Earnings', icon: Wallet },
  { to: '/seller/onboarding', label: 'Onboarding', icon: Landmark },
  { to: '/seller/settings', label: 'Settings', icon: Settings },
  { to: '/seller/help-and-support', label: 'Help & Support', icon: LifeBuoy },
  { to: '/seller/profile', label: 'Profile', icon: UserRound },
];

export function SellerLayout() {
  const session = useSession();
  // The company name is not part of the stored session (docs/product/data.md), so it comes from the account itself.
  const { data } = useGetCurrentUserQuery();
  const userName = session?.userName || 'Seller';
  const companyName = data?.user.companyName;

  return (
    <DashboardShell
      areaName="Seller"
      homePath="/seller/product-list"
      items={SELLER_NAV}
      account={companyName ? { name: companyName, detail: userName } : { name: userName, detail: 'Seller account' }}
      menuBadge={<UnreadBadge className="absolute -top-1 -right-1" />}
      // Listings go live only once the address is verified (docs/product/accounts.md).
      notice={<VerifyEmailBanner className="mb-6" />}
    />
  );
}

/** The seller area's route element: sellers get the dashboard layout, anyone else the 403 page. */
export function SellerArea() {
  return <RoleGuard area="seller" layout={SellerLayout} />;
}
