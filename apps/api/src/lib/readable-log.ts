/**
 * LOG_FORMAT=pretty (the default outside production): pino's JSON lines turned into one short line
 * each, so `npm start` reads like a program talking (the URL, the demo logins) while every line is
 * still a log entry. Production keeps the JSON lines for the log collector.
 */

const LEVEL_NAMES: Readonly<Record<number, string>> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
/** pino's own fields, and the request fields the line already shows. */
const SHOWN_ELSEWHERE = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'v', 'reqId', 'req', 'res', 'responseTime', 'err']);

function clock(time: unknown): string {
  const date = typeof time === 'number' ? new Date(time) : new Date();
  return date.toTimeString().slice(0, 8);
}

function compactValue(value: unknown): string {
  if (typeof value === 'string') return /\s/.test(value) ? JSON.stringify(value) : value;
  return JSON.stringify(value) ?? String(value);
}

/** One pino JSON line as a readable line (its message's own line breaks kept); anything else as it came. */
export function formatLogLine(line: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  if (typeof entry !== 'object' || entry === null) return line;
  const level = typeof entry.level === 'number' ? entry.level : 30;
  const parts = [clock(entry.time)];
  if (level !== 30) parts.push(LEVEL_NAMES[level] ?? String(level));
  const request = entry.req as { method?: string; url?: string } | undefined;
  const response = entry.res as { statusCode?: number } | undefined;
  // The request's id ties its "incoming" line to its "completed" one.
  if (typeof entry.reqId === 'string' && (request || response)) parts.push(entry.reqId.slice(0, 8));
  if (request?.method) parts.push(`${request.method} ${request.url ?? ''}`);
  if (response?.statusCode) parts.push(String(response.statusCode));
  if (typeof entry.responseTime === 'number') parts.push(`${Math.round(entry.responseTime)} ms`);
  const message = typeof entry.msg === 'string' && entry.msg !== 'request completed' && entry.msg !== 'incoming request' ? entry.msg : '';
  if (message) parts.push(message);
  // A message of several lines (the startup banner) says it all; its fields are for the JSON log.
  const extras = message.includes('\n')
    ? []
    : Object.entries(entry)
        .filter(([key]) => !SHOWN_ELSEWHERE.has(key))
        .map(([key, value]) => `${key}=${compactValue(value)}`);
  let text = [...parts, ...extras].join(' ');
  const error = entry.err as { message?: string; stack?: string } | undefined;
  if (error) text += `\n${error.stack ?? error.message ?? ''}`;
  return text;
}

/** A destination for pino that prints each entry with formatLogLine (pino writes one whole line per call). */
export function createReadableLogStream(target: { write(text: string): unknown } = process.stdout): { write(line: string): void } {
  return {
    write(line: string) {
      for (const part of line.split('\n')) if (part.trim() !== '') target.write(`${formatLogLine(part)}\n`);
    },
  };
}
