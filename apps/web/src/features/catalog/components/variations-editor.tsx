import { useId, useState } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { MAX_VARIATIONS } from '@marketplace/domain/variations';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/field';
import { combinationsOf, EMPTY_ROW, variationsOf, type VariantRowText, type VariationText } from './variation-rows';

const INPUT =
  'block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm focus:border-brand-600 focus:outline-2 focus:outline-brand-200 sm:h-10 sm:text-sm';

/**
 * The listing form's variations (decision 0043): up to two variations, each a name and its options typed with
 * commas, and the grid of their combinations, each with its price, stock, SKU and whether it is offered. A
 * price or a stock can be set for every combination at once. Each input is labelled with its combination, so
 * the grid reads well with a keyboard and a screen reader; on a phone each combination is a card.
 */
export function VariationsEditor({
  variations,
  rows,
  onVariationsChange,
  onRowsChange,
  variationsError,
  variantsError,
}: {
  variations: VariationText[];
  rows: Record<string, VariantRowText>;
  onVariationsChange: (variations: VariationText[]) => void;
  onRowsChange: (rows: Record<string, VariantRowText>) => void;
  variationsError?: string;
  variantsError?: string;
}) {
  const id = useId();
  const [allPrice, setAllPrice] = useState('');
  const [allStock, setAllStock] = useState('');
  const combinations = combinationsOf(variationsOf(variations));
  const rowOf = (key: string) => rows[key] ?? EMPTY_ROW;
  const setRow = (key: string, change: Partial<VariantRowText>) => onRowsChange({ ...rows, [key]: { ...rowOf(key), ...change } });
  const setEvery = (change: Partial<VariantRowText>) =>
    onRowsChange(Object.fromEntries([...Object.entries(rows), ...combinations.map(({ key }) => [key, { ...rowOf(key), ...change }] as const)]));
  const setVariation = (index: number, change: Partial<VariationText>) =>
    onVariationsChange(variations.map((variation, at) => (at === index ? { ...variation, ...change } : variation)));

  return (
    <div className="space-y-4">
      {variations.map((variation, index) => (
        <div key={index} className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-[12rem_1fr_auto] sm:items-start">
          <TextField
            label="Variation name"
            name={`variation-${index}-name`}
            placeholder={index === 0 ? 'e.g. Size' : 'e.g. Colour'}
            maxLength={40}
            value={variation.name}
            onChange={(event) => setVariation(index, { name: event.target.value })}
          />
          <TextField
            label="Options"
            name={`variation-${index}-options`}
            placeholder={index === 0 ? 'S, M, L' : 'Red, Blue'}
            hint="Separate the options with commas (up to 30)."
            value={variation.options}
            onChange={(event) => setVariation(index, { options: event.target.value })}
          />
          <Button
            variant="secondary"
            className="sm:mt-7"
            onClick={() => onVariationsChange(variations.filter((_, at) => at !== index))}
            aria-label={`Remove the variation ${variation.name || index + 1}`}
          >
            <Trash2 className="size-4" aria-hidden />
            <span className="sm:sr-only">Remove</span>
          </Button>
        </div>
      ))}
      {variationsError && (
        <p className="text-sm font-medium text-red-700" data-field="variations" role="alert" tabIndex={-1}>
          {variationsError}
        </p>
      )}
      {variations.length < MAX_VARIATIONS && (
        <Button variant="secondary" onClick={() => onVariationsChange([...variations, { name: '', options: '' }])}>
          <Plus className="size-4" aria-hidden />
          {variations.length === 0 ? 'Add a variation (size, colour…)' : 'Add a second variation'}
        </Button>
      )}

      {combinations.length > 0 && (
        <div className="space-y-3">
          <div className="flex flex-wrap items-end gap-3 rounded-lg bg-slate-50 p-3">
            <div className="w-32">
              <label htmlFor={`${id}-all-price`} className="mb-1 block text-sm font-medium text-slate-800">
                Price for all
              </label>
              <input
                id={`${id}-all-price`}
                inputMode="decimal"
                placeholder="0.00"
                className={INPUT}
                value={allPrice}
                onChange={(event) => setAllPrice(event.target.value)}
              />
            </div>
            <Button variant="secondary" onClick={() => setEvery({ price: allPrice })} disabled={!allPrice.trim()}>
              Apply to all
            </Button>
            <div className="w-28">
              <label htmlFor={`${id}-all-stock`} className="mb-1 block text-sm font-medium text-slate-800">
                Stock for all
              </label>
              <input id={`${id}-all-stock`} inputMode="numeric" className={INPUT} value={allStock} onChange={(event) => setAllStock(event.target.value)} />
            </div>
            <Button variant="secondary" onClick={() => setEvery({ quantity: allStock })} disabled={!allStock.trim()}>
              Apply to all
            </Button>
          </div>
          {variantsError && (
            <p className="text-sm font-medium text-red-700" data-field="variants" role="alert" tabIndex={-1}>
              {variantsError}
            </p>
          )}
          <div className="hidden grid-cols-[1fr_8rem_6rem_9rem_5rem] gap-3 px-3 text-xs font-medium text-slate-500 sm:grid" aria-hidden>
            <span>Combination</span>
            <span>Price (USD)</span>
            <span>Stock</span>
            <span>SKU (optional)</span>
            <span>Offered</span>
          </div>
          <ul className="space-y-2" aria-label="Combinations">
            {combinations.map(({ key, label }) => {
              const row = rowOf(key);
              return (
                <li
                  key={key}
                  className={`grid grid-cols-2 gap-2 rounded-lg border p-3 sm:grid-cols-[1fr_8rem_6rem_9rem_5rem] sm:items-center sm:gap-3 ${
                    row.available ? 'border-slate-200' : 'border-slate-200 bg-slate-50 text-slate-500'
                  }`}
                >
                  <span className="col-span-2 text-sm font-medium text-slate-900 sm:col-span-1">{label}</span>
                  <label className="text-xs text-slate-600">
                    <span className="sm:sr-only">Price (USD)</span>
                    <span className="sr-only"> for {label}</span>
                    <input
                      inputMode="decimal"
                      placeholder="0.00"
                      className={INPUT}
                      value={row.price}
                      onChange={(event) => setRow(key, { price: event.target.value })}
                    />
                  </label>
                  <label className="text-xs text-slate-600">
                    <span className="sm:sr-only">Stock</span>
                    <span className="sr-only"> for {label}</span>
                    <input inputMode="numeric" className={INPUT} value={row.quantity} onChange={(event) => setRow(key, { quantity: event.target.value })} />
                  </label>
                  <label className="text-xs text-slate-600">
                    <span className="sm:sr-only">SKU</span>
                    <span className="sr-only"> for {label}</span>
                    <input maxLength={64} className={INPUT} value={row.sku} onChange={(event) => setRow(key, { sku: event.target.value })} />
                  </label>
                  <label className="flex items-center gap-2 text-sm text-slate-700 sm:justify-center">
                    <input
                      type="checkbox"
                      className="size-5 accent-brand-700"
                      checked={row.available}
                      onChange={(event) => setRow(key, { available: event.target.checked })}
                    />
                    <span className="sm:sr-only">Offered</span>
                    <span className="sr-only"> {label}</span>
                  </label>
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </div>
  );
}
