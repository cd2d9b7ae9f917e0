// When a parcel arrives (docs/product/shipping.md "The delivery promise"): the order's day, then the shop's
// handling time and the carrier's days in transit, both counted in business days — Monday to Friday, US
// federal holidays left out, as UPS counts its own. Dates are calendar days written YYYY-MM-DD; the order's
// day is the buyer's calendar day in the carrier's time zone (America/New_York), as for pickups.

import type { PROMISE_STATES } from './enums';
import { calendarDateIn, DEFAULT_PICKUP_TIME_ZONE, isCalendarDate } from './pickup-schedule';

const DAY_MS = 24 * 60 * 60 * 1000;

const dateOf = (year: number, month: number, day: number): string => new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
const weekdayOf = (date: string): number => new Date(`${date}T00:00:00Z`).getUTCDay();

function addDays(date: string, days: number): string {
  return new Date(new Date(`${date}T00:00:00Z`).getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

/** The `nth` (1-based) `weekday` (0 = Sunday) of a month, or its last when `nth` is -1. */
function nthWeekday(year: number, month: number, weekday: number, nth: number): string {
  if (nth === -1) {
    const last = dateOf(year, month + 1, 0);
    return addDays(last, -((weekdayOf(last) - weekday + 7) % 7));
  }
  const first = dateOf(year, month, 1);
  return addDays(first, ((weekday - weekdayOf(first) + 7) % 7) + (nth - 1) * 7);
}

/** A fixed-date holiday on a weekend is observed on the Friday before or the Monday after (5 U.S.C. 6103). */
function observed(date: string): string {
  const weekday = weekdayOf(date);
  if (weekday === 6) return addDays(date, -1);
  if (weekday === 0) return addDays(date, 1);
  return date;
}

const holidayCache = new Map<number, ReadonlySet<string>>();

/**
 * The days the US federal holidays are observed in `year` (5 U.S.C. 6103): New Year's Day, Martin Luther
 * King Jr.'s Birthday, Washington's Birthday, Memorial Day, Juneteenth, Independence Day, Labor Day,
 * Columbus Day, Veterans Day, Thanksgiving and Christmas. New Year's Day of the next year observed on 31
 * December falls in this year's set.
 */
export function usFederalHolidays(year: number): ReadonlySet<string> {
  const cached = holidayCache.get(year);
  if (cached) return cached;
  const days = new Set([
    observed(dateOf(year, 1, 1)),
    nthWeekday(year, 1, 1, 3),
    nthWeekday(year, 2, 1, 3),
    nthWeekday(year, 5, 1, -1),
    observed(dateOf(year, 6, 19)),
    observed(dateOf(year, 7, 4)),
    nthWeekday(year, 9, 1, 1),
    nthWeekday(year, 10, 1, 2),
    observed(dateOf(year, 11, 11)),
    nthWeekday(year, 11, 4, 4),
    observed(dateOf(year, 12, 25)),
  ]);
  // 1 January on a Saturday is observed on the last day of the year before.
  const nextNewYear = observed(dateOf(year + 1, 1, 1));
  if (nextNewYear.startsWith(String(year))) days.add(nextNewYear);
  holidayCache.set(year, days);
  return days;
}

/** A day the carrier moves parcels and shops count handling: Monday to Friday, not a US federal holiday. */
export function isShippingDay(date: string): boolean {
  const weekday = weekdayOf(date);
  if (weekday === 0 || weekday === 6) return false;
  return !usFederalHolidays(Number(date.slice(0, 4))).has(date);
}

/** The day `days` shipping days after `date` (a Saturday order plus 1 is the Monday, or the Tuesday after a holiday). */
export function addShippingDays(date: string, days: number): string {
  if (!isCalendarDate(date)) throw new RangeError(`Expected a date as YYYY-MM-DD, got '${date}'`);
  if (!Number.isSafeInteger(days) || days < 0) throw new RangeError(`days must be a non-negative integer, got ${days}`);
  let current = date;
  for (let left = days; left > 0; ) {
    current = addDays(current, 1);
    if (isShippingDay(current)) left -= 1;
  }
  // Nothing is delivered on a day the carrier rests: 0 days from a Sunday is the Monday.
  while (!isShippingDay(current)) current = addDays(current, 1);
  return current;
}

export interface HandlingDays {
  min: number;
  max: number;
}

export interface ArrivesBy {
  earliest: string;
  latest: string;
}

/**
 * The delivery promise of a parcel ordered at `orderedAt`: the order's day + handling (business days) + the
 * carrier's days in transit. Earliest with the shortest handling, latest with the longest.
 */
export function arrivesByOf(orderedAt: Date, handling: HandlingDays, transitDays: number, timeZone: string = DEFAULT_PICKUP_TIME_ZONE): ArrivesBy {
  const orderDay = calendarDateIn(orderedAt, timeZone);
  return {
    earliest: addShippingDays(orderDay, handling.min + transitDays),
    latest: addShippingDays(orderDay, handling.max + transitDays),
  };
}

/** The last day of the handling window: the shop's parcel should have its first carrier scan by then. */
export function shipByOf(orderedAt: Date, handling: HandlingDays, timeZone: string = DEFAULT_PICKUP_TIME_ZONE): string {
  return addShippingDays(calendarDateIn(orderedAt, timeZone), handling.max);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/**
 * "Dec 12–16", "Dec 30–Jan 3", or "Dec 12" when both days are one, written without Intl so a public page
 * reads the same on the server and in any browser.
 */
export function formatArrivalRange({ earliest, latest }: ArrivesBy): string {
  const [, earliestMonth, earliestDay] = earliest.split('-').map(Number) as [number, number, number];
  const [, latestMonth, latestDay] = latest.split('-').map(Number) as [number, number, number];
  const start = `${MONTHS[earliestMonth - 1]} ${earliestDay}`;
  if (earliest === latest) return start;
  return earliestMonth === latestMonth ? `${start}–${latestDay}` : `${start}–${MONTHS[latestMonth - 1]} ${latestDay}`;
}

/** One day as "Dec 12" (no Intl, like formatArrivalRange). */
export function formatDay(day: string): string {
  return formatArrivalRange({ earliest: day, latest: day });
}

/** A parcel delivered after the last day promised broke the promise (days as YYYY-MM-DD, the carrier's calendar). */
export function isLateDelivery(deliveredOn: string, arrivesLatest: string): boolean {
  if (!isCalendarDate(deliveredOn) || !isCalendarDate(arrivesLatest)) throw new RangeError('Dates must be YYYY-MM-DD');
  return deliveredOn > arrivesLatest;
}

export type PromiseState = (typeof PROMISE_STATES)[number];

/** Where a shop part's promise stands, one rule for every screen. */
export function promiseStateOf(part: { deliveredOn: string | null; arrivesLatest: string }): PromiseState {
  if (!part.deliveredOn) return 'waiting';
  return isLateDelivery(part.deliveredOn, part.arrivesLatest) ? 'late' : 'kept';
}

/**
 * Who pays a late parcel's shipping back (docs/product/shipping.md "A late parcel refunds its shipping"): the seller
 * when the carrier's first scan came after the day it should have been handed over by (or never came), the
 * marketplace otherwise (the parcel was on time with the carrier, the carrier was late).
 */
export function lateRefundPayerOf(firstScanAt: Date | null, shipBy: string, timeZone: string = DEFAULT_PICKUP_TIME_ZONE): 'seller' | 'marketplace' {
  if (!firstScanAt) return 'seller';
  return calendarDateIn(firstScanAt, timeZone) > shipBy ? 'seller' : 'marketplace';
}

/** The carrier's calendar day of a moment (when a parcel was delivered), as the promise counts days. */
export function carrierDayOf(at: Date, timeZone: string = DEFAULT_PICKUP_TIME_ZONE): string {
  return calendarDateIn(at, timeZone);
}

/** The share of a seller's delivered parts that came by the last day promised, in whole percent (null: none yet). */
export function onTimeRatePercent(delivered: number, onTime: number): number | null {
  if (!Number.isSafeInteger(delivered) || !Number.isSafeInteger(onTime) || onTime < 0 || onTime > delivered)
    throw new RangeError('Counts must be whole, on time ≤ delivered');
  if (delivered === 0) return null;
  return Math.floor((onTime * 100) / delivered);
}
