import { X } from 'lucide-react';
import type { SearchChip } from '@marketplace/contracts/search';

const KIND_LABELS: Record<SearchChip['kind'], string> = {
  min_price: 'Price',
  max_price: 'Price',
  category: 'Category',
  condition: 'Condition',
  attribute: 'Detail',
  sort: 'Sort',
  recipient: 'Gift for',
};

interface InterpretationChipsProps {
  chips: SearchChip[];
  removedCount: number;
  onRemove: (chip: SearchChip) => void;
  onRestore: () => void;
}

/** What the search understood, one removable chip per filter; removing one searches again without it. */
export function InterpretationChips({ chips, removedCount, onRemove, onRestore }: InterpretationChipsProps) {
  if (chips.length === 0 && removedCount === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2" aria-label="What we understood">
      <span className="text-sm font-medium text-slate-700">Understood as:</span>
      {chips.length > 0 && (
        <ul className="flex flex-wrap gap-2">
          {chips.map((chip) => (
            <li key={chip.id}>
              <span className="inline-flex h-8 items-center gap-1 rounded-full border border-brand-200 bg-brand-50 py-0 pr-1 pl-3 text-sm text-brand-900">
                <span className="text-brand-700">{KIND_LABELS[chip.kind]}:</span>
                <span className="font-medium">{chip.label}</span>
                <button
                  type="button"
                  onClick={() => onRemove(chip)}
                  aria-label={`Remove ${KIND_LABELS[chip.kind].toLowerCase()} filter ${chip.label}`}
                  className="ml-0.5 grid size-6 place-items-center rounded-full text-brand-700 hover:bg-brand-100 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  <X className="size-4" aria-hidden />
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {removedCount > 0 && (
        <button type="button" onClick={onRestore} className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline">
          Restore {removedCount === 1 ? 'removed filter' : `${removedCount} removed filters`}
        </button>
      )}
    </div>
  );
}
