import { useId, useState, type FormEvent } from 'react';
import { Search } from 'lucide-react';
import { Button } from './button';

interface FilterSearchProps {
  label: string;
  placeholder?: string;
  /** The search currently applied (from the URL); the field follows it when it changes. */
  value: string;
  /** Called with the trimmed text; an empty search clears the filter. */
  onSearch: (query: string) => void;
  className?: string;
}

/** The search field above a list: a visible label, and submitting an empty box shows everything again. */
export function FilterSearch({ label, placeholder, value, onSearch, className = '' }: FilterSearchProps) {
  const id = useId();
  const [query, setQuery] = useState(value);
  const [appliedValue, setAppliedValue] = useState(value);
  // Back/forward or "Clear filters" change the applied search: show it (React's "adjust state on prop change").
  if (value !== appliedValue) {
    setAppliedValue(value);
    setQuery(value);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSearch(query.trim());
  }

  return (
    <form role="search" onSubmit={handleSubmit} className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="flex gap-2">
        <div className="relative min-w-0 flex-1">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" aria-hidden />
          <input
            id={id}
            type="search"
            // Named as the lists read it from the address: a search sent before the page's script has
            // taken over (a server-rendered catalogue or shop) still reaches the list as ?q=….
            name="q"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={placeholder}
            autoComplete="off"
            enterKeyHint="search"
            className="block h-10 w-full rounded-lg border border-slate-300 bg-white pr-3 pl-9 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-200 sm:text-sm"
          />
        </div>
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </div>
    </form>
  );
}
