// Money is an integer number of cents everywhere inside the app; dollars only exist at the edges
// (user input, API answers that show dollars, formatted text). Floats never carry money between
// those edges, so 0.1 + 0.2 style errors cannot pile up in totals, commissions or payouts.

import { groupDigits } from './number-format';

/**
 * The largest cent amount `centsToDollars` accepts ($9,999,999,999,999.99). A double is guaranteed
 * to hold 15 significant decimal digits exactly, so up to here every dollar value reads back as
 * the same cents; not far beyond, neighbouring cent amounts collapse into one float
 * (90071992547409.01 and 90071992547409.02 are the same double).
 */
export const maxCentsAsDollars = 999_999_999_999_999;

function assertCents(cents: number): void {
  // Unsafe integers are rejected too: above 2^53 two different cent amounts share one double.
  if (!Number.isSafeInteger(cents)) {
    throw new RangeError(`cents must be a safe integer number of cents, got ${cents}`);
  }
}

/** `123450` → `$1,234.50`, `-1200` → `-$12.00`, `0` → `$0.00`. */
export function formatCents(cents: number): string {
  assertCents(cents);
  const magnitude = Math.abs(cents);
  const remainder = magnitude % 100;
  // Whole dollars and cents apart, never cents / 100, which is only approximately right for large amounts.
  // Written by hand as Intl's en-US currency format writes it, without loading Intl (number-format.ts).
  const whole = (magnitude - remainder) / 100;
  return `${cents < 0 ? '-' : ''}$${groupDigits(String(whole))}.${String(remainder).padStart(2, '0')}`;
}

/** `[negative, digits, exponent]` such that the value is ±digits × 10^exponent, exactly as written. */
function decomposeShortestDecimal(value: number): [boolean, string, number] {
  // String() gives the shortest decimal that reads back as the same double, so 1.005 is taken as
  // "1.005" (what the user meant) instead of its binary value 1.00499999999999989…
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(value));
  if (!match) throw new RangeError(`Cannot read ${value} as a decimal`);
  const [, minus = '', whole = '', fraction = '', exponent = '0'] = match;
  return [minus === '-', whole + fraction, Number(exponent) - fraction.length];
}

/**
 * Dollars to cents, rounding half away from zero on the decimal the number is written as:
 * 19.99 → 1999, 1.005 → 101, 0.1 + 0.2 → 30, -1.005 → -101.
 */
export function dollarsToCents(dollars: number): number {
  if (!Number.isFinite(dollars)) throw new RangeError(`dollars must be finite, got ${dollars}`);
  const [isNegative, digits, exponent] = decomposeShortestDecimal(dollars);
  const shift = exponent + 2;
  let magnitude: bigint;
  if (shift >= 0) {
    // More than ~16 digits of cents is past the safe-integer range anyway; stop before building huge strings.
    if (digits.length + shift > 20) throw new RangeError(`${dollars} dollars is too large to hold in cents`);
    magnitude = BigInt(digits + '0'.repeat(shift));
  } else {
    const keep = digits.length + shift;
    const whole = keep > 0 ? digits.slice(0, keep) : '0';
    const firstDropped = keep >= 0 ? digits.charAt(keep) : '0';
    magnitude = BigInt(whole) + (firstDropped >= '5' ? 1n : 0n);
  }
  const cents = Number(magnitude);
  if (!Number.isSafeInteger(cents)) throw new RangeError(`${dollars} dollars is too large to hold in cents`);
  // Avoid -0: it prints as "-$0.00" and fails Object.is checks.
  return isNegative && cents !== 0 ? -cents : cents;
}

/**
 * Cents to a dollar number for API answers (1999 → 19.99). The result always has at most two
 * decimals when printed and converts back with `dollarsToCents` to the same cents.
 */
export function centsToDollars(cents: number): number {
  assertCents(cents);
  if (Math.abs(cents) > maxCentsAsDollars) {
    throw new RangeError(`${cents} cents cannot be shown exactly as a dollar number`);
  }
  // A single division is correctly rounded, so the double is the one nearest the exact decimal.
  return cents / 100;
}

// Either plain digits or correctly grouped thousands ("1,234,567"), so a typo like "1,23" is
// rejected instead of being read as 123. At most two decimals: a third one would be silently lost.
const dollarInputPattern = /^\$?\s*([1-9]\d{0,2}(?:,\d{3})+|\d*)(?:\.(\d{0,2}))?$/;

/**
 * Reads what a user typed as a dollar amount, answering cents: "1,234.5" → 123450, "$12" → 1200,
 * ".5" → 50. Answers null for anything else, including negatives and more than two decimals.
 */
export function parseDollars(text: string): number | null {
  const match = dollarInputPattern.exec(text.trim());
  if (!match) return null;
  const whole = (match[1] ?? '').replaceAll(',', '');
  const fraction = match[2] ?? '';
  if (whole === '' && fraction === '') return null;
  const cents = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

/**
 * `cents` × a rate in basis points (1250 = 12.5 %), rounded half away from zero to a whole cent.
 * On positive amounts that is plain half-up; on negative ones (refunds) it mirrors the positive
 * result, so reversing a charge reverses exactly the fee that was taken.
 */
export function percentOfCents(cents: number, basisPoints: number): number {
  assertCents(cents);
  if (!Number.isSafeInteger(basisPoints) || basisPoints < 0) {
    throw new RangeError(`basisPoints must be a non-negative integer, got ${basisPoints}`);
  }
  // BigInt because cents × basis points can pass 2^53 long before the result does.
  const product = BigInt(Math.abs(cents)) * BigInt(basisPoints);
  const quotient = product / 10_000n;
  const magnitude = Number(product % 10_000n >= 5_000n ? quotient + 1n : quotient);
  if (!Number.isSafeInteger(magnitude)) throw new RangeError('Result is too large to hold in cents');
  return cents < 0 && magnitude !== 0 ? -magnitude : magnitude;
}
