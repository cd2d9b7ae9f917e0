import { z } from 'zod';
import { parseDollars } from '@marketplace/domain/money';

// A plain decimal that is no amount parseDollars takes (a minus sign, a third decimal): read as a number
// anyway, so the API's own rule says what is wrong with it rather than "enter an amount".
const PLAIN_DECIMAL = /^-?\d*\.?\d+$/;

/**
 * The text a person types into a money field, judged by the contract's own amount rule (`amount`, a
 * `dollarsSchema` from packages/contracts/src/common.ts), so the form says what the API would: "12.345"
 * gets "… must be in whole cents (at most 2 decimals)", "0" gets the field's minimum. Empty text gets
 * `empty`; text that is no amount at all ("twelve", "1,23") gets `unreadable`. Imports zod: for forms on
 * lazy pages only, never the shop's first load.
 */
export function dollarsTextSchema<Amount extends z.ZodType<number, number>>(amount: Amount, messages: { empty: string; unreadable: string }) {
  return z
    .string()
    .trim()
    .min(1, messages.empty)
    .transform((text, context) => {
      const cents = parseDollars(text);
      if (cents !== null) return cents / 100;
      if (PLAIN_DECIMAL.test(text)) return Number(text);
      context.addIssue({ code: 'custom', message: messages.unreadable });
      return z.NEVER;
    })
    .pipe(amount);
}
