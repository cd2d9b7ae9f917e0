import { Link } from 'react-router';
import { Compass } from 'lucide-react';
import { buttonClasses } from '../../components/button';
import { useDocumentTitle } from '../../lib/document-title';

/** Any path outside the route table (docs/product/routes.md). */
export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <span className="grid size-14 place-items-center rounded-2xl bg-brand-100 text-brand-800">
        <Compass className="size-7" aria-hidden />
      </span>
      <p className="mt-6 text-sm font-semibold text-brand-800">Error 404</p>
      <h1 className="mt-1 text-3xl font-semibold tracking-tight text-slate-900">Page not found</h1>
      <p className="mt-3 text-slate-600">We couldn&apos;t find the page you were looking for. The link may be mistyped, or the page may have moved.</p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Link to="/" className={buttonClasses()}>
          Go to the home page
        </Link>
        <Link to="/products" className={buttonClasses({ variant: 'secondary' })}>
          Browse products
        </Link>
      </div>
    </section>
  );
}
