import { useId, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Search } from 'lucide-react';
import { searchPath, searchPathFor } from '../search-path';

/** The header's search box on every shop page: a plain-language query goes to the AI search results. */
export function HeaderSearch({ className = '' }: { className?: string }) {
  const id = useId();
  const navigate = useNavigate();
  // The box holds the AI search's own query (its results page), never another page's `q` (a shop's search).
  const [searchParams] = useSearchParams();
  const [query, setQuery] = useState((useLocation().pathname === searchPath && searchParams.get('q')) || '');

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = query.trim();
    if (trimmed) void navigate(searchPathFor(trimmed));
  }

  return (
    <form role="search" aria-label="Shop search" onSubmit={handleSubmit} className={`relative ${className}`}>
      <label htmlFor={id} className="sr-only">
        Search the shop
      </label>
      <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" aria-hidden />
      <input
        id={id}
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder="Search in your own words…"
        autoComplete="off"
        enterKeyHint="search"
        className="h-10 w-full rounded-lg border border-slate-300 bg-white pr-3 pl-9 text-base text-slate-900 placeholder:text-slate-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none sm:text-sm"
      />
    </form>
  );
}
