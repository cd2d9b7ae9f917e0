import { SHOP_ERROR_CODES } from '@marketplace/contracts/shops';
import { PERSONALIZATION_ERROR_CODES } from '@marketplace/contracts/cart';
import { CHECKOUT_MESSAGES, type CheckoutProblem, type GiftInput } from '@marketplace/contracts/orders';
import { formatCents } from '@marketplace/domain/money';
import { personalizationProblem } from '@marketplace/domain/personalization';
import { awayMessage, isAway } from '@marketplace/domain/vacation';
import { badRequest, conflict } from '../../lib/http-errors';
import type { PricedCartLine } from '../cart';

// What stands between a cart and an order, line by line (the checkout summary's `problems`), the shops on
// vacation that sell nothing until their day (docs/product/shops.md) and the personalisation a listing asks
// for (docs/product/listings.md): the checkout refuses them before anything is charged or taken. And the
// shops' parts the buyer sends as gifts (docs/product/checkout.md "Gifts").

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

/** What the line's listing says of its text now (a listing may have started asking since the line was added). */
const personalizationOf = (line: PricedCartLine) => personalizationProblem(line.record.product.personalization, line.record.personalization);

/** Throws 400 `personalization_required` (or the other refusal), naming the lines, when a line's text does not do now. */
export function refuseMissingPersonalization(lines: readonly PricedCartLine[]): void {
  const refused = lines.flatMap((line) => {
    const problem = personalizationOf(line);
    return problem ? [{ line, problem }] : [];
  });
  const [first] = refused;
  if (!first) return;
  throw badRequest(`"${first.line.record.product.title}": ${first.problem.message}`, {
    code: first.problem.code === 'personalization_required' ? PERSONALIZATION_ERROR_CODES.required : first.problem.code,
    items: refused.map(({ line }) => ({ cartItemId: line.record.id, productId: line.record.productId })),
  });
}

/** The shops' parts sent as gifts, as the order keeps them: each shop named must sell a line of the cart (400 otherwise). */
export function giftsOf(gifts: readonly Required<GiftInput>[] | undefined, lines: readonly PricedCartLine[]): { sellerId: string; message: string }[] {
  const sellers = new Set(lines.map((line) => line.record.product.sellerId));
  return (gifts ?? []).map((gift) => {
    if (!sellers.has(gift.seller_id))
      throw badRequest(CHECKOUT_MESSAGES.giftForOtherShop, { issues: [{ path: 'gifts', message: CHECKOUT_MESSAGES.giftForOtherShop }] });
    return { sellerId: gift.seller_id, message: gift.message };
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
    const personalization = personalizationOf(line);
    if (personalization) problems.push({ cartItemId: record.id, kind: 'personalization_required', message: `"${title}": ${personalization.message}` });
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
