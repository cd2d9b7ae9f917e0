import { ALREADY_PICKED_UP_MESSAGE, VOID_PERIOD_EXPIRED_MESSAGE } from '@marketplace/domain/shipment-rules';

/** SPEC §8: the void period and "already picked up" failures get their own wording. */
export function voidFailureMessage(serverMessage: string): string {
  if (/void period|void window|24 hours/i.test(serverMessage)) return VOID_PERIOD_EXPIRED_MESSAGE;
  if (/picked up/i.test(serverMessage)) return ALREADY_PICKED_UP_MESSAGE;
  return serverMessage;
}
