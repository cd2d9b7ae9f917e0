import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect as connectTcp, type Socket as TcpSocket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { io as connectSocket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, isGroupAlive, waitUntil, withinSeconds } from '../test/processes';
import { timeLimit } from '../test/time-limit';

// The built server as production runs it: built once by the suite (test/global-setup.ts), then `npm run serve`
// (exec node dist/server.js) in its own process group. SIGTERM drains and exits 0 leaving nothing
// behind; boot failures (Redis unreachable, bad settings) exit 1 within seconds with a plain message.

const REPOSITORY_ROOT = path.resolve(import.meta.dirname, '../../..');
const SECRET = 'server-process-secret-that-is-long-enough';
const dataDirectories: string[] = [];

/** Whether something answers TCP at host:port within a second. */
function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connectTcp({ host: '127.0.0.1', port });
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.setTimeout(1000, () => done(false));
  });
}

interface Served {
  child: ChildProcess;
  port: number;
  stdout: string[];
  stderr: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** `npm run serve` in a process group of its own, on a fresh embedded database, in production mode. */
async function serve(environment: Record<string, string> = {}, dataDirectory = mkdtempSync(path.join(tmpdir(), 'marketplace-serve-'))): Promise<Served> {
  const port = await freePort();
  dataDirectories.push(dataDirectory);
  const child = spawn('npm', ['run', '--silent', 'serve'], {
    cwd: REPOSITORY_ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      ALLOW_EMBEDDED_DATABASE: 'true',
      DATABASE_URL: '',
      REDIS_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDirectory,
      JWT_SECRET: SECRET,
      SEED_DEMO_DATA: 'false',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SHUTDOWN_TIMEOUT_SECONDS: '5',
      LOG_LEVEL: 'info',
      ...environment,
    },
  });
  const stdout: string[] = [];
  const stderr: string[] = [];
  child.stdout?.on('data', (chunk) => stdout.push(String(chunk)));
  child.stderr?.on('data', (chunk) => stderr.push(String(chunk)));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('close', (code, signal) => resolve({ code, signal })),
  );
  return { child, port, stdout, stderr, exited };
}

async function waitUntilReady(served: Served): Promise<Response> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (served.child.exitCode !== null) throw new Error(`The server exited (${served.child.exitCode}):\n${served.stderr.join('')}${served.stdout.join('')}`);
    try {
      const response = await fetch(`http://127.0.0.1:${served.port}/api/health/ready`);
      if (response.ok) return response;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`Not ready in time:\n${served.stderr.join('')}${served.stdout.join('')}`);
}

/**
 * A login whose body is only half sent: a request the server is in the middle of. It asks for
 * `100 Continue`, which Node's server answers once it has read the headers: `received` resolves then,
 * the proof that the server holds the request (not a pause that hopes so). `answer` is what follows.
 */
