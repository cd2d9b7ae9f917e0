import type { ReactNode } from 'react';
import { Alert } from './alert';
import { Button } from './button';
import { Spinner } from './spinner';
import { describeApiError } from '../lib/api-error';

/** A list or page still loading; announced politely. */
export function LoadingState({ label = 'Loading…' }: { label?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex items-center justify-center gap-3 rounded-xl border border-slate-200 bg-white p-10 text-sm text-slate-600"
    >
      <Spinner className="size-5 text-brand-700" />
      {label}
    </div>
  );
}

/** Why a load failed, with Try again. */
export function LoadError({ title, error, onRetry, isRetrying = false }: { title: string; error: unknown; onRetry: () => void; isRetrying?: boolean }) {
  return (
    <Alert
      tone="error"
      title={title}
      action={
        <Button variant="secondary" size="sm" onClick={onRetry} isBusy={isRetrying}>
          Try again
        </Button>
      }
    >
      {describeApiError(error).message}
    </Alert>
  );
}

/** Nothing to show: what happened and, optionally, what to do about it. */
export function EmptyState({ title, children, action }: { title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
      <p className="font-medium text-slate-900">{title}</p>
      {children && <p className="mt-1 text-sm text-slate-600">{children}</p>}
      {action && <div className="mt-4">{action}</div>}
    </div>
  );
}
