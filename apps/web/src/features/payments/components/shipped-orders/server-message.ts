/**
 * The text the server put in a failed answer (`error`, or `message` from older handlers), or null when
 * there is none (network failure, HTML error page), so each caller can fall back to its SPEC §8 wording.
 */
export function serverMessage(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || !('data' in error)) return null;
  const { data } = error as { data: unknown };
  if (typeof data !== 'object' || data === null) return null;
  const { error: text, message } = data as { error?: unknown; message?: unknown };
  if (typeof text === 'string' && text.trim()) return text;
  if (typeof message === 'string' && message.trim()) return message;
  return null;
}
