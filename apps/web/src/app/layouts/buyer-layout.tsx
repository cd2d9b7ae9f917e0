import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { Menu, X } from 'lucide-react';
import { buttonClasses } from '../../components/button';
import { Logo } from '../../components/logo';
import { isSellerRole, isTokenValid } from '../../lib/session';
import { useSession } from '../../lib/use-session';
import { UnreadBadge } from '../../features/chat/components/unread-badge';
import { HeaderSearch } from '../../features/search/components/header-search';
import { loginRedirectState } from '../use-session-expiry-check';
import { ShopHeaderButtons, ShopProvider } from './shop-provider';

// Only the unverified see it, so its code waits until a signed-in page is drawn (not in the first load).
const VerifyEmailBanner = lazy(() => import('../../features/auth/components/verify-email-banner').then((module) => ({ default: module.VerifyEmailBanner })));
// The notification bell too: its count is in the store from the start (root-layout.tsx), its code
// comes with the first signed-in page.
// The account menu is a signed-in user's only (a guest sees Log in and Sign up): its code comes with their first page.
const AccountMenu = lazy(() => import('./account-menu').then((module) => ({ default: module.AccountMenu })));
const NotificationBell = lazy(() =>
  import('../../features/notifications/components/notification-bell').then((module) => ({ default: module.NotificationBell })),
);

interface NavItem {
  to: string;
  label: string;
  /** Carries the live unread message count (docs/product/chat.md). */
  showsUnread?: boolean;
}

const BUYER_NAV: NavItem[] = [
  { to: '/products', label: 'Products' },
  { to: '/myorders', label: 'My Orders' },
  { to: '/orderDisputes', label: 'Disputes' },
  { to: '/user/chats', label: 'Messages', showsUnread: true },
];

const SELLER_NAV: NavItem[] = [
  { to: '/products', label: 'Products' },
  { to: '/seller/product-list', label: 'Seller centre' },
];

/**
 * The shop: products for everyone (guests too), plus the buyer pages for non-sellers. A seller who
 * browses products sees the shop with a way back to the seller centre instead of buyer links (the
 * account menu's links follow the role the same way, account-menu-panel.tsx). A guest sees Products only.
 */
function navigationFor(role: string | null): NavItem[] {
  return role === null ? BUYER_NAV.slice(0, 1) : isSellerRole(role) ? SELLER_NAV : BUYER_NAV;
}

const NAV_LINK = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium transition-colors ${
    isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900'
  }`;

export function BuyerLayout() {
  const session = useSession();
  const location = useLocation();
  const [isNavOpen, setIsNavOpen] = useState(false);
  // The catalogue is public: without a usable session the header is a guest's (no bell, cart or account).
  const isSignedIn = session !== null && isTokenValid(session.token);
  const nav = navigationFor(isSignedIn ? session.role : null);
  const hasMessages = nav.some((item) => item.showsUnread);

  useEffect(() => setIsNavOpen(false), [location.pathname]);

  return (
    <ShopProvider>
      <div className="flex min-h-dvh flex-col">
        {/* A printed page (an order's receipt) is the page alone, without the shop's header. */}
        <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur print:hidden">
          <div className="mx-auto flex min-h-16 max-w-7xl flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3 sm:px-6 lg:h-16 lg:flex-nowrap lg:py-0">
            {/* A guest's menu would hold Products only, where the logo leads too. */}
            {isSignedIn && (
              <button
                type="button"
                className="relative -ml-2 grid size-10 place-items-center rounded-lg text-slate-700 hover:bg-slate-100 md:hidden"
                aria-expanded={isNavOpen}
                aria-controls="shop-navigation"
                onClick={() => setIsNavOpen((open) => !open)}
              >
                {isNavOpen ? <X className="size-5" aria-hidden /> : <Menu className="size-5" aria-hidden />}
                <span className="sr-only">{isNavOpen ? 'Close menu' : 'Open menu'}</span>
                {hasMessages && !isNavOpen && <UnreadBadge className="absolute -top-1 -right-1" />}
              </button>
            )}
            <Logo to="/products" label="Marketplace products" isCompact />
            <nav aria-label="Shop" className="ml-6 hidden items-center gap-1 md:flex">
              {nav.map((item) => (
                <NavLink key={item.to} to={item.to} className={(state) => `inline-flex items-center gap-1.5 ${NAV_LINK(state)}`}>
                  {item.label}
                  {item.showsUnread && <UnreadBadge />}
                </NavLink>
              ))}
            </nav>
            {/* Below the top row on small screens, beside the navigation from lg up. */}
            <HeaderSearch className="order-last w-full lg:order-none lg:ml-auto lg:w-auto lg:max-w-sm lg:flex-1" />
            <div className="ml-auto flex items-center gap-1 sm:gap-2 lg:ml-0">
              {isSignedIn ? (
                <>
                  <ShopHeaderButtons />
                  <Suspense fallback={null}>
                    <NotificationBell />
                  </Suspense>
                  {/* Holds the avatar's place while the menu's code arrives, so the header does not shift. */}
                  <Suspense fallback={<span className="size-10" aria-hidden />}>
                    <AccountMenu userName={session.userName} role={session.role} />
                  </Suspense>
                </>
              ) : (
                // A guest's way in; both come back to this page afterwards (the login page returns to `from`).
                <>
                  <Link to="/login" state={loginRedirectState(location)} className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
                    Log in
                  </Link>
                  <Link to="/signup" state={loginRedirectState(location)} className={buttonClasses({ size: 'sm' })}>
                    Sign up
                  </Link>
                </>
              )}
            </div>
          </div>
          {isNavOpen && (
            <nav id="shop-navigation" aria-label="Shop" className="border-t border-slate-200 bg-white px-4 py-2 md:hidden">
              <ul className="grid gap-1">
                {nav.map((item) => (
                  <li key={item.to}>
                    <NavLink to={item.to} className={(state) => `flex items-center justify-between gap-2 ${NAV_LINK(state)}`}>
                      {item.label}
                      {item.showsUnread && <UnreadBadge />}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
          )}
        </header>
        <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 sm:px-6 sm:py-8 print:max-w-none print:p-0">
          <Suspense fallback={null}>{isSignedIn && <VerifyEmailBanner className="mb-6 print:hidden" />}</Suspense>
          <Outlet />
        </main>
      </div>
    </ShopProvider>
  );
}
