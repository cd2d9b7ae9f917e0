interface SpinnerProps {
  className?: string;
  /** Announced to screen readers; leave empty when the surrounding text already says what is loading. */
  label?: string;
}

export function Spinner({ className = 'size-5', label }: SpinnerProps) {
  return (
    <svg
      className={`animate-spin ${className}`}
      viewBox="0 0 24 24"
      fill="none"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="3" className="opacity-25" />
      <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/** Covers the screen while something the whole page depends on loads. */
export function FullScreenLoader({ message = 'Loading…' }: { message?: string }) {
  return (
    <div className="fixed inset-0 z-50 grid place-items-center bg-slate-50/80 backdrop-blur-sm" role="status" aria-live="polite">
      <div className="flex flex-col items-center gap-3 text-slate-600">
        <Spinner className="size-8 text-brand-700" />
        <p className="text-sm font-medium">{message}</p>
      </div>
    </div>
  );
}
