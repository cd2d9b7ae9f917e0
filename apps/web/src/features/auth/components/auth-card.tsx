import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../lib/document-title';

interface AuthCardProps {
  title: string;
  description: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
}

/** The centred card that login and signup share. */
export function AuthCard({ title, description, children, footer, wide = false }: AuthCardProps) {
  useDocumentTitle(title);
  return (
    <div className="flex justify-center px-4 py-8 sm:py-14">
      <div className={`w-full ${wide ? 'max-w-lg' : 'max-w-md'}`}>
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
          <p className="mt-1.5 text-sm text-slate-600">{description}</p>
          <div className="mt-6">{children}</div>
        </div>
        {footer && <div className="mt-5">{footer}</div>}
      </div>
    </div>
  );
}
