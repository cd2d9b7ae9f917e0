import type { ProductVariant } from '@marketplace/contracts/catalog';
import { isOptionBuyable, type Variation, type VariantOptions } from '@marketplace/domain/variations';

/**
 * A listing's variations on its page (decision 0043): one list per variation (a native select, which a phone
 * shows as its own picker and a keyboard works as it knows), each option marked "sold out" when no variant
 * with it and the choices made so far can be bought. `error` is said under the first variation not chosen.
 */
export function VariantPicker({
  variations,
  variants,
  chosen,
  onChoose,
  missing,
  disabled,
}: {
  variations: readonly Variation[];
  variants: readonly ProductVariant[];
  chosen: VariantOptions;
  onChoose: (name: string, option: string) => void;
  /** The variation the buyer was asked to choose (they pressed Add to cart without it), else null. */
  missing: string | null;
  disabled: boolean;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {variations.map((variation, index) => {
        const id = `variation-${index}`;
        const isMissing = missing === variation.name;
        return (
          <div key={variation.name}>
            <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
              {variation.name}
            </label>
            <select
              id={id}
              value={chosen[variation.name] ?? ''}
              disabled={disabled}
              aria-invalid={isMissing || undefined}
              aria-describedby={isMissing ? `${id}-error` : undefined}
              onChange={(event) => onChoose(variation.name, event.target.value)}
              className={`block h-11 w-full rounded-lg border bg-white px-3 text-base shadow-sm focus:border-brand-600 focus:outline-2 focus:outline-brand-200 sm:text-sm ${
                isMissing ? 'border-red-600' : 'border-slate-300'
              }`}
            >
              <option value="">Choose {variation.name.toLowerCase()}</option>
              {variation.options.map((option) => {
                const isBuyable = isOptionBuyable(variations, variants, chosen, variation.name, option);
                return (
                  <option key={option} value={option}>
                    {isBuyable ? option : `${option} (sold out)`}
                  </option>
                );
              })}
            </select>
            {isMissing && (
              <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
                Choose {variation.name.toLowerCase()} first
              </p>
            )}
          </div>
        );
      })}
    </div>
  );
}
