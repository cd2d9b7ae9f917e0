import { isRouteErrorResponse, useRouteError } from 'react-router';
import { TriangleAlert } from 'lucide-react';
import { Button } from '../../components/button';
import { Logo } from '../../components/logo';
import { useDocumentTitle } from '../../lib/document-title';

function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(error.message);
}

/**
 * Last line of defence for a crash while rendering or loading a page. A failed page download
 * usually means a new version was deployed, so the first advice is to reload.
 */
export function RootErrorPage() {
  const error = useRouteError();
  useDocumentTitle('Something went wrong');

  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : isChunkLoadError(error)
      ? 'Part of the app could not be downloaded. A new version may have been released.'
      : 'An unexpected error stopped this page from working.';

  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-7xl items-center px-4 sm:px-6">
          <Logo />
        </div>
      </header>
      <main className="mx-auto flex max-w-xl flex-1 flex-col items-center px-4 py-16 text-center sm:py-24">
        <span className="grid size-14 place-items-center rounded-2xl bg-red-100 text-red-700">
          <TriangleAlert className="size-7" aria-hidden />
        </span>
        <h1 className="mt-6 text-3xl font-semibold tracking-tight text-slate-900">Something went wrong</h1>
        <p className="mt-3 text-slate-600">{detail}</p>
        <p className="mt-1 text-slate-600">Reloading the page usually fixes it. If it keeps happening, please try again later.</p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <Button onClick={() => window.location.reload()}>Reload page</Button>
          {/* A plain link: the router may be the thing that failed. */}
          <a
            href="/"
            className="inline-flex h-10 items-center justify-center rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 shadow-sm hover:bg-slate-50"
          >
            Go to the home page
          </a>
        </div>
      </main>
    </div>
  );
}
