import { describe, expect, it } from 'vitest';
import { ALREADY_PICKED_UP_MESSAGE, VOID_PERIOD_EXPIRED_MESSAGE } from '@marketplace/domain/shipment-rules';
import { voidFailureMessage } from './void-messages';

const refusal = (data: unknown) => ({ status: 409, data });

describe('voidFailureMessage', () => {
  it('shows the product wording for the void period and a picked-up parcel, by code whatever the server says', () => {
    expect(voidFailureMessage(refusal({ error: 'UPS: void window closed', code: 'void_period_expired' }))).toBe(VOID_PERIOD_EXPIRED_MESSAGE);
    expect(voidFailureMessage(refusal({ error: 'UPS: parcel in transit', code: 'already_picked_up' }))).toBe(ALREADY_PICKED_UP_MESSAGE);
  });

  it("never guesses from the wording: another refusal shows the server's sentence", () => {
    expect(voidFailureMessage(refusal({ error: 'The void period of 24 hours is over', code: 'void_refused' }))).toBe('The void period of 24 hours is over');
  });

  it("falls back to 'Failed to void shipment' without a sentence", () => {
    expect(voidFailureMessage({ status: 500, data: {} })).toBe('Failed to void shipment');
    expect(voidFailureMessage({ status: 'FETCH_ERROR', error: 'offline' })).toBe('Failed to void shipment');
  });
});
