import { calendarDateIn, isCalendarDate } from './pickup-schedule';

// A shop's vacation (docs/product/shops.md): the seller names the day selling resumes and, if they like, a
// message; until that day their listings stay visible but cannot be put in a cart or bought. "Today" is the
// marketplace's calendar day (US Eastern, as the pickups'), so a shop away until Dec 20 sells again from the
// first minute of Dec 20 in New York.

/** The longest message a shop on vacation shows its buyers. */
export const VACATION_MESSAGE_MAX_LENGTH = 500;
/** How far ahead the day selling resumes may be. */
export const VACATION_MAX_DAYS = 365;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether a shop whose vacation ends on `until` (YYYY-MM-DD; null: none) is away at `now`. */
export function isAway(until: string | null | undefined, now: Date): boolean {
  return Boolean(until) && calendarDateIn(now) < until!;
}

/** Why a vacation's last day cannot be `until`, or null when it can (a real date, after today, within a year). */
export function vacationUntilProblem(until: string, now: Date): string | null {
  if (!isCalendarDate(until)) return 'Choose the date your shop opens again.';
  const today = calendarDateIn(now);
  if (until <= today) return 'The date your shop opens again must be after today.';
  const latest = new Date(new Date(`${today}T00:00:00Z`).getTime() + VACATION_MAX_DAYS * DAY_MS).toISOString().slice(0, 10);
  if (until > latest) return `The date your shop opens again can be at most ${VACATION_MAX_DAYS} days ahead.`;
  return null;
}

/** "Dec 20, 2026": a calendar date as the pages write dates, read from its digits (no time zone can move it). */
export function calendarDateLabel(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return `${MONTHS[(month ?? 1) - 1]} ${day}, ${year}`;
}

/** What a buyer reads on a shop that is away (the product page, the shop page, a refused cart or checkout). */
export function awayMessage(until: string): string {
  return `This shop is away until ${calendarDateLabel(until)}`;
}
