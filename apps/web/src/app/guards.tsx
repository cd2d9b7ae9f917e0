import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { canRoleEnter, pathAfterLogin, type Area } from '../lib/access';
import { clearSession, didSessionExpire, expireSession, isTokenValid } from '../lib/session';
import { useSession } from '../lib/use-session';
import { loginRedirectState } from './use-session-expiry-check';

// Rarely seen (a wrong role): their code downloads only when needed.
const ForbiddenPage = lazy(() => import('./pages/forbidden-page').then((module) => ({ default: module.ForbiddenPage })));
const PublicLayout = lazy(() => import('./layouts/public-layout').then((module) => ({ default: module.PublicLayout })));

/** Removes a stored session the browser can no longer use; rendered beside the page or a redirect. */
function EndStoredSession({ because }: { because: 'stale' | 'expired' }) {
  useEffect(() => {
    if (because === 'expired') expireSession();
    else clearSession();
  }, [because]);
  return null;
}

/**
 * Guest guard (docs/product/routes.md) on /login and /signup: someone already logged in goes to their home —
 * sellers to /seller/product-list, every other role to /products — or, right after logging in, back
 * to the page the login guard remembered. An expired token is cleared and the page is shown.
 */
export function GuestGuard() {
  const session = useSession();
  const location = useLocation();
  if (session && isTokenValid(session.token)) {
    const remembered = (location.state as { from?: unknown } | null)?.from;
    // The state goes along: it may carry what a guest was doing (lib/sign-in-intent.ts), which the page finishes.
    return <Navigate to={pathAfterLogin(session.role, remembered)} replace state={location.state} />;
  }
  return (
    <>
      {session && <EndStoredSession because="stale" />}
      <Outlet />
    </>
  );
}

/**
 * Login guard (docs/product/routes.md, roles.md) on everything behind login. No session → /login; an expired or
 * undecodable token → all session data cleared, then /login. The page asked for is remembered so
 * the login page can return to it. Every way to /login carries the same state, so when the guard and
 * the expiry check both redirect, the second navigation changes nothing.
 *
 * With `allowsGuests` (the public catalogue) a visitor without a session passes; a stored session
 * that has expired still ends and sends to /login, as everywhere. Ending it leaves no session, which must
 * not make the person a guest of this page: until the login page has told them (lib/session.ts keeps the
 * note in the tab), a navigation or a reload that comes first still sends them to /login.
 */
export function LoginGuard({ allowsGuests = false }: { allowsGuests?: boolean }) {
  const session = useSession();
  const location = useLocation();

  if (!session) return allowsGuests && !didSessionExpire() ? <Outlet /> : <Navigate to="/login" replace state={loginRedirectState(location)} />;
  if (!isTokenValid(session.token)) {
    return (
      <>
        <EndStoredSession because="expired" />
        <Navigate to="/login" replace state={loginRedirectState(location)} />
      </>
    );
  }
  return <Outlet />;
}

/**
 * Role check beyond the spec's guards: the seller area is for sellers, the admin area for admins and
 * buyer pages for any non-seller role (docs/product/roles.md). Anyone else sees "Access denied". Sits inside
 * LoginGuard, so a valid session exists here.
 *
 * With `layout`, the guard renders that area's layout when allowed, and the 403 page in the public
 * layout when not; without it, the guard sits inside a layout and renders its page or the 403 page.
 */
export function RoleGuard({ area, layout: Layout }: { area: Area; layout?: ComponentType }) {
  const session = useSession();
  const role = session?.role ?? '';
  if (canRoleEnter(role, area)) return Layout ? <Layout /> : <Outlet />;
  const forbidden = <ForbiddenPage area={area} role={role} />;
  return <Suspense fallback={null}>{Layout ? <PublicLayout>{forbidden}</PublicLayout> : forbidden}</Suspense>;
}
