import { SHOP_ERROR_CODES } from '@marketplace/contracts/shops';
import type { CheckoutProblem } from '@marketplace/contracts/orders';
import { formatCents } from '@marketplace/domain/money';
import { awayMessage, isAway } from '@marketplace/domain/vacation';
import { conflict } from '../../lib/http-errors';
import type { PricedCartLine } from '../cart';

// What stands between a cart and an order, line by line (the checkout summary's `problems`), and the shops on
// vacation that sell nothing until their day (docs/product/shops.md): the checkout refuses them before
// anything is charged or taken.

/** The day selling resumes for a line whose shop is away at `now`, else null. */
export function awayUntil(line: PricedCartLine, now: Date): string | null {
  const until = line.record.product.sellerVacationUntil;
  return until && isAway(until, now) ? until : null;
}

/** Throws 409 `shop_on_vacation`, naming the lines, when any line's shop is away at `now`. */
export function refuseShopsAway(lines: readonly PricedCartLine[], now: Date): void {
  const away = lines.flatMap((line) => {
    const until = awayUntil(line, now);
    return until ? [{ line, until }] : [];
  });
  const [first] = away;
  if (!first) return;
  throw conflict(`"${first.line.record.product.title}" cannot be bought now: ${awayMessage(first.until)}`, {
    code: SHOP_ERROR_CODES.onVacation,
    items: away.map(({ line, until }) => ({ cartItemId: line.record.id, productId: line.record.productId, until })),
  });
}

/** Each line's problems at `now`: gone, its shop away, sold out or short, or a price changed since it was added. */
export function problemsOf(lines: readonly PricedCartLine[], now: Date): CheckoutProblem[] {
  return lines.flatMap((line): CheckoutProblem[] => {
    const { record } = line;
    const title = record.product.title;
    const problems: CheckoutProblem[] = [];
    const until = awayUntil(line, now);
    if (record.product.status !== 'active') {
      problems.push({ cartItemId: record.id, kind: 'unavailable', message: `"${title}" is no longer available` });
    } else if (until) {
      problems.push({ cartItemId: record.id, kind: 'shop_on_vacation', message: `"${title}" cannot be bought now: ${awayMessage(until)}` });
    } else if (line.availableQuantity === 0) {
      problems.push({ cartItemId: record.id, kind: 'out_of_stock', message: `"${title}" is out of stock` });
    } else if (record.quantity > line.availableQuantity) {
      problems.push({
        cartItemId: record.id,
        kind: 'insufficient_stock',
        message: `Only ${line.availableQuantity} of "${title}" left in stock (you have ${record.quantity} in your cart)`,
      });
    }
    if (line.priceCents !== record.priceCentsAtAdd) {
      problems.push({
        cartItemId: record.id,
        kind: 'price_changed',
        message: `The price of "${title}" changed from ${formatCents(record.priceCentsAtAdd)} to ${formatCents(line.priceCents)}`,
      });
    }
    return problems;
  });
}
