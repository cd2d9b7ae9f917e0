import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { dollarsToCents, parseDollars } from '@marketplace/domain/money';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/field';
import { SelectField } from '../../../components/select-field';
import type { Category } from '../storefront-api';

interface ProductFiltersProps {
  categories: Category[];
  category: string;
  minPrice: string;
  maxPrice: string;
  onCategoryChange: (slug: string) => void;
  onPriceChange: (minPrice: string, maxPrice: string) => void;
}

/** "12.5" → "12.50"-free canonical dollars for the URL ("12.5"), or null when it is not an amount. */
function canonicalDollars(text: string): string | null {
  const cents = parseDollars(text);
  return cents === null ? null : String(cents / 100);
}

/** Category and price range; the price range applies on submit so each keystroke is not a search. */
export function ProductFilters({ categories, category, minPrice, maxPrice, onCategoryChange, onPriceChange }: ProductFiltersProps) {
  const [searchParams] = useSearchParams();
  const [minText, setMinText] = useState(minPrice);
  const [maxText, setMaxText] = useState(maxPrice);
  const [applied, setApplied] = useState({ minPrice, maxPrice });
  const [errors, setErrors] = useState<{ min?: string; max?: string }>({});
  // Back/forward or "Clear filters" change the applied range: show it.
  if (applied.minPrice !== minPrice || applied.maxPrice !== maxPrice) {
    setApplied({ minPrice, maxPrice });
    setMinText(minPrice);
    setMaxText(maxPrice);
  }

  function applyPrices(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const min = minText.trim() ? canonicalDollars(minText) : '';
    const max = maxText.trim() ? canonicalDollars(maxText) : '';
    const nextErrors: { min?: string; max?: string } = {};
    if (min === null) nextErrors.min = 'Enter an amount like 10 or 10.50';
    if (max === null) nextErrors.max = 'Enter an amount like 10 or 10.50';
    if (min && max && dollarsToCents(Number(min)) > dollarsToCents(Number(max))) nextErrors.max = 'Must be at least the minimum price';
    setErrors(nextErrors);
    if (nextErrors.min || nextErrors.max) return;
    onPriceChange(min ?? '', max ?? '');
  }

  return (
    <div className="space-y-6">
      <SelectField
        label="Category"
        value={category}
        onChange={(event) => onCategoryChange(event.target.value)}
        options={[{ value: '', label: 'All categories' }, ...categories.map((item) => ({ value: item.slug, label: item.name }))]}
      />
      <form noValidate onSubmit={applyPrices} aria-label="Price range" className="space-y-3">
        {/* Sent before the browser takes a server-drawn page over, the form keeps the list's other filters. */}
        {[...searchParams].map(([key, value]) => !/^(minPrice|maxPrice|page)$/.test(key) && <input key={key} type="hidden" name={key} value={value} />)}
        <p className="text-sm font-medium text-slate-800">Price</p>
        <div className="grid grid-cols-2 gap-3">
          <TextField
            label="Min price"
            name="minPrice"
            inputMode="decimal"
            placeholder="$0"
            value={minText}
            error={errors.min}
            onChange={(event) => setMinText(event.target.value)}
          />
          <TextField
            label="Max price"
            name="maxPrice"
            inputMode="decimal"
            placeholder="Any"
            value={maxText}
            error={errors.max}
            onChange={(event) => setMaxText(event.target.value)}
          />
        </div>
        <Button type="submit" variant="secondary" size="sm" className="w-full">
          Apply price
        </Button>
      </form>
    </div>
  );
}
