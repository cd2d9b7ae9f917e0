import { ChevronLeft, ChevronRight } from 'lucide-react';
import { pageRange, paginationWindow } from '@marketplace/domain/pagination-window';
import { pluralNoun } from '../lib/plural';
import { formatNumber } from '@marketplace/domain/number-format';

interface PaginationProps {
  page: number;
  totalPages: number;
  totalItems: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  /** Names the navigation landmark, e.g. "Orders pages". */
  label?: string;
  /** False when `totalItems` is a lower bound (the catalogue counts a price range no further): "of 1,000+ results". */
  isTotalExact?: boolean;
}

const PAGE_BUTTON =
  'inline-flex h-9 min-w-9 items-center justify-center rounded-lg px-2 text-sm font-medium transition-colors ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-50';

/**
 * 'Showing X to Y of Z results' ('of 1 result' when there is one) and numbered pages with at most 5 buttons and ellipses (docs/product/payouts.md,
 * docs/product/payouts.md); the window rule lives in @marketplace/domain/pagination-window.
 */
export function Pagination({ page, totalPages, totalItems, pageSize, onPageChange, label = 'Pagination', isTotalExact = true }: PaginationProps) {
  const { from, to } = pageRange(page, pageSize, totalItems);
  const items = paginationWindow(page, totalPages);
  const hasPages = totalPages > 1;

  return (
    <nav aria-label={label} className="flex flex-col items-center gap-3 sm:flex-row sm:justify-between">
      <p className="text-sm text-slate-600">
        {isTotalExact
          ? `Showing ${from} to ${to} of ${totalItems} ${pluralNoun(totalItems, 'result')}`
          : `Showing ${from} to ${to} of ${formatNumber(totalItems)}+ results`}
      </p>
      {hasPages && (
        <ul className="flex items-center gap-1">
          <li>
            <button type="button" className={`${PAGE_BUTTON} text-slate-700 hover:bg-slate-100`} disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
              <ChevronLeft className="size-4" aria-hidden />
              <span className="sr-only">Previous page</span>
            </button>
          </li>
          {items.map((item, index) =>
            item === 'ellipsis' ? (
              <li key={`ellipsis-${index}`} className="px-1 text-sm text-slate-400" aria-hidden>
                …
              </li>
            ) : (
              <li key={item}>
                <button
                  type="button"
                  aria-label={`Page ${item}`}
                  aria-current={item === page ? 'page' : undefined}
                  onClick={() => onPageChange(item)}
                  className={`${PAGE_BUTTON} ${item === page ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100'}`}
                >
                  {item}
                </button>
              </li>
            ),
          )}
          <li>
            <button
              type="button"
              className={`${PAGE_BUTTON} text-slate-700 hover:bg-slate-100`}
              disabled={page >= totalPages}
              onClick={() => onPageChange(page + 1)}
            >
              <ChevronRight className="size-4" aria-hidden />
              <span className="sr-only">Next page</span>
            </button>
          </li>
        </ul>
      )}
    </nav>
  );
}
