import { useId, type ComponentProps } from 'react';

interface TextAreaFieldProps extends Omit<ComponentProps<'textarea'>, 'id'> {
  label: string;
  /** Shown under the box and tied to it with aria-describedby; replaced by the error when there is one. */
  hint?: string;
  error?: string;
  /** Shows "n / max characters" under the box (counted on the trimmed text, as the API counts). */
  counterMax?: number;
}

/** A labelled textarea styled like TextField, with the same hint and error wiring and an optional counter. */
export function TextAreaField({ label, hint, error, counterMax, rows = 4, className = '', ...textareaProps }: TextAreaFieldProps) {
  const id = useId();
  const helpId = `${id}-help`;
  const counterId = `${id}-counter`;
  const length = typeof textareaProps.value === 'string' ? textareaProps.value.trim().length : 0;
  const isOver = counterMax !== undefined && length > counterMax;
  const describedBy = [error || hint ? helpId : null, counterMax !== undefined ? counterId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        id={id}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={
          'block w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:outline-2 focus:outline-offset-0 sm:text-sm ' +
          (error ? 'border-red-500 focus:border-red-600 focus:outline-red-200' : 'border-slate-300 focus:border-brand-600 focus:outline-brand-200')
        }
        {...textareaProps}
      />
      {(error || hint || counterMax !== undefined) && (
        <div className="mt-1.5 flex items-start justify-between gap-3 text-sm">
          {error ? (
            <p id={helpId} className="font-medium text-red-700">
              {error}
            </p>
          ) : hint ? (
            <p id={helpId} className="text-slate-500">
              {hint}
            </p>
          ) : (
            <span />
          )}
          {counterMax !== undefined && (
            <p id={counterId} className={`shrink-0 tabular-nums ${isOver ? 'font-medium text-red-700' : 'text-slate-500'}`}>
              {length} / {counterMax} characters
            </p>
          )}
        </div>
      )}
    </div>
  );
}
