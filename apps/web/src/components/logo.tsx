import { Store } from 'lucide-react';
import { Link } from 'react-router';
import { APP_NAME } from '../lib/document-title';

/**
 * The Marketplace mark and name, linking to `to` (the home page unless told otherwise). `isCompact`: on a
 * narrow phone only the mark shows, where a header needs the room for its buttons (the link keeps its label).
 */
export function Logo({
  to = '/',
  label = `${APP_NAME} home`,
  tone = 'dark',
  isCompact = false,
}: {
  to?: string;
  label?: string;
  tone?: 'dark' | 'light';
  isCompact?: boolean;
}) {
  return (
    <Link to={to} className="inline-flex items-center gap-2 rounded-lg" aria-label={label}>
      <span className="grid size-8 place-items-center rounded-lg bg-brand-700 text-white shadow-sm">
        <Store className="size-[18px]" aria-hidden />
      </span>
      <span className={`text-lg font-semibold tracking-tight ${tone === 'light' ? 'text-white' : 'text-slate-900'} ${isCompact ? 'max-[30rem]:hidden' : ''}`}>
        {APP_NAME}
      </span>
    </Link>
  );
}
