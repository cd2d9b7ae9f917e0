import { isLowStock, isOutOfStock } from '@marketplace/domain/inventory';

export type StockTone = 'out' | 'low' | 'in';

/** What a buyer reads about stock: "Out of stock", "Only 2 left", or "In stock". */
export function describeStock(quantity: number): { text: string; tone: StockTone } {
  if (isOutOfStock(quantity)) return { text: 'Out of stock', tone: 'out' };
  if (isLowStock(quantity)) return { text: `Only ${quantity} left`, tone: 'low' };
  return { text: 'In stock', tone: 'in' };
}

export const STOCK_TONE_CLASSES: Record<StockTone, string> = {
  out: 'text-red-700',
  low: 'text-amber-800',
  in: 'text-emerald-700',
};

const CONDITION_LABELS: Record<string, string> = { new: 'New', like_new: 'Like new', good: 'Good', fair: 'Fair' };

export function conditionLabel(condition: string): string {
  return CONDITION_LABELS[condition] ?? condition;
}
