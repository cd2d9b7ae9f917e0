import { ALREADY_PICKED_UP_CODE, ALREADY_PICKED_UP_MESSAGE, VOID_PERIOD_EXPIRED_CODE, VOID_PERIOD_EXPIRED_MESSAGE } from '@marketplace/domain/shipment-rules';
import { describeApiError } from '../../../../lib/api-error';

const VOID_FAILED = 'Failed to void shipment';

/** The product's wording for the refusals of a void that have their own (docs/product/shipping.md), by code. */
const VOID_REFUSAL_TEXTS: Readonly<Record<string, string>> = {
  [VOID_PERIOD_EXPIRED_CODE]: VOID_PERIOD_EXPIRED_MESSAGE,
  [ALREADY_PICKED_UP_CODE]: ALREADY_PICKED_UP_MESSAGE,
};

/** What a refused void shows: the product's text for its code, else the server's sentence or 'Failed to void shipment'. */
export function voidFailureMessage(error: unknown): string {
  const { code, serverMessage } = describeApiError(error);
  return (code !== null ? VOID_REFUSAL_TEXTS[code] : undefined) ?? serverMessage ?? VOID_FAILED;
}
