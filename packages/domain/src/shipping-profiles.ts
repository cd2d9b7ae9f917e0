// What a shop's part of an order costs to ship (docs/product/shipping.md "Shipping profiles"). Each listing
// ships with one of its seller's profiles (the seller's default unless chosen); a shop that set no profile
// ships with the marketplace's standard rate. Amounts are integer cents.

/** How a profile prices a parcel. */
export type ShippingRate =
  /** The first unit costs `firstCents`, each unit after it `additionalCents`. */
  | { type: 'flat'; firstCents: number; additionalCents: number }
  /** Free; with a minimum, free only from that much of the shop's items, and the carrier's rate below it. */
  | { type: 'free'; minimumItemsTotalCents: number | null }
  /** The carrier's rate for the parcel (its weight, the profile's box, to the buyer's ZIP), plus a handling fee. */
  | { type: 'calculated'; handlingFeeCents: number }
  /** A shop with no profile: $5.99 for its part, free from $50.00 of its items (the marketplace's rule before profiles). */
  | { type: 'standard' };

/** The standard rate's price and the shop's items total from which it is free. */
export const STANDARD_SHIPPING_CENTS = 599;
export const STANDARD_FREE_FROM_CENTS = 5000;
/** A shop with no profile hands its parcels over within 1 to 3 business days. */
export const STANDARD_HANDLING_DAYS = { min: 1, max: 3 } as const;

/** Limits of what a seller sets (the API's schema and the form say the same). */
export const SHIPPING_PROFILE_LIMITS = {
  profilesPerSeller: 20,
  nameLength: 60,
  handlingDaysMax: 30,
  /** A box side, in inches (UPS's largest parcel is 108 in long). */
  boxSideInchesMax: 108,
  /** A flat price or a handling fee: at most $1,000.00. */
  rateCentsMax: 100_000,
} as const;

/**
 * The items of one shop's part that ship with one profile. `carrierCents` is the carrier's rate for their
 * parcel to the destination, or null when there is no destination (or no answer) yet.
 */
export interface ShippingGroup {
  rate: ShippingRate;
  /** Units (Σ quantity) of the group's lines. */
  units: number;
  carrierCents: number | null;
}

/** Whether a group's price depends on the carrier's rate for its parcel (so on where it goes). */
export function needsCarrierRate(rate: ShippingRate, shopItemsTotalCents: number): boolean {
  if (rate.type === 'calculated') return true;
  return rate.type === 'free' && rate.minimumItemsTotalCents !== null && shopItemsTotalCents < rate.minimumItemsTotalCents;
}

function checkCents(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a non-negative integer, got ${value}`);
}

/**
 * A shop's shipping for its part of an order, or null when a group needs the carrier's rate and has none
 * (no destination yet). Groups with flat rates combine as a buyer expects of one parcel: the highest first-unit
 * price is paid once, and every other unit of every flat group pays its group's additional price. A group
 * that is free, or on the standard rate, adds nothing to that; the standard rate is paid once per shop.
 */
export function shopShippingCents(groups: readonly ShippingGroup[], shopItemsTotalCents: number): number | null {
  checkCents('shopItemsTotalCents', shopItemsTotalCents);
  let total = 0;
  const flat: { firstCents: number; additionalCents: number; units: number }[] = [];
  let hasStandard = false;
  for (const group of groups) {
    if (!Number.isSafeInteger(group.units) || group.units < 1) throw new RangeError(`units must be a positive integer, got ${group.units}`);
    const { rate } = group;
    if (rate.type === 'flat') {
      checkCents('firstCents', rate.firstCents);
      checkCents('additionalCents', rate.additionalCents);
      flat.push({ firstCents: rate.firstCents, additionalCents: rate.additionalCents, units: group.units });
    } else if (rate.type === 'standard') {
      hasStandard = true;
    } else if (needsCarrierRate(rate, shopItemsTotalCents)) {
      if (group.carrierCents === null) return null;
      checkCents('carrierCents', group.carrierCents);
      total += group.carrierCents + (rate.type === 'calculated' ? rate.handlingFeeCents : 0);
    }
  }
  if (hasStandard && shopItemsTotalCents < STANDARD_FREE_FROM_CENTS) total += STANDARD_SHIPPING_CENTS;
  if (flat.length > 0) {
    // The group whose first unit costs most pays it; ties go to the earlier group.
    const leading = flat.reduce((best, group) => (group.firstCents > best.firstCents ? group : best));
    total += leading.firstCents;
    for (const group of flat) total += group.additionalCents * (group === leading ? group.units - 1 : group.units);
  }
  return total;
}

/** The handling window of a shop's part: it ships when its slowest group is ready, so the largest minimum to the largest maximum. */
export function shopHandlingDays(handlings: readonly { min: number; max: number }[]): { min: number; max: number } {
  if (handlings.length === 0) return { ...STANDARD_HANDLING_DAYS };
  return { min: Math.max(...handlings.map((handling) => handling.min)), max: Math.max(...handlings.map((handling) => handling.max)) };
}

/** A parcel's weight in ounces: each line's listing weight × its quantity, at least one ounce. */
export function parcelWeightOunces(lines: readonly { weightOunces: number; quantity: number }[]): number {
  return Math.max(
    1,
    lines.reduce((total, line) => total + line.weightOunces * line.quantity, 0),
  );
}
