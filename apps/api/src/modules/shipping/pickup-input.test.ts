import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/http-errors';
import { checkedPickupWindow, normalizePickupInput } from './pickup-input';

describe('normalizePickupInput', () => {
  it('reads the screens’ compact date and hhmm00 times as ISO', () => {
    expect(normalizePickupInput({ pickupDate: '20300107', readyTime: '090000', closeTime: '170000' })).toEqual({
      pickupDate: '2030-01-07',
      readyTime: '09:00',
      closeTime: '17:00',
    });
  });

  it('accepts HHMM and HH:MM times and an ISO date as they are, trimmed', () => {
    expect(normalizePickupInput({ pickupDate: ' 2030-01-07 ', readyTime: '0930', closeTime: ' 16:30 ' })).toEqual({
      pickupDate: '2030-01-07',
      readyTime: '09:30',
      closeTime: '16:30',
    });
  });

  it('leaves missing or blank times out, for the defaults to apply', () => {
    expect(normalizePickupInput({ pickupDate: '20300107' })).toEqual({ pickupDate: '2030-01-07', readyTime: undefined, closeTime: undefined });
    expect(normalizePickupInput({ pickupDate: '20300107', readyTime: '  ', closeTime: '' })).toEqual({
      pickupDate: '2030-01-07',
      readyTime: undefined,
      closeTime: undefined,
    });
  });

  it('passes anything else on as typed, for the pickup rules to judge', () => {
    expect(normalizePickupInput({ pickupDate: '7 Jan 2030', readyTime: '9am' })).toEqual({ pickupDate: '7 Jan 2030', readyTime: '9am', closeTime: undefined });
  });
});

describe('checkedPickupWindow', () => {
  // A Sunday noon in New York: Monday is the earliest pickup.
  const now = new Date('2030-01-06T17:00:00.000Z');

  it('answers the window with the default times', () => {
    expect(checkedPickupWindow(normalizePickupInput({ pickupDate: '20300107' }), now)).toEqual({
      pickupDate: '2030-01-07',
      readyTime: '09:00',
      closeTime: '17:00',
    });
  });

  it('refuses a date the rules refuse with a 400 naming the field', () => {
    let refusal: HttpError | undefined;
    try {
      checkedPickupWindow(normalizePickupInput({ pickupDate: '20300106' }), now);
    } catch (error) {
      if (error instanceof HttpError) refusal = error;
    }
    expect(refusal?.statusCode).toBe(400);
    expect(refusal?.toBody()).toMatchObject({ code: 'invalid_pickup_window', field: 'pickupDate' });
  });
});
