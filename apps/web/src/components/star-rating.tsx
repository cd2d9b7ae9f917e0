import { useId, type CSSProperties } from 'react';
import { formatNumber } from '@marketplace/domain/number-format';

// Stars for ratings (docs/product/reviews.md): a display of an average in half steps, and a 1–5 input
// for the review form. The display is one CSS-masked element so cards on the catalogue's first load stay light.

const STAR_PATH = 'M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z';
const STAR_VALUES = [1, 2, 3, 4, 5] as const;

/** "Rated 4.5 out of 5, 12 reviews" (the count is left out when not given). */
export function ratingLabel(average: number, count?: number): string {
  const rated = `Rated ${formatNumber(average, 1)} out of 5`;
  if (count === undefined) return rated;
  return `${rated}, ${formatNumber(count)} ${count === 1 ? 'review' : 'reviews'}`;
}

interface StarRatingProps {
  /** The average (or one review's stars); drawn to the nearest half star. */
  value: number;
  /** How many reviews it is over: shown after the stars and read in the label. */
  count?: number;
  /** Show "4.5" before the stars. */
  showValue?: boolean;
  /** Text size class for the stars, e.g. "text-sm" (default) or "text-lg". */
  size?: string;
  className?: string;
}

/** A rating shown as five stars filled to the nearest half (the `stars` utility in index.css), named for screen readers. */
export function StarRating({ value, count, showValue = false, size = 'text-sm', className = '' }: StarRatingProps) {
  const halves = Math.round(Math.min(5, Math.max(0, value)) * 2) / 2;
  return (
    <span role="img" aria-label={ratingLabel(value, count)} className={`inline-flex items-center gap-1 ${className}`}>
      {showValue && <span className="text-sm font-semibold text-slate-900">{value.toFixed(1)}</span>}
      <span className={`stars ${size}`} style={{ '--stars': `${halves * 20}%` } as CSSProperties} />
      {count !== undefined && <span className="text-xs text-slate-500">({formatNumber(count)})</span>}
    </span>
  );
}

interface StarRatingInputProps {
  value: number | null;
  onChange: (value: number) => void;
  /** The group's name for screen readers and its visible legend. */
  label?: string;
  error?: string;
  disabled?: boolean;
}

/** Pick 1 to 5 stars: a radio group ("1 star" … "5 stars"), drawn as stars that fill up to the choice. */
export function StarRatingInput({ value, onChange, label = 'Your rating', error, disabled = false }: StarRatingInputProps) {
  const name = useId();
  const errorId = `${name}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined} disabled={disabled}>
      <legend className="mb-1.5 text-sm font-medium text-slate-800">{label}</legend>
      <div className="flex gap-1">
        {STAR_VALUES.map((star) => {
          const filled = value !== null && star <= value;
          return (
            <label key={star} className="cursor-pointer rounded has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600">
              <input type="radio" name={name} value={star} checked={value === star} onChange={() => onChange(star)} className="sr-only" />
              <span className="sr-only">{`${star} ${star === 1 ? 'star' : 'stars'}`}</span>
              <svg
                viewBox="0 0 20 20"
                aria-hidden
                className={`size-8 fill-current transition-colors ${filled ? 'text-amber-500' : 'text-slate-300 hover:text-amber-300'}`}
              >
                <path d={STAR_PATH} />
              </svg>
            </label>
          );
        })}
      </div>
      {error && (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
