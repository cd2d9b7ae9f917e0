import { centsToDollars, dollarsToCents } from '@marketplace/domain/money';
import type { CartItem } from './slice';

/** The add-on services chosen, in dollars: one add-on price per line that has it. */
export function sumAddOns(items: readonly CartItem[]): number {
  return centsToDollars(items.reduce((sum, item) => sum + (item.retip_added ? dollarsToCents(item.retip_price) : 0), 0));
}
