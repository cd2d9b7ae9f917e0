import { Link } from 'react-router';
import { Sparkles } from 'lucide-react';
import { searchPathFor } from '../search-path';

/** Queries that show what the search understands: prices, conditions, interests and typos. */
export const SEARCH_SUGGESTIONS = [
  'gift for a coffee lover',
  'leather boots under $200',
  'cheapest wireless headphones',
  'used books',
  'toy for a toddler',
  'sterling silver jewelry between $30 and $80',
] as const;

export function SearchSuggestions({ title = 'Try one of these' }: { title?: string }) {
  return (
    <div className="space-y-2">
      <p className="flex items-center gap-1.5 text-sm font-medium text-slate-700">
        <Sparkles className="size-4 text-brand-600" aria-hidden />
        {title}
      </p>
      <ul className="flex flex-wrap gap-2">
        {SEARCH_SUGGESTIONS.map((suggestion) => (
          <li key={suggestion}>
            <Link
              to={searchPathFor(suggestion)}
              className="inline-flex min-h-8 items-center rounded-full border border-slate-300 bg-white px-3 py-1 text-sm text-slate-700 hover:border-brand-400 hover:text-brand-800"
            >
              {suggestion}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
