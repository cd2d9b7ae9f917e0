import type { ReactNode } from 'react';
import { FlaskConical } from 'lucide-react';
import { useDocumentTitle } from '../../../lib/document-title';

/**
 * The frame of every sandbox page: clearly Stripe-branded and clearly not the real thing, so nobody
 * mistakes the test stand-in for Stripe or for the marketplace itself.
 */
export function SandboxChrome({ title, children, wide = false }: { title: string; children: ReactNode; wide?: boolean }) {
  useDocumentTitle(`${title} · Stripe sandbox`);
  return (
    <div className="flex min-h-dvh flex-col bg-slate-100">
      <header className="bg-[#635bff] text-white">
        <div className={`mx-auto flex h-14 items-center justify-between gap-3 px-4 ${wide ? 'max-w-5xl' : 'max-w-2xl'}`}>
          <span className="text-xl font-bold tracking-tight">stripe</span>
          <span className="inline-flex items-center gap-1.5 rounded-full bg-white/15 px-3 py-1 text-xs font-semibold tracking-wide uppercase">
            <FlaskConical className="size-3.5" aria-hidden />
            Stripe sandbox
          </span>
        </div>
      </header>
      <div className="border-b border-amber-200 bg-amber-50 text-amber-900">
        <p className={`mx-auto px-4 py-2 text-xs sm:text-sm ${wide ? 'max-w-5xl' : 'max-w-2xl'}`}>
          Test mode: this page is the marketplace&apos;s built-in Stripe sandbox. No real money moves and no real bank is contacted.
        </p>
      </div>
      <main id="main" className={`mx-auto w-full flex-1 px-4 py-6 sm:py-8 ${wide ? 'max-w-5xl' : 'max-w-2xl'}`}>
        {children}
      </main>
    </div>
  );
}
