import { useId, type ComponentProps } from 'react';

interface TextAreaFieldProps extends Omit<ComponentProps<'textarea'>, 'id'> {
  label: string;
  hint?: string;
  error?: string;
}

/** A labelled textarea styled like TextField, with the same hint and error wiring. */
export function TextAreaField({ label, hint, error, className = '', ...textareaProps }: TextAreaFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={
          'block w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:outline-2 focus:outline-offset-0 sm:text-sm ' +
          (error ? 'border-red-500 focus:border-red-600 focus:outline-red-200' : 'border-slate-300 focus:border-brand-600 focus:outline-brand-200')
        }
        {...textareaProps}
      />
      {hint && (
        <p id={hintId} className={error ? 'sr-only' : 'mt-1.5 text-sm text-slate-500'}>
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
