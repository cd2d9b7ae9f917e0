import { Link } from 'react-router';
import type { AiSearchSuggestion } from '@marketplace/contracts/search';
import { searchPathFor } from '../search-path';

/**
 * Where to look when a search found nothing: the same words without the filters (with how many they
 * find), or the category whose products are nearest to what was asked.
 */
export function NoMatchSuggestion({ suggestion }: { suggestion: AiSearchSuggestion }) {
  const linkClass = 'font-medium text-brand-700 underline-offset-2 hover:underline';
  if (suggestion.reason === 'without_filters') {
    const count = suggestion.totalItems ?? 0;
    return (
      <p className="text-sm text-slate-700">
        Without the filters,{' '}
        <Link to={searchPathFor(suggestion.query)} className={linkClass}>
          “{suggestion.query}”
        </Link>{' '}
        finds {count} {count === 1 ? 'product' : 'products'}.
      </p>
    );
  }
  if (!suggestion.category) return null;
  return (
    <p className="text-sm text-slate-700">
      Nothing of that kind is listed yet. The nearest:{' '}
      <Link to={`/products?category=${encodeURIComponent(suggestion.category.slug)}`} className={linkClass}>
        browse {suggestion.category.name}
      </Link>
      .
    </p>
  );
}
