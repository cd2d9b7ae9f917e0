import type { ReactNode } from 'react';
import { EmptyState, LoadError, LoadingState } from './list-states';

/**
 * The one way a paged list page shows its result: loading, a load error with retry (only when there is
 * nothing to show), an empty state, or the list dimmed while a new page or filter loads.
 */
export function ListResult({
  noun,
  isLoading,
  isFetching,
  error,
  hasData,
  isEmpty,
  onRetry,
  emptyText,
  children,
}: {
  /** Plural, lower case: "orders" → "Loading orders…", "Orders could not be loaded", "No orders found". */
  noun: string;
  isLoading: boolean;
  isFetching: boolean;
  error: unknown;
  hasData: boolean;
  isEmpty: boolean;
  onRetry: () => void;
  emptyText: ReactNode;
  children: ReactNode;
}) {
  const title = `${noun.charAt(0).toUpperCase()}${noun.slice(1)}`;
  if (isLoading) return <LoadingState label={`Loading ${noun}…`} />;
  if (error && !hasData) return <LoadError title={`${title} could not be loaded`} error={error} onRetry={onRetry} isRetrying={isFetching} />;
  if (isEmpty) return <EmptyState title={`No ${noun} found`}>{emptyText}</EmptyState>;
  return (
    <div className={`grid gap-4 transition-opacity ${isFetching ? 'opacity-60' : ''}`} aria-busy={isFetching || undefined}>
      {children}
    </div>
  );
}
