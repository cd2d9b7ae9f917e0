import type { ReactNode } from 'react';

export interface ToggleOption<Value extends string> {
  value: Value;
  label: string;
  icon?: ReactNode;
}

interface ToggleGroupProps<Value extends string> {
  /** Names the group for screen readers, e.g. "Chart type". */
  label: string;
  options: readonly ToggleOption<Value>[];
  value: Value;
  onChange: (value: Value) => void;
}

/** A row of pressed/unpressed buttons where exactly one is on (chart type, table or cards). */
export function ToggleGroup<Value extends string>({ label, options, value, onChange }: ToggleGroupProps<Value>) {
  return (
    <div role="group" aria-label={label} className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5 shadow-sm">
      {options.map((option) => {
        const isPressed = option.value === value;
        return (
          <button
            key={option.value}
            type="button"
            aria-pressed={isPressed}
            onClick={() => onChange(option.value)}
            className={
              'inline-flex h-9 items-center gap-1.5 rounded-md px-3 text-sm font-medium transition-colors ' +
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ' +
              (isPressed ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100')
            }
          >
            {option.icon}
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
