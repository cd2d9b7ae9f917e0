// Numbered pagination shared by the admin tables (docs/product/payouts.md: 10 per page with at most 5 page
// buttons; docs/product/payouts.md: ellipses when there are more than 5 pages, 'Showing X to Y of Z results').
//
// The window rule, for `maxButtons` m and more than m pages:
//   - page 1 and the last page are always shown;
//   - the other m - 2 buttons are a run of consecutive pages around the current page (with m = 5:
//     the current page and one neighbour each side), slid inwards when it would run into page 1
//     or the last page, so there are always exactly m numbers;
//   - an 'ellipsis' stands wherever consecutive numbers skip pages, even a single page, because
//     showing that page would break the m-button budget.
// With 10 pages: page 1 → 1 2 3 4 … 10, page 5 → 1 … 4 5 6 … 10, page 10 → 1 … 7 8 9 10.
// With m pages or fewer every page is shown and there is no ellipsis.

export type PaginationItem = number | 'ellipsis';

function normaliseTotalPages(totalPages: number): number {
  if (!Number.isFinite(totalPages)) throw new RangeError(`totalPages must be finite, got ${totalPages}`);
  // An empty list still renders as page 1 of 1.
  return Math.max(1, Math.floor(totalPages));
}

/**
 * Brings a requested page into 1..totalPages. Page numbers come from URLs and stale state
 * (the list shrank after a refresh), so out-of-range or garbage values fall back instead of failing.
 */
export function clampPage(page: number, totalPages: number): number {
  const total = normaliseTotalPages(totalPages);
  if (Number.isNaN(page)) return 1;
  return Math.min(Math.max(1, Math.floor(page)), total);
}

/** How many pages a list needs; at least 1 so an empty list still shows "page 1 of 1". */
export function totalPagesFor(totalItems: number, pageSize: number): number {
  assertPageSize(pageSize);
  assertTotalItems(totalItems);
  return Math.max(1, Math.ceil(totalItems / pageSize));
}

/** The buttons to render, in order; see the rule at the top of this file. */
export function paginationWindow(currentPage: number, totalPages: number, maxButtons = 5): PaginationItem[] {
  // First, last and current page must all fit.
  if (!Number.isSafeInteger(maxButtons) || maxButtons < 3) {
    throw new RangeError(`maxButtons must be an integer of at least 3, got ${maxButtons}`);
  }
  const total = normaliseTotalPages(totalPages);
  const current = clampPage(currentPage, total);
  if (total <= maxButtons) return Array.from({ length: total }, (_, index) => index + 1);

  const runLength = maxButtons - 2;
  // With an even run the extra page goes after the current one: "next" matters more than "previous".
  const centredStart = current - Math.floor((runLength - 1) / 2);
  const runStart = Math.min(Math.max(2, centredStart), total - runLength);
  const pages = [1, ...Array.from({ length: runLength }, (_, index) => runStart + index), total];

  const items: PaginationItem[] = [];
  for (const page of pages) {
    const previous = items.at(-1);
    if (typeof previous === 'number' && page - previous > 1) items.push('ellipsis');
    items.push(page);
  }
  return items;
}

/**
 * 1-based positions of the first and last item on a page, for 'Showing X to Y of Z results'.
 * With no items both are 0 ("Showing 0 to 0 of 0 results"). Out-of-range pages are clamped.
 */
export function pageRange(page: number, pageSize: number, totalItems: number): { from: number; to: number } {
  const current = clampPage(page, totalPagesFor(totalItems, pageSize));
  if (totalItems === 0) return { from: 0, to: 0 };
  return { from: (current - 1) * pageSize + 1, to: Math.min(current * pageSize, totalItems) };
}

// Page sizes and item counts come from our own code and database counts, not from users,
// so a bad one is a bug worth surfacing rather than clamping.
function assertPageSize(pageSize: number): void {
  if (!Number.isSafeInteger(pageSize) || pageSize < 1) {
    throw new RangeError(`pageSize must be a positive integer, got ${pageSize}`);
  }
}

function assertTotalItems(totalItems: number): void {
  if (!Number.isSafeInteger(totalItems) || totalItems < 0) {
    throw new RangeError(`totalItems must be a non-negative integer, got ${totalItems}`);
  }
}
