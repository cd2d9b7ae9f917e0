import { useId, type ComponentProps, type ReactNode } from 'react';

interface TextFieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  label: string;
  /** Shown under the input and tied to it with aria-describedby; replaced by the error when there is one. */
  hint?: ReactNode;
  error?: string;
  /** Extra content next to the label, such as a "Forgot password?" link. */
  labelAside?: ReactNode;
}

export function TextField({ label, hint, error, labelAside, className = '', ...inputProps }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className={className}>
      <div className="mb-1.5 flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        {labelAside}
      </div>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={
          'block h-11 w-full rounded-lg border bg-white px-3 text-base text-slate-900 shadow-sm transition-colors ' +
          'placeholder:text-slate-400 focus:outline-2 focus:outline-offset-0 sm:text-sm ' +
          (error ? 'border-red-500 focus:border-red-600 focus:outline-red-200' : 'border-slate-300 focus:border-brand-600 focus:outline-brand-200')
        }
        {...inputProps}
      />
      {hint && !error && (
        <p id={hintId} className="mt-1.5 text-sm text-slate-500">
          {hint}
        </p>
      )}
      {hint && error && (
        <p id={hintId} className="sr-only">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
