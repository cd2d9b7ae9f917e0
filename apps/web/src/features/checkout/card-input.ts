// How the card form reads what people type. The sandbox takes these fields; real card entry with
// Stripe goes through Stripe.js and never touches them.

/** "4242424242424242" → "4242 4242 4242 4242" (digits only, at most 19). */
export function formatCardNumber(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1" → "1", "12" → "12 / ", "1228" → "12 / 28"; a lone first digit above 1 becomes "0d / ". */
export function formatExpiry(text: string, previous = ''): string {
  let digits = text.replace(/\D/g, '').slice(0, 4);
  if (digits.length === 1 && digits > '1') digits = `0${digits}`;
  // Deleting the separator deletes the month's last digit too.
  if (text.length < previous.length && previous.endsWith(' / ') && digits.length === 2) return digits.slice(0, 1);
  if (digits.length < 2) return digits;
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

/** "12 / 28" → { month: 12, year: 2028 }, or null when it is not a valid MM/YY. */
export function parseExpiry(text: string): { month: number; year: number } | null {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(match[2]) };
}

/** Expired when the last day of the expiry month is before today. */
export function isExpired({ month, year }: { month: number; year: number }, now: Date = new Date()): boolean {
  return year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1);
}
