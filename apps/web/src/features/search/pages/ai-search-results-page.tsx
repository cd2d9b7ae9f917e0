import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { SearchBox } from '../../../components/search-box';

export function AiSearchResultsPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const query = searchParams.get('q')?.trim() ?? '';

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6">
      <PageHeader
        title="Search results"
        description={
          query
            ? `Products matching “${query}”, ranked by how well they fit what you described.`
            : 'Describe what you are looking for in your own words, and AI search finds matching products.'
        }
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
    </div>
  );
}
