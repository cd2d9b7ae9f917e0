import type { ReactNode } from 'react';
import { Button } from './button';

/**
 * The filters above an admin list: the page's fields in its own grid (`className`), then "Clear
 * filters" while any filter is set (it resets them all, and the page, in the URL).
 */
export function FilterBar({ className, hasFilters, onClear, children }: { className: string; hasFilters: boolean; onClear: () => void; children: ReactNode }) {
  return (
    <div className={`grid gap-3 lg:items-end ${className}`}>
      {children}
      {hasFilters && (
        <Button variant="ghost" onClick={onClear} className="justify-self-start">
          Clear filters
        </Button>
      )}
    </div>
  );
}
