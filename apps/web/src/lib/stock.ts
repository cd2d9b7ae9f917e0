import { STOCK_STATUS_COLOURS, isLowStock, isOutOfStock } from '@marketplace/domain/inventory';
import { statusTextClasses } from '@marketplace/domain/status-palette';

export type StockTone = 'out' | 'low' | 'in';

/** What a buyer reads about stock: "Out of stock", "Only 2 left", or "In stock". */
export function describeStock(quantity: number): { text: string; tone: StockTone } {
  if (isOutOfStock(quantity)) return { text: 'Out of stock', tone: 'out' };
  if (isLowStock(quantity)) return { text: `Only ${quantity} left`, tone: 'low' };
  return { text: 'In stock', tone: 'in' };
}

const TONE_STATUS = { out: 'out_of_stock', low: 'low_stock', in: 'in_stock' } as const satisfies Record<StockTone, keyof typeof STOCK_STATUS_COLOURS>;

/**
 * The stock line's text colour: the stock statuses' colours from packages/domain, like the seller's stock
 * badges (read from inventory.ts, not the whole status table, which the catalogue's first load would carry).
 */
export const STOCK_TONE_CLASSES = Object.fromEntries(
  (Object.keys(TONE_STATUS) as StockTone[]).map((tone) => [tone, statusTextClasses[STOCK_STATUS_COLOURS[TONE_STATUS[tone]]]]),
) as Record<StockTone, string>;

const CONDITION_LABELS: Record<string, string> = { new: 'New', like_new: 'Like new', good: 'Good', fair: 'Fair' };

export function conditionLabel(condition: string): string {
  return CONDITION_LABELS[condition] ?? condition;
}
