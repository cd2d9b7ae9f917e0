import type { ReactNode } from 'react';
import { useDocumentTitle } from '../lib/document-title';

interface PageHeaderProps {
  title: string;
  /** One short line saying what the page is for. */
  description: ReactNode;
  actions?: ReactNode;
}

/** The page's h1 and purpose line; also names the browser tab after the page. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  useDocumentTitle(title);
  return (
    <header className="flex flex-col gap-4 border-b border-slate-200 pb-5 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
        <p className="mt-1.5 max-w-2xl text-sm text-slate-600 sm:text-base">{description}</p>
      </div>
      {actions && <div className="flex shrink-0 flex-wrap gap-2">{actions}</div>}
    </header>
  );
}
