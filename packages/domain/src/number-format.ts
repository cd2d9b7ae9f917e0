// Numbers as an American reader writes them ("1,234", "4.5"), without the browser's Intl. The first
// Intl formatter a page makes loads the locale's data: 90–270 ms of a phone's main thread (measured at 4×
// CPU slowdown), in the task that starts the app. The marketplace shows English and dollars only, so the
// public pages format their figures here and never touch Intl (decision 0042). The results are those of
// `Intl.NumberFormat('en-US', { maximumFractionDigits })` (number-format.test.ts compares them).

/** `"1234567"` → `"1,234,567"`: a run of digits in groups of three. */
export function groupDigits(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, ',');
}

/**
 * `1234.5` → `"1,234.5"`, `4.25` with 1 digit → `"4.3"`: at most `maximumFractionDigits` digits after
 * the point, rounded half away from zero on the shortest decimal that reads back as the number (as Intl
 * does: 1.005 with 2 digits is "1.01"), trailing zeros dropped.
 */
export function formatNumber(value: number, maximumFractionDigits = 0): string {
  if (Number.isNaN(value)) return 'NaN';
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  if (!Number.isFinite(value)) return `${sign}∞`;
  // String() is the shortest decimal that reads back as the same double: "1.005", "1e+21", "5e-7".
  const [, digitText = '', fraction = '', exponentText = '0'] = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(Math.abs(value))) ?? [];
  const digits = digitText + fraction;
  const exponent = Number(exponentText) - fraction.length; // |value| = digits × 10^exponent
  const kept = digits.length + exponent + maximumFractionDigits; // how many leading digits survive rounding
  let scaled = kept > 0 ? BigInt(digits.slice(0, kept)) * 10n ** BigInt(Math.max(0, kept - digits.length)) : 0n;
  if (kept >= 0 && kept < digits.length && digits.charAt(kept) >= '5') scaled += 1n;
  const text = scaled.toString().padStart(maximumFractionDigits + 1, '0'); // |rounded| × 10^maximumFractionDigits
  const whole = text.slice(0, text.length - maximumFractionDigits);
  const decimals = text.slice(whole.length).replace(/0+$/, '');
  return `${sign}${groupDigits(whole)}${decimals ? `.${decimals}` : ''}`;
}
