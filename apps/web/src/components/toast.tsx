import { lazy, Suspense, useSyncExternalStore, type MouseEvent, type ReactNode } from 'react';

/**
 * The app's toasts: success and error toasts, dismissible, closing after 5 s unless a screen asks for
 * another time (docs/product/limits.md). In-house rather than `sonner`, with the part of its API the app
 * uses — `toast.success / toast.error (message, { id, duration, description, action, dismissible })`,
 * `toast.dismiss` and `<Toaster position richColors closeButton duration />` — and a small store of its
 * own beside Redux: why, in docs/decisions/0013-toasts-in-house.md. Toasts fired before the Toaster
 * mounts are kept and shown then. The list itself (toast-list.tsx) downloads with the first toast.
 */

export type ToastType = 'default' | 'success' | 'error';
export type ToastId = string | number;

export interface ToastAction {
  label: ReactNode;
  /** The toast closes afterwards unless the handler calls `event.preventDefault()` (as sonner does). */
  onClick: (event: MouseEvent<HTMLButtonElement>) => void;
}

export interface ToastOptions {
  /** A toast shown again with the same id replaces the one on screen (and restarts its time). */
  id?: ToastId;
  /** Milliseconds on screen; `Infinity` keeps it until dismissed. Defaults to the Toaster's `duration`. */
  duration?: number;
  description?: ReactNode;
  action?: ToastAction;
  /** `false` hides the close button; the toast then only closes on its own. Default true. */
  dismissible?: boolean;
}

export interface ToastRecord extends ToastOptions {
  id: ToastId;
  type: ToastType;
  message: ReactNode;
}

let records: ToastRecord[] = [];
let nextId = 0;
const listeners = new Set<() => void>();

function publish(next: ToastRecord[]) {
  records = next;
  for (const listener of listeners) listener();
}

function show(type: ToastType, message: ReactNode, options: ToastOptions = {}): ToastId {
  const id = options.id ?? `toast-${++nextId}`;
  const record: ToastRecord = { ...options, id, type, message };
  publish(records.some((existing) => existing.id === id) ? records.map((existing) => (existing.id === id ? record : existing)) : [...records, record]);
  return id;
}

export function dismiss(id?: ToastId) {
  publish(id === undefined ? [] : records.filter((record) => record.id !== id));
}

export const toast = Object.assign((message: ReactNode, options?: ToastOptions) => show('default', message, options), {
  success: (message: ReactNode, options?: ToastOptions) => show('success', message, options),
  error: (message: ReactNode, options?: ToastOptions) => show('error', message, options),
  dismiss,
});

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
const getRecords = () => records;
const hasRecords = () => records.length > 0;
const hasNoRecordsOnServer = () => false;

/** The toasts on screen, oldest first. */
export function useToastRecords(): ToastRecord[] {
  return useSyncExternalStore(subscribe, getRecords, getRecords);
}

export interface ToasterProps {
  position?: 'top-right' | 'bottom-right';
  /** Green success and red error toasts (otherwise all neutral). */
  richColors?: boolean;
  /** A close button on every toast. */
  closeButton?: boolean;
  /** Default time on screen in ms (docs/product/limits.md: 5 s). */
  duration?: number;
}

const ToastList = lazy(() => import('./toast-list').then((module) => ({ default: module.ToastList })));

/** Where the toasts appear. Mount it once, in the app shell. Alt+T moves focus to the newest toast. */
export function Toaster(props: ToasterProps) {
  const hasToasts = useSyncExternalStore(subscribe, hasRecords, hasNoRecordsOnServer);
  // The live region is there from the start, so screen readers announce the toasts added to it.
  return (
    <section aria-label="Notifications alt+T" tabIndex={-1} aria-live="polite" aria-relevant="additions text" aria-atomic="false">
      {hasToasts && (
        <Suspense fallback={null}>
          <ToastList {...props} />
        </Suspense>
      )}
    </section>
  );
}
