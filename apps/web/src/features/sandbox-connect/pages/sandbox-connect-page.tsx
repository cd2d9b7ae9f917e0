import { Link, useParams } from 'react-router';
import { LinkIcon, RefreshCw } from 'lucide-react';
import { buttonClasses } from '../../../components/button';
import { LoadError } from '../../../components/list-states';
import { Spinner } from '../../../components/spinner';
import { describeApiError } from '../../../lib/api-error';
import { useGetSandboxLinkQuery } from '../api';
import { SandboxChrome } from './sandbox-chrome';
import { SandboxDashboardPage } from './sandbox-dashboard-page';
import { SandboxOnboardingPage } from './sandbox-onboarding-page';

const LINK_INVALID_FALLBACK = 'This link is no longer valid';

/** A refused link (404 unknown, 410 expired or used): the server's words and where to get a new one. */
function refusedLink(error: unknown): { message: string; refreshUrl: string | null } | null {
  const { status, serverMessage, body } = describeApiError(error);
  if (status !== 404 && status !== 410) return null;
  return {
    message: serverMessage ?? LINK_INVALID_FALLBACK,
    refreshUrl: typeof body.refreshUrl === 'string' && body.refreshUrl ? body.refreshUrl : null,
  };
}

function RefusedLink({ message, refreshUrl }: { message: string; refreshUrl: string | null }) {
  return (
    <SandboxChrome title="Link expired">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm">
        <span className="mx-auto grid size-12 place-items-center rounded-full bg-red-50 text-red-700">
          <LinkIcon className="size-6" aria-hidden />
        </span>
        <h1 className="mt-4 text-xl font-semibold text-slate-900">This link can&apos;t be used</h1>
        <p className="mt-2 text-slate-700" role="alert">
          {message}
        </p>
        <div className="mt-5 flex justify-center">
          {refreshUrl ? (
            <a href={refreshUrl} className={buttonClasses()}>
              <RefreshCw className="size-4" aria-hidden />
              Get a new link
            </a>
          ) : (
            <Link to="/seller/onboarding" className={buttonClasses({ variant: 'secondary' })}>
              Back to Stripe Setup
            </Link>
          )}
        </div>
      </div>
    </SandboxChrome>
  );
}

/** /sandbox/connect/:token — the sandbox's hosted onboarding form or Express dashboard, by link kind. */
export function SandboxConnectPage() {
  const { token = '' } = useParams();
  const { data, error, isLoading, isFetching, refetch } = useGetSandboxLinkQuery(token);

  if (isLoading) {
    return (
      <SandboxChrome title="Loading">
        <div role="status" className="flex flex-col items-center gap-3 py-16 text-slate-600">
          <Spinner className="size-8 text-[#635bff]" />
          <p className="font-medium">Opening Stripe…</p>
        </div>
      </SandboxChrome>
    );
  }
  if (!data) {
    const refused = refusedLink(error);
    if (refused) return <RefusedLink {...refused} />;
    return (
      <SandboxChrome title="Error">
        <LoadError title="This page could not be loaded" error={error} onRetry={() => void refetch()} isRetrying={isFetching} />
      </SandboxChrome>
    );
  }
  return data.kind === 'onboarding' ? <SandboxOnboardingPage token={token} link={data} /> : <SandboxDashboardPage link={data} />;
}
