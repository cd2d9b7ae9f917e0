import type { ReactNode } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { buttonClasses } from '../../components/button';
import { Logo } from '../../components/logo';
import { APP_NAME } from '../../lib/document-title';
import { homePathFor, isTokenValid } from '../../lib/session';
import { useSession } from '../../lib/use-session';
import { HeaderSearch } from '../../features/search/components/header-search';
import { ShopHeaderButtons, ShopProvider } from './shop-provider';

/** The pages for the signed out, whose location state may say where to return and what to finish. */
const GUEST_PAGES = /^\/(login|signup|forgot-password|reset-password)(\/|$)/;

const NAV_LINK = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium transition-colors ${isActive ? 'text-brand-800' : 'text-slate-600 hover:text-slate-900'}`;

/** Home, search, login, signup and the error pages. `children` replaces the outlet (403 page). */
export function PublicLayout({ children }: { children?: ReactNode }) {
  const session = useSession();
  const isLoggedIn = session !== null && isTokenValid(session.token);
  const location = useLocation();
  // On the login and signup pages the header's links keep the location state (where to return, what to
  // finish); elsewhere logging in lands on the role's home, as before.
  const loginState = GUEST_PAGES.test(location.pathname) ? location.state : null;

  return (
    <ShopProvider>
      <div className="flex min-h-dvh flex-col">
        <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur">
          <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6">
            <Logo />
            <nav aria-label="Main" className="ml-4 hidden items-center gap-1 sm:flex">
              <NavLink to="/" end className={NAV_LINK}>
                Home
              </NavLink>
              <NavLink to="/products" className={NAV_LINK}>
                Products
              </NavLink>
            </nav>
            <HeaderSearch className="hidden md:ml-auto md:block md:w-auto md:max-w-sm md:flex-1" />
            <div className="ml-auto flex min-w-0 items-center gap-1 sm:gap-2 md:ml-0">
              {isLoggedIn ? (
                <>
                  <ShopHeaderButtons />
                  <span className="hidden max-w-48 truncate text-sm text-slate-600 md:inline">
                    Signed in as <span className="font-medium text-slate-900">{session.userName || 'you'}</span>
                  </span>
                  <Link
                    to={homePathFor(session.role)}
                    aria-label="Go to my account"
                    className={buttonClasses({ variant: 'primary', size: 'sm', className: 'whitespace-nowrap' })}
                  >
                    <span className="sm:hidden">Account</span>
                    <span className="hidden sm:inline">Go to my account</span>
                  </Link>
                </>
              ) : (
                <>
                  <Link to="/login" state={loginState} className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
                    Log in
                  </Link>
                  <Link to="/signup" state={loginState} className={buttonClasses({ variant: 'primary', size: 'sm' })}>
                    Sign up
                  </Link>
                </>
              )}
            </div>
          </div>
        </header>

        <main id="main" className="flex-1">
          {children ?? <Outlet />}
        </main>

        <footer className="border-t border-slate-200 bg-white">
          <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 text-sm text-slate-500 sm:flex-row sm:items-center sm:justify-between sm:px-6">
            <p>
              © {new Date().getFullYear()} {APP_NAME}. Independent sellers, tracked UPS delivery, payouts by Stripe.
            </p>
            <nav aria-label="Footer" className="flex gap-4">
              <Link to="/products" className="hover:text-slate-800">
                Products
              </Link>
              <Link to="/signup?role=seller" className="hover:text-slate-800">
                Start selling
              </Link>
            </nav>
          </div>
        </footer>
      </div>
    </ShopProvider>
  );
}
