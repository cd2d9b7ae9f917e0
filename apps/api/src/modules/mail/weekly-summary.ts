// The seller's weekly summary: which week it reports. Its figures are the analytics module's
// (weekly-figures.ts there), handed to the mail reactions at boot.

const DAY_MS = 24 * 60 * 60 * 1000;

/** The summary of last week is written on Monday from this hour (UTC) on, by the hourly round. */
export const WEEKLY_SUMMARY_FROM_HOUR_UTC = 6;

/** Monday 00:00 UTC of the ISO week `date` is in. */
export function startOfIsoWeek(date: Date): Date {
  const day = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  const weekday = (new Date(day).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return new Date(day - weekday * DAY_MS);
}

/** The ISO 8601 week of `date` (UTC), e.g. `2025-W01`: the week belongs to the year of its Thursday. */
export function isoWeekOf(date: Date): string {
  const thursday = new Date(startOfIsoWeek(date).getTime() + 3 * DAY_MS);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * DAY_MS)) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/**
 * The week whose summary is due at `now`: last week, on Monday from WEEKLY_SUMMARY_FROM_HOUR_UTC until the
 * day ends; null at any other time (the hourly round then does nothing).
 */
export function weekDueAt(now: Date): { isoWeek: string; from: Date; to: Date } | null {
  const thisWeek = startOfIsoWeek(now);
  const sinceMonday = now.getTime() - thisWeek.getTime();
  if (sinceMonday < WEEKLY_SUMMARY_FROM_HOUR_UTC * 60 * 60 * 1000 || sinceMonday >= DAY_MS) return null;
  const from = new Date(thisWeek.getTime() - 7 * DAY_MS);
  return { isoWeek: isoWeekOf(from), from, to: thisWeek };
}

export const isoDay = (date: Date) => date.toISOString().slice(0, 10);
export const lastDayOf = (to: Date) => new Date(to.getTime() - DAY_MS);
