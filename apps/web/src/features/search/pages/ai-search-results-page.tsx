import { useNavigate, useSearchParams } from 'react-router';
import { skipToken } from '@reduxjs/toolkit/query';
import type { SearchChip } from '@marketplace/contracts/search';
import { Button } from '../../../components/button';
import { EmptyState, LoadError } from '../../../components/list-states';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { ProductCard, ProductCardSkeletons } from '../../../components/product-card';
import { SearchBox } from '../../../components/search-box';
import { SelectField } from '../../../components/select-field';
import { isProductSort, PRODUCT_SORT_OPTIONS } from '../../../lib/product-sorts';
import { useAiSearchQuery } from '../api';
import { InterpretationChips } from '../components/interpretation-chips';
import { NoMatchSuggestion } from '../components/no-match-suggestion';
import { SearchSuggestions } from '../components/search-suggestions';
import { searchPathFor } from '../search-path';

const PAGE_SIZE = 24;
/** Removed chips travel in the URL (`without=max_price:6000,condition:used`), so Back and reload keep them. */
const WITHOUT_PARAM = 'without';
/** The sort chosen on the page (`sort=rating`), in the URL like the catalogue's; absent, the words decide. */
const SORT_PARAM = 'sort';

export function AiSearchResultsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const query = searchParams.get('q')?.trim() ?? '';
  const parsedPage = Number.parseInt(searchParams.get('page') ?? '1', 10);
  const page = Number.isFinite(parsedPage) && parsedPage >= 1 ? parsedPage : 1;
  const removed = (searchParams.get(WITHOUT_PARAM) ?? '').split(',').filter(Boolean);
  const sortParam = searchParams.get(SORT_PARAM);
  const chosenSort = isProductSort(sortParam) ? sortParam : undefined;
  const results = useAiSearchQuery(query ? { q: query, exclude: removed, ...(chosenSort ? { sort: chosenSort } : {}), page, limit: PAGE_SIZE } : skipToken);
  const answer = results.data;
  const items = answer?.items ?? [];
  const total = answer?.pagination.totalItems ?? 0;
  const allChips = answer?.interpretation.chips ?? [];
  // The words' own sort ("cheapest" → a Sort chip) applies until the buyer picks one here; then the chip would mislead.
  const wordsSort = allChips.some((chip) => chip.kind === 'sort');
  const chips = chosenSort ? allChips.filter((chip) => chip.kind !== 'sort') : allChips;
  /**
   * What the results are sorted by: the buyer's choice, else what the server applied (the words' sort, or
   * relevance). While a new page loads, the answer on screen is the previous one, sorted as the buyer chose
   * then: only the words' own sort carries over, never that choice.
   */
  const wordsSortValue = allChips.find((chip) => chip.kind === 'sort')?.value;
  const sort = chosenSort ?? results.currentData?.interpretation.sort ?? (isProductSort(wordsSortValue) ? wordsSortValue : 'relevance');
  const corrections = answer?.interpretation.corrections ?? [];

  const updateParams = (change: (params: URLSearchParams) => void) =>
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      change(params);
      return params;
    });
  const removeChip = (chip: SearchChip) =>
    updateParams((params) => {
      params.set(WITHOUT_PARAM, [...removed, chip.id].join(','));
      params.delete('page');
    });
  const changeSort = (next: string) =>
    updateParams((params) => {
      // Relevance is the default unless the words ask for another order: then it must be asked for by name.
      if (next === 'relevance' && !wordsSort) params.delete(SORT_PARAM);
      else params.set(SORT_PARAM, next);
      params.delete('page');
    });
  const restoreChips = () =>
    updateParams((params) => {
      params.delete(WITHOUT_PARAM);
      params.delete('page');
    });

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6">
      <PageHeader
        title="Search results"
        description={query ? `Results for “${query}”` : 'Describe what you are looking for in your own words to find matching products.'}
      />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="max-w-2xl min-w-0 flex-1">
          <SearchBox
            key={query}
            label="Search products"
            defaultValue={query}
            placeholder="e.g. a warm wool sweater under $100"
            onSearch={(next) => void navigate(searchPathFor(next))}
          />
        </div>
        {query && (
          <SelectField
            className="sm:ml-auto sm:w-52"
            label="Sort by"
            value={sort}
            onChange={(event) => changeSort(event.target.value)}
            options={PRODUCT_SORT_OPTIONS}
          />
        )}
      </div>

      {!query && <SearchSuggestions />}

      {query && (
        <section aria-label={`Results for ${query}`} className="space-y-4">
          {answer && (
            <div className="space-y-2">
              <InterpretationChips chips={chips} removedCount={removed.length} onRemove={removeChip} onRestore={restoreChips} />
              {corrections.length > 0 && (
                <p className="text-sm text-slate-600">
                  Showing results for{' '}
                  {corrections.map((correction, index) => (
                    <span key={correction.from}>
                      {index > 0 && ', '}
                      <strong className="font-semibold text-slate-900">{correction.to}</strong> (you typed “{correction.from}”)
                    </span>
                  ))}
                </p>
              )}
              <p className="text-sm text-slate-600" aria-live="polite">
                {total} {total === 1 ? 'product' : 'products'} for “{query}”
              </p>
            </div>
          )}
          {results.isError ? (
            <LoadError
              title="Search results could not be loaded"
              error={results.error}
              onRetry={() => void results.refetch()}
              isRetrying={results.isFetching}
            />
          ) : results.isLoading ? (
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4">
              <ProductCardSkeletons count={8} />
            </ul>
          ) : items.length === 0 ? (
            <EmptyState
              title={`Nothing found for “${query}”`}
              action={
                answer?.suggestion ? (
                  <NoMatchSuggestion suggestion={answer.suggestion} />
                ) : chips.length > 0 ? (
                  <p className="text-sm text-slate-600">Remove a filter above to widen the search.</p>
                ) : removed.length > 0 ? (
                  <Button variant="secondary" size="sm" onClick={restoreChips}>
                    Restore removed filters
                  </Button>
                ) : undefined
              }
            >
              {chips.length > 0 ? 'No listing matches every part of your search.' : 'Try fewer or different words, or one of the searches below.'}
            </EmptyState>
          ) : (
            <ul className={`grid grid-cols-2 gap-3 transition-opacity sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 ${results.isFetching ? 'opacity-60' : ''}`}>
              {items.map((product) => (
                <li key={product.id}>
                  <ProductCard product={product} />
                </li>
              ))}
            </ul>
          )}
          {answer && items.length === 0 && !results.isError && <SearchSuggestions title="Searches that find something" />}
          {answer && total > 0 && (
            <Pagination
              label="Result pages"
              page={answer.pagination.page}
              totalPages={answer.pagination.totalPages}
              totalItems={total}
              pageSize={PAGE_SIZE}
              onPageChange={(next) => {
                updateParams((params) => {
                  if (next > 1) params.set('page', String(next));
                  else params.delete('page');
                });
                window.scrollTo({ top: 0 });
              }}
            />
          )}
        </section>
      )}
    </div>
  );
}
