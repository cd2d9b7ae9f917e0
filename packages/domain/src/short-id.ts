/** docs/product/limits.md: "Short ids show the first 8 characters" (order ids in tables, payout references). */
export const shortIdLength = 8;

/** The first 8 characters of an id, for display; ids already that short come back unchanged. */
export function shortId(id: string): string {
  return id.slice(0, shortIdLength);
}
