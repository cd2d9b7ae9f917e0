import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { LogOut, Menu, X, type LucideIcon } from 'lucide-react';
import { Button } from '../../components/button';
import { Logo } from '../../components/logo';
import { APP_NAME } from '../../lib/document-title';
import { useLogout } from '../use-logout';

// The same bell as the shop's header (buyer-layout.tsx), its code a chunk of its own.
const NotificationBell = lazy(() =>
  import('../../features/notifications/components/notification-bell').then((module) => ({ default: module.NotificationBell })),
);

export interface SidebarItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Shown after the label, e.g. the unread message count (give it ml-auto to sit at the end). */
  badge?: ReactNode;
}

interface DashboardShellProps {
  /** Names the navigation landmark and the drawer, e.g. "Seller". */
  areaName: string;
  homePath: string;
  items: SidebarItem[];
  /** Who is signed in, shown in the top bar. */
  account: { name: string; detail: ReactNode };
  /** Shown on the phone menu button (the button is `relative`), so what waits in the drawer is seen without opening it. */
  menuBadge?: ReactNode;
  /** Shown above every page of the area (the e-mail verification banner). */
  notice?: ReactNode;
}

function SidebarNav({ items, onNavigate }: { items: SidebarItem[]; onNavigate?: () => void }) {
  return (
    <ul className="grid gap-0.5">
      {items.map(({ to, label, icon: Icon, badge }) => (
        <li key={to}>
          <NavLink
            to={to}
            onClick={onNavigate}
            className={({ isActive }) =>
              `flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors ${
                isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900'
              }`
            }
          >
            {({ isActive }) => (
              <>
                <Icon className={`size-[18px] shrink-0 ${isActive ? 'text-brand-700' : 'text-slate-400'}`} aria-hidden />
                {label}
                {badge}
              </>
            )}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * Seller and admin pages: a sidebar on wide screens, a drawer behind a menu button on phones, and a
 * top bar with the notification bell, who is signed in and Log out.
 */
export function DashboardShell({ areaName, homePath, items, account, menuBadge, notice }: DashboardShellProps) {
  const logout = useLogout();
  const location = useLocation();
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);
  const openButtonRef = useRef<HTMLButtonElement>(null);
  const closeButtonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => setIsDrawerOpen(false), [location.pathname]);

  useEffect(() => {
    if (!isDrawerOpen) return;
    closeButtonRef.current?.focus();
    const openButton = openButtonRef.current;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setIsDrawerOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    // Keep the page behind the drawer still while it is open.
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = previousOverflow;
      openButton?.focus();
    };
  }, [isDrawerOpen]);

  const navLabel = `${areaName} navigation`;

  return (
    // A printed page (a packing slip) is the page alone, without the navigation and the header.
    <div className="min-h-dvh lg:pl-64 print:pl-0">
      <aside className="fixed inset-y-0 left-0 z-20 hidden w-64 flex-col border-r border-slate-200 bg-white lg:flex print:hidden">
        <div className="flex h-16 shrink-0 items-center border-b border-slate-200 px-5">
          <Logo to={homePath} label={`${APP_NAME} ${areaName.toLowerCase()} home`} />
        </div>
        <nav aria-label={navLabel} className="flex-1 overflow-y-auto px-3 py-4">
          <p className="mb-2 px-3 text-xs font-semibold tracking-wide text-slate-500 uppercase">{areaName}</p>
          <SidebarNav items={items} />
        </nav>
      </aside>

      {isDrawerOpen && (
        <div className="fixed inset-0 z-40 lg:hidden" role="dialog" aria-modal="true" aria-label={navLabel}>
          <div className="absolute inset-0 bg-slate-900/40" aria-hidden onClick={() => setIsDrawerOpen(false)} />
          <div className="absolute inset-y-0 left-0 flex w-72 max-w-[85%] flex-col bg-white shadow-xl">
            <div className="flex h-16 shrink-0 items-center justify-between border-b border-slate-200 px-4">
              <Logo to={homePath} label={`${APP_NAME} ${areaName.toLowerCase()} home`} />
              <button
                ref={closeButtonRef}
                type="button"
                onClick={() => setIsDrawerOpen(false)}
                className="grid size-10 place-items-center rounded-lg text-slate-600 hover:bg-slate-100"
              >
                <X className="size-5" aria-hidden />
                <span className="sr-only">Close navigation</span>
              </button>
            </div>
            <nav aria-label={navLabel} className="flex-1 overflow-y-auto px-3 py-4">
              <SidebarNav items={items} onNavigate={() => setIsDrawerOpen(false)} />
            </nav>
            <div className="border-t border-slate-200 px-5 py-4">
              <p className="truncate text-sm font-medium text-slate-900">{account.name}</p>
              <p className="truncate text-xs text-slate-500">{account.detail}</p>
            </div>
          </div>
        </div>
      )}

      <div className="flex min-h-dvh flex-col">
        <header className="sticky top-0 z-10 flex h-16 items-center gap-3 border-b border-slate-200 bg-white/95 px-4 backdrop-blur sm:px-6 print:hidden">
          <button
            ref={openButtonRef}
            type="button"
            onClick={() => setIsDrawerOpen(true)}
            aria-expanded={isDrawerOpen}
            className="relative -ml-2 grid size-10 place-items-center rounded-lg text-slate-700 hover:bg-slate-100 lg:hidden"
          >
            <Menu className="size-5" aria-hidden />
            <span className="sr-only">Open navigation</span>
            {menuBadge}
          </button>
          <div className="lg:hidden">
            <Logo to={homePath} label={`${APP_NAME} ${areaName.toLowerCase()} home`} isCompact />
          </div>
          <div className="ml-auto flex min-w-0 items-center gap-2 sm:gap-3">
            <Suspense fallback={null}>
              <NotificationBell />
            </Suspense>
            <div className="hidden min-w-0 text-right sm:block">
              <p className="truncate text-sm font-medium text-slate-900">{account.name}</p>
              <p className="truncate text-xs text-slate-500">{account.detail}</p>
            </div>
            <Button variant="secondary" size="sm" onClick={logout}>
              <LogOut className="size-4" aria-hidden />
              Log out
            </Button>
          </div>
        </header>
        <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6 sm:py-8 print:max-w-none print:p-0">
          <div className="print:hidden">{notice}</div>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
