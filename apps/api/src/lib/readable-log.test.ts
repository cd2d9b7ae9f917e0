import { describe, expect, it } from 'vitest';
import { createReadableLogStream, formatLogLine } from './readable-log';

const at = Date.UTC(2030, 0, 2, 3, 4, 5);

describe('the readable log format', () => {
  it('prints the message of an entry, and its level when it is not info', () => {
    expect(formatLogLine(JSON.stringify({ level: 30, time: at, msg: 'Seeded the demo marketplace.', pid: 1, hostname: 'h' }))).toMatch(
      /^\d\d:\d\d:\d\d Seeded the demo marketplace\.$/,
    );
    expect(formatLogLine(JSON.stringify({ level: 40, time: at, msg: 'careful', count: 2 }))).toMatch(/ WARN careful count=2$/);
  });

  it('keeps the line breaks of a message of several lines (the startup banner), without its fields', () => {
    const line = formatLogLine(
      JSON.stringify({ level: 30, time: at, msg: 'Demo logins (password: x):\n  admin   admin@example.com', demoLogins: ['admin@example.com'] }),
    );
    expect(line.split('\n')).toEqual([expect.stringMatching(/ Demo logins \(password: x\):$/), '  admin   admin@example.com']);
  });

  it('shows a request as its id, method, address, status and time, and an error with its stack', () => {
    expect(formatLogLine(JSON.stringify({ level: 30, time: at, reqId: 'req-1', req: { method: 'GET', url: '/api/health' }, msg: 'incoming request' }))).toMatch(
      / req-1 GET \/api\/health$/,
    );
    expect(
      formatLogLine(JSON.stringify({ level: 30, time: at, reqId: 'req-1', res: { statusCode: 200 }, responseTime: 3.4, msg: 'request completed' })),
    ).toMatch(/ req-1 200 3 ms$/);
    expect(formatLogLine(JSON.stringify({ level: 50, time: at, msg: 'failed', err: { message: 'boom', stack: 'Error: boom\n    at x' } }))).toMatch(
      / ERROR failed\nError: boom\n {4}at x$/,
    );
  });

  it('passes on what is not JSON as it came, through the stream', () => {
    const written: string[] = [];
    const stream = createReadableLogStream({ write: (text: string) => written.push(text) });
    stream.write('plain text\n');
    stream.write(`${JSON.stringify({ level: 30, time: at, msg: 'hello' })}\n`);
    expect(written[0]).toBe('plain text\n');
    expect(written[1]).toMatch(/ hello\n$/);
  });
});