function startSlowRequest(port: number): { socket: TcpSocket; finish: () => void; answer: Promise<string>; received: Promise<void> } {
  const body = JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password' });
  const socket = connectTcp({ host: '127.0.0.1', port });
  socket.write(
    `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nExpect: 100-continue\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
  );
  const CONTINUE = 'HTTP/1.1 100 Continue\r\n\r\n';
  let text = '';
  let heldByServer: () => void = () => {};
  const received = new Promise<void>((resolve) => (heldByServer = resolve));
  const answer = new Promise<string>((resolve) => {
    socket.on('data', (chunk) => {
      text += String(chunk);
      if (text.startsWith(CONTINUE)) heldByServer();
    });
    socket.on('close', () => resolve(text.startsWith(CONTINUE) ? text.slice(CONTINUE.length) : text));
    socket.on('error', () => resolve(text));
  });
  return { socket, finish: () => socket.write(body.slice(10)), answer, received };
}

afterAll(() => {
  for (const directory of dataDirectories) rmSync(directory, { recursive: true, force: true });
});

describe('npm run serve and SIGTERM', () => {
  // The second boot reuses the first one's migrated database, to be quicker.
  const dataDirectory = mkdtempSync(path.join(tmpdir(), 'marketplace-serve-'));

  it('drains an open request and socket, exits 0, and leaves no process and no port behind', { timeout: timeLimit(90_000) }, async () => {
    const served = await serve({}, dataDirectory);
    const groupId = served.child.pid!;
    try {
      const ready = await waitUntilReady(served);
      expect(await ready.json()).toEqual({ status: 'ready', checks: { database: 'up' } });
      expect((await fetch(`http://127.0.0.1:${served.port}/api/health/live`)).status).toBe(200);

      // A signed-in chat socket, and a request half received.
      const signup = await fetch(`http://127.0.0.1:${served.port}/api/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'drain@example.com', password: 'drain-password-1', firstName: 'Dee', lastName: 'Rain', role: 'buyer' }),
      });
      expect(signup.status).toBe(201);
      const { token } = (await signup.json()) as { token: string };
      const chat = connectSocket(`http://127.0.0.1:${served.port}`, { transports: ['websocket'], auth: { token }, reconnection: false, forceNew: true });
      await withinSeconds(new Promise((resolve, reject) => chat.once('connect', () => resolve(undefined)).once('connect_error', reject)), 10, 'socket connect');
      const chatClosed = new Promise<string>((resolve) => chat.once('disconnect', (reason) => resolve(reason)));
      const slow = startSlowRequest(served.port);
      await withinSeconds(slow.received, 10, 'the server to read the half-sent request');

      // What a terminal's Ctrl-C or an orchestrator does: the signal to the whole group (npm and node).
      process.kill(-groupId, 'SIGTERM');
      // The server stops taking connections but still finishes the request it was reading.
      await waitUntil(async () => !(await isListening(served.port)), 15, 'the server to stop listening');
      slow.finish();
      const answer = await withinSeconds(slow.answer, 10, 'the open request');
      expect(answer).toMatch(/^HTTP\/1\.1 401 /);
      // Closed as a lost connection, which the client retries (elsewhere), not as a server's "go away".
      expect(await withinSeconds(chatClosed, 10, 'the socket')).toBe('transport close');

      expect(await withinSeconds(served.exited, 15, 'exit')).toEqual({ code: 0, signal: null });
      expect(isGroupAlive(groupId)).toBe(false);
      expect(await isListening(served.port)).toBe(false);

      // Production logs are JSON lines only, the startup banner and the shutdown among them.
      const entries = served.stdout
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { msg: string; level: number; url?: string });
      expect(entries.find((entry) => entry.msg.startsWith('Marketplace is running at'))?.url).toBe(`http://127.0.0.1:${served.port}`);
      expect(entries.some((entry) => entry.msg.startsWith('SIGTERM received'))).toBe(true);
      expect(entries.at(-1)?.msg).toBe('shut down');
      expect(served.stderr.join('')).toBe('');
    } finally {
      if (isGroupAlive(groupId)) process.kill(-groupId, 'SIGKILL');
    }
  });

  it('passes a SIGTERM sent to npm alone on to the server, and exits with its status', { timeout: timeLimit(90_000) }, async () => {
    const served = await serve({}, dataDirectory);
    const groupId = served.child.pid!;
    try {
      await waitUntilReady(served);
      served.child.kill('SIGTERM');
      expect(await withinSeconds(served.exited, 15, 'exit')).toEqual({ code: 0, signal: null });
      // npm has exited after the server: nothing of the group is left to answer.
      await waitUntil(() => !isGroupAlive(groupId), 15, 'the process group to end');
      expect(await isListening(served.port)).toBe(false);
    } finally {
      if (isGroupAlive(groupId)) process.kill(-groupId, 'SIGKILL');
    }
  });
});

describe('boot failures', () => {
  async function failedBoot(environment: Record<string, string>) {
    const served = await serve(environment);
    const groupId = served.child.pid!;
    try {
      const exit = await withinSeconds(served.exited, 30, 'exit');
      return { ...exit, stderr: served.stderr.join(''), stdout: served.stdout.join('') };
    } finally {
      if (isGroupAlive(groupId)) process.kill(-groupId, 'SIGKILL');
    }
  }

  it('exits 1 within seconds, naming Redis, when Redis does not answer', { timeout: timeLimit(60_000) }, async () => {
    const unusedPort = await freePort();
    const result = await failedBoot({ REDIS_URL: `redis://127.0.0.1:${unusedPort}` });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`Cannot start: Redis at redis://127.0.0.1:${unusedPort} did not answer within 5 s`);
    expect(result.stderr).not.toMatch(/^\s+at /m);
    // Checked before the database opens (said in seconds, not after the migrations): the embedded database's
    // folder was never made. Read from what the server did, not from a wall clock a busy machine stretches.
    expect(existsSync(path.join(dataDirectories.at(-1)!, 'pglite'))).toBe(false);
  });

  it('prints one line per bad setting and exits 1 without a stack trace', { timeout: timeLimit(60_000) }, async () => {
    const result = await failedBoot({ PORT: '30o0', REDIS_URL: 'not-a-url' });
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      'Cannot start: invalid configuration',
      '  PORT: expected a number (got "30o0")',
      '  REDIS_URL: REDIS_URL must be a redis:// or rediss:// URL (got "not-a-url")',
    ]);
  });

  it('refuses the embedded database in production unless ALLOW_EMBEDDED_DATABASE=true', { timeout: timeLimit(60_000) }, async () => {
    const result = await failedBoot({ ALLOW_EMBEDDED_DATABASE: '' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('DATABASE_URL must be set in production');
  });
});
