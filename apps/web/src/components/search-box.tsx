import { useId, useState, type FormEvent } from 'react';
import { Search } from 'lucide-react';
import { Button } from './button';

interface SearchBoxProps {
  label: string;
  placeholder?: string;
  defaultValue?: string;
  onSearch: (query: string) => void;
  size?: 'md' | 'lg';
}

/** A labelled search field with its button; empty searches are ignored. */
export function SearchBox({ label, placeholder, defaultValue = '', onSearch, size = 'md' }: SearchBoxProps) {
  const id = useId();
  const [query, setQuery] = useState(defaultValue);
  const isLarge = size === 'lg';

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = query.trim();
    if (trimmed) onSearch(trimmed);
  }

  return (
    <form role="search" onSubmit={handleSubmit} className="w-full">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div
        className={`flex gap-2 rounded-xl border border-slate-300 bg-white shadow-sm focus-within:border-brand-600 focus-within:ring-2 focus-within:ring-brand-200 ${isLarge ? 'p-1.5' : 'p-1'}`}
      >
        <div className="relative flex-1">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-400" aria-hidden />
          <input
            id={id}
            type="search"
            name="q"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={placeholder}
            autoComplete="off"
            enterKeyHint="search"
            className={`w-full rounded-lg bg-transparent pr-2 pl-10 text-slate-900 placeholder:text-slate-400 focus:outline-none ${isLarge ? 'h-12 text-base' : 'h-10 text-base sm:text-sm'}`}
          />
        </div>
        <Button type="submit" size={isLarge ? 'lg' : 'md'}>
          Search
        </Button>
      </div>
    </form>
  );
}
