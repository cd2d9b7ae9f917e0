import { useId, type ComponentProps } from 'react';

interface TextAreaFieldProps extends Omit<ComponentProps<'textarea'>, 'id' | 'value' | 'onChange'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  /** Shows "n / max characters" under the box. */
  counterMax?: number;
}

/** A labelled text box with an optional character counter; the error replaces the hint. */
export function TextAreaField({ label, value, onChange, error, hint, counterMax, rows = 4, className = '', ...rest }: TextAreaFieldProps) {
  const id = useId();
  const helpId = `${id}-help`;
  const counterId = `${id}-counter`;
  const isOver = counterMax !== undefined && value.trim().length > counterMax;
  const describedBy = [error || hint ? helpId : null, counterMax !== undefined ? counterId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        id={id}
        rows={rows}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
        className={
          'block w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:outline-2 focus:outline-offset-0 sm:text-sm ' +
          (error ? 'border-red-500 focus:outline-red-200' : 'border-slate-300 focus:border-brand-600 focus:outline-brand-200')
        }
        {...rest}
      />
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
            {value.trim().length} / {counterMax} characters
          </p>
        )}
      </div>
    </div>
  );
}
