import { Link } from 'react-router';
import { LogOut, ShieldCheck, Store, UserRound, type LucideIcon } from 'lucide-react';
import { isAdminRole, isSellerRole } from '../../lib/session';
import { useLogout } from '../use-logout';

interface AccountLink {
  to: string;
  label: string;
  icon: LucideIcon;
}

/** A seller's account is the seller centre; anyone else has the buyer profile, and an admin the dashboard too. */
function accountLinksFor(role: string): AccountLink[] {
  if (isSellerRole(role)) {
    return [
      { to: '/seller/dashboard', label: 'Seller centre', icon: Store },
      { to: '/seller/profile', label: 'Profile', icon: UserRound },
    ];
  }
  const links: AccountLink[] = [{ to: '/profile', label: 'Profile', icon: UserRound }];
  if (isAdminRole(role)) links.push({ to: '/admin/dashboard', label: 'Admin dashboard', icon: ShieldCheck });
  return links;
}

/**
 * The account menu's open panel: who is signed in, their account pages and Log out. Its own module,
 * downloaded when the menu's button is first pointed at, focused or clicked (account-menu.tsx).
 */
export function AccountMenuPanel({ id, displayName, role }: { id: string; displayName: string; role: string }) {
  const onLogout = useLogout();
  return (
    <div id={id} className="absolute right-0 z-40 mt-2 w-56 overflow-hidden rounded-xl border border-slate-200 bg-white py-1 shadow-lg">
      <p className="truncate border-b border-slate-100 px-4 py-2.5 text-sm text-slate-500">
        Signed in as <span className="font-medium text-slate-900">{displayName}</span>
      </p>
      <ul className="py-1">
        {accountLinksFor(role).map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <Link to={to} className="flex items-center gap-2.5 px-4 py-2 text-sm text-slate-700 hover:bg-slate-50">
              <Icon className="size-4 text-slate-500" aria-hidden />
              {label}
            </Link>
          </li>
        ))}
        <li>
          <button type="button" onClick={onLogout} className="flex w-full items-center gap-2.5 px-4 py-2 text-left text-sm text-slate-700 hover:bg-slate-50">
            <LogOut className="size-4 text-slate-500" aria-hidden />
            Log out
          </button>
        </li>
      </ul>
    </div>
  );
}
