import { useNavigate, useSearchParams } from 'react-router';
import { skipToken } from '@reduxjs/toolkit/query';
import { EmptyState, LoadError } from '../../../components/list-states';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { ProductCard, ProductCardSkeletons } from '../../../components/product-card';
import { SearchBox } from '../../../components/search-box';
import { useSearchByDescriptionQuery } from '../api';

const PAGE_SIZE = 24;

export function AiSearchResultsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const query = searchParams.get('q')?.trim() ?? '';
  const parsedPage = Number.parseInt(searchParams.get('page') ?? '1', 10);
  const page = Number.isFinite(parsedPage) && parsedPage >= 1 ? parsedPage : 1;
  const results = useSearchByDescriptionQuery(query ? { q: query, page, limit: PAGE_SIZE } : skipToken);
  const items = results.data?.items ?? [];

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6">
      <PageHeader
        title="Search results"
        description={query ? `Results for “${query}”` : 'Describe what you are looking for in your own words to find matching products.'}
      />
      <div className="max-w-2xl">
        <SearchBox
          key={query}
          label="Search products"
          defaultValue={query}
          placeholder="e.g. a warm wool blanket for a gift"
          onSearch={(next) => navigate(`/ai-search-results?q=${encodeURIComponent(next)}`)}
        />
      </div>

      {query && (
        <section aria-label={`Results for ${query}`} className="space-y-4">
          {results.data && (
            <p className="text-sm text-slate-600" aria-live="polite">
              {results.data.total} {results.data.total === 1 ? 'product' : 'products'} for “{query}”
            </p>
          )}
          {results.isError ? (
            <LoadError title="Search results could not be loaded" error={results.error} onRetry={() => void results.refetch()} isRetrying={results.isFetching} />
          ) : results.isLoading ? (
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4">
              <ProductCardSkeletons count={8} />
            </ul>
          ) : items.length === 0 ? (
            <EmptyState title={`Nothing found for “${query}”`}>Try fewer or different words.</EmptyState>
          ) : (
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4">
              {items.map((product) => (
                <li key={product.id}>
                  <ProductCard product={product} />
                </li>
              ))}
            </ul>
          )}
          {results.data && results.data.total > 0 && (
            <Pagination
              label="Result pages"
              page={results.data.page}
              totalPages={results.data.totalPages}
              totalItems={results.data.total}
              pageSize={PAGE_SIZE}
              onPageChange={(next) => {
                setSearchParams((current) => {
                  const params = new URLSearchParams(current);
                  if (next > 1) params.set('page', String(next));
                  else params.delete('page');
                  return params;
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
