import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list page's filters and page number, kept in the URL so a filtered view can be shared, reloaded
 * and walked back with the browser. Changing a filter goes back to page 1.
 */
export function useListParams<Key extends string>(keys: readonly Key[]) {
  const [searchParams, setSearchParams] = useSearchParams();

  const filters = useMemo(
    () => Object.fromEntries(keys.map((key) => [key, searchParams.get(key) ?? ''])) as Record<Key, string>,
    // keys is a constant list per page; its contents, not its identity, matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [searchParams, keys.join('\n')],
  );
  const parsedPage = Number.parseInt(searchParams.get('page') ?? '1', 10);
  const page = Number.isFinite(parsedPage) && parsedPage >= 1 ? parsedPage : 1;
  const hasFilters = keys.some((key) => searchParams.get(key));

  const setFilter = useCallback(
    (key: Key, value: string) => {
      setSearchParams((current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        next.delete('page');
        return next;
      });
    },
    [setSearchParams],
  );

  const setPage = useCallback(
    (nextPage: number) => {
      setSearchParams((current) => {
        const next = new URLSearchParams(current);
        if (nextPage > 1) next.set('page', String(nextPage));
        else next.delete('page');
        return next;
      });
    },
    [setSearchParams],
  );

  const clearFilters = useCallback(() => setSearchParams(new URLSearchParams()), [setSearchParams]);

  return { filters, page, hasFilters, setFilter, setPage, clearFilters };
}
