// The pickup form (docs/product/data.md, validation.md, limits.md): a date at least one business day ahead, ready and close times
// that default to 09:00–17:00, and the formats UPS wants (YYYYMMDD, hhmm00). The current time is
// passed in; "today" is the seller's calendar day in the carrier's time zone, not UTC's.

export const DEFAULT_READY_TIME = '09:00';
export const DEFAULT_CLOSE_TIME = '17:00';
/** UPS pickups are booked against US Eastern business days unless told otherwise. */
export const DEFAULT_PICKUP_TIME_ZONE = 'America/New_York';

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The calendar date (YYYY-MM-DD) that `now` falls on in `timeZone`. */
export function calendarDateIn(now: Date, timeZone: string = DEFAULT_PICKUP_TIME_ZONE): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** Whether `value` is a real calendar date written YYYY-MM-DD (no 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  const match = DATE_PATTERN.exec(value);
  if (!match) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Monday to Friday. */
export function isBusinessDay(date: string): boolean {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6;
}

function addDays(date: string, days: number): string {
  return new Date(new Date(`${date}T00:00:00Z`).getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

/** The next business day after today (docs/product/validation.md: at least 1 day in advance): Friday → Monday. */
export function earliestPickupDate(now: Date, timeZone: string = DEFAULT_PICKUP_TIME_ZONE): string {
  let date = addDays(calendarDateIn(now, timeZone), 1);
  while (!isBusinessDay(date)) date = addDays(date, 1);
  return date;
}

/** A business day on or after the earliest pickup date. */
export function isValidPickupDate(date: string, now: Date, timeZone: string = DEFAULT_PICKUP_TIME_ZONE): boolean {
  return isCalendarDate(date) && isBusinessDay(date) && date >= earliestPickupDate(now, timeZone);
}

/** 24-hour HH:MM, 00:00 to 23:59. */
export function isValidTime(value: string): boolean {
  return TIME_PATTERN.test(value);
}

/** '2026-11-23' → '20261123' (docs/product/validation.md: the date is sent without dashes). */
export function toUpsPickupDate(date: string): string {
  if (!isCalendarDate(date)) throw new RangeError(`Expected a date as YYYY-MM-DD, got '${date}'`);
  return date.replaceAll('-', '');
}

/** '09:00' → '090000' (docs/product/validation.md: times are sent as hhmm00). */
export function toUpsTime(time: string): string {
  if (!isValidTime(time)) throw new RangeError(`Expected a time as HH:MM, got '${time}'`);
  return `${time.replace(':', '')}00`;
}

export interface PickupWindow {
  pickupDate: string;
  readyTime: string;
  closeTime: string;
}

export type PickupWindowCheck = { ok: true; value: PickupWindow } | { ok: false; field: keyof PickupWindow; message: string };

/**
 * Checks the pickup form (date required; times optional, defaulting to 09:00 and 17:00) and says
 * what is wrong in words a seller understands, for a 400 or beside the field.
 */
export function checkPickupWindow(
  input: { pickupDate?: string | null; readyTime?: string | null; closeTime?: string | null },
  now: Date,
  timeZone: string = DEFAULT_PICKUP_TIME_ZONE,
): PickupWindowCheck {
  const pickupDate = input.pickupDate?.trim() ?? '';
  const readyTime = input.readyTime?.trim() || DEFAULT_READY_TIME;
  const closeTime = input.closeTime?.trim() || DEFAULT_CLOSE_TIME;
  if (pickupDate === '') return { ok: false, field: 'pickupDate', message: 'Pickup date is required.' };
  if (!isCalendarDate(pickupDate)) return { ok: false, field: 'pickupDate', message: 'Pickup date must be a valid date (YYYY-MM-DD).' };
  const earliest = earliestPickupDate(now, timeZone);
  if (pickupDate < earliest) {
    return { ok: false, field: 'pickupDate', message: `Pickup must be scheduled at least 1 day in advance: the earliest pickup date is ${earliest}.` };
  }
  if (!isBusinessDay(pickupDate)) return { ok: false, field: 'pickupDate', message: 'Pickup date must be a business day (Monday to Friday).' };
  if (!isValidTime(readyTime)) return { ok: false, field: 'readyTime', message: 'Ready time must be a time as HH:MM (24-hour).' };
  if (!isValidTime(closeTime)) return { ok: false, field: 'closeTime', message: 'Close time must be a time as HH:MM (24-hour).' };
  if (closeTime <= readyTime) return { ok: false, field: 'closeTime', message: 'Close time must be after the ready time.' };
  return { ok: true, value: { pickupDate, readyTime, closeTime } };
}
