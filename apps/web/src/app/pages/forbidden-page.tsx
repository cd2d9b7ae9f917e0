import { Link } from 'react-router';
import { Lock } from 'lucide-react';
import { Button, buttonClasses } from '../../components/button';
import type { Area } from '../../lib/access';
import { useDocumentTitle } from '../../lib/document-title';
import { homePathFor, isAdminRole, isSellerRole } from '../../lib/session';
import { useLogout } from '../use-logout';

const AREA_AUDIENCE: Record<Area, string> = {
  seller: 'seller accounts',
  admin: 'Marketplace administrators',
  buyer: 'buyer accounts',
};

function describeRole(role: string): string {
  if (isSellerRole(role)) return 'a seller';
  if (isAdminRole(role)) return 'an administrator';
  return 'a buyer';
}

/** Shown in place of a page the signed-in role may not open (403). */
export function ForbiddenPage({ area, role }: { area: Area; role: string }) {
  useDocumentTitle('Access denied');
  const logout = useLogout();
  const homeLabel = isSellerRole(role) ? 'Go to my product list' : 'Browse products';

  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <span className="grid size-14 place-items-center rounded-2xl bg-amber-100 text-amber-800">
        <Lock className="size-7" aria-hidden />
      </span>
      <p className="mt-6 text-sm font-semibold text-amber-800">Error 403</p>
      <h1 className="mt-1 text-3xl font-semibold tracking-tight text-slate-900">Access denied</h1>
      <p className="mt-3 text-slate-600">
        This page is only for {AREA_AUDIENCE[area]}, and you are signed in as {describeRole(role)}.
      </p>
      <p className="mt-1 text-slate-600">You can carry on from your own home page, or log out and sign in with an account that has access.</p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Link to={homePathFor(role)} className={buttonClasses()}>
          {homeLabel}
        </Link>
        {isAdminRole(role) && area !== 'admin' && (
          <Link to="/admin/dashboard" className={buttonClasses({ variant: 'secondary' })}>
            Open the admin dashboard
          </Link>
        )}
        <Button variant="secondary" onClick={logout}>
          Use another account
        </Button>
      </div>
    </section>
  );
}
