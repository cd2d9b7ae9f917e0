import { checkPickupWindow, type PickupWindow } from '@marketplace/domain/pickup-schedule';
import { badRequest } from '../../lib/http-errors';

/** The pickup form as the client may send it: dates as YYYY-MM-DD or YYYYMMDD, times as HH:MM, HHMM or hhmm00. */
export interface PickupFormInput {
  pickupDate: string;
  readyTime?: string | undefined;
  closeTime?: string | undefined;
}

export interface NormalizedPickupInput {
  pickupDate: string;
  readyTime: string | undefined;
  closeTime: string | undefined;
}

const COMPACT_DATE = /^(\d{4})(\d{2})(\d{2})$/;
const COMPACT_TIME = /^(\d{2})(\d{2})(?:00)?$/;

/**
 * The seller's screens send the date without dashes and the times as hhmm00 (docs/product/shipping.md,
 * "Pickups"): both are read here as ISO (YYYY-MM-DD, HH:MM). Anything else is passed on as typed, for
 * the pickup rules to judge.
 */
export function normalizePickupInput(input: PickupFormInput): NormalizedPickupInput {
  const date = input.pickupDate.trim();
  const compactDate = COMPACT_DATE.exec(date);
  const time = (value: string | undefined) => {
    const trimmed = value?.trim();
    if (!trimmed) return undefined;
    const compact = COMPACT_TIME.exec(trimmed);
    return compact ? `${compact[1]}:${compact[2]}` : trimmed;
  };
  return {
    pickupDate: compactDate ? `${compactDate[1]}-${compactDate[2]}-${compactDate[3]}` : date,
    readyTime: time(input.readyTime),
    closeTime: time(input.closeTime),
  };
}

/**
 * The pickup window the rules accept (a business day at least one day ahead, ready before close,
 * defaults 09:00–17:00), or a 400 `invalid_pickup_window` naming the field and saying what is wrong.
 */
export function checkedPickupWindow(input: NormalizedPickupInput, now: Date): PickupWindow {
  const checked = checkPickupWindow(input, now);
  if (!checked.ok) throw badRequest(checked.message, { field: checked.field, code: 'invalid_pickup_window' });
  return checked.value;
}
