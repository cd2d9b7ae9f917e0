import { Fragment, type ReactNode } from 'react';
import { useListParams } from '../lib/use-list-params';
import { Button } from './button';
import { ListResult } from './list-result';
import { Pagination } from './pagination';
import { SelectField, type SelectOption } from './select-field';

// A dashboard's reviews (the admin's, the seller's): one yes/no filter, the list and its pages.

/**
 * The review list's filter and page, kept in the URL: `?<key>=true` or `false`, absent for all reviews
 * (any other value shows all reviews too, with Clear filter offered).
 */
export function useReviewListFilter<Key extends string>(key: Key) {
  const { filters, page, hasFilters, setFilter, setPage, clearFilters } = useListParams([key]);
  const value = filters[key] === 'true' ? true : filters[key] === 'false' ? false : undefined;
  return { value, page, hasFilters, setValue: (next: string) => setFilter(key, next), setPage, clearFilters };
}

export type ReviewListFilter = ReturnType<typeof useReviewListFilter>;

export interface ReviewListProps<Review extends { id: string }> {
  filter: ReviewListFilter;
  /** The filter's choices: '' (all reviews), 'false' and 'true'. */
  filterOptions: readonly SelectOption[];
  /** The list query (RTK Query's result). */
  query: {
    data?: { items: Review[]; total: number; page: number; limit: number };
    error?: unknown;
    isLoading: boolean;
    isFetching: boolean;
    refetch: () => unknown;
  };
  /** Why the list is empty, in the page's words. */
  emptyText: string;
  /** One review: an `<li>`. */
  renderReview: (review: Review) => ReactNode;
}

export function ReviewList<Review extends { id: string }>({ filter, filterOptions, query, emptyText, renderReview }: ReviewListProps<Review>) {
  const { data, error, isLoading, isFetching, refetch } = query;
  const items = data?.items ?? [];
  return (
    <section aria-label="Review list" className="grid gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <SelectField
          className="w-full sm:w-56"
          label="Show"
          options={filterOptions}
          value={filter.value === undefined ? '' : String(filter.value)}
          onChange={(event) => filter.setValue(event.target.value)}
        />
        {filter.hasFilters && (
          <Button variant="ghost" onClick={filter.clearFilters}>
            Clear filter
          </Button>
        )}
      </div>
      <ListResult
        noun="reviews"
        isLoading={isLoading}
        isFetching={isFetching}
        error={error}
        hasData={Boolean(data)}
        isEmpty={items.length === 0}
        onRetry={() => void refetch()}
        emptyText={emptyText}
      >
        <ul className="grid gap-4">
          {items.map((review) => (
            <Fragment key={review.id}>{renderReview(review)}</Fragment>
          ))}
        </ul>
        {data && data.total > data.limit && (
          <Pagination
            label="Review pages"
            page={data.page}
            totalPages={Math.ceil(data.total / data.limit)}
            totalItems={data.total}
            pageSize={data.limit}
            onPageChange={filter.setPage}
          />
        )}
      </ListResult>
    </section>
  );
}
