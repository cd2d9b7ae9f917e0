import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

// Boots API instances as child processes (the production build, node apps/api/dist/server.js, or the source through tsx) and cleans
// everything up again: the processes, their temp data directories and the throwaway database.

export const REPOSITORY_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const API_DIRECTORY = path.join(REPOSITORY_ROOT, 'apps/api');

/** Which server a benchmark boots: the production build or the TypeScript source. */
export type ApiServerKind = 'built' | 'source';

export interface ApiInstance {
  name: string;
  url: string;
  child: ChildProcess;
  /** The last lines the process wrote (shown when it fails). */
  output: string[];
}

export interface Cleanup {
  add(label: string, step: () => Promise<void> | void): void;
  run(): Promise<void>;
}

/** Cleanup steps run in reverse order, each at most once, each failure logged and skipped. */
export function createCleanup(): Cleanup {
  const steps: Array<{ label: string; step: () => Promise<void> | void }> = [];
  return {
    add(label, step) {
      steps.push({ label, step });
    },
    async run() {
      while (steps.length > 0) {
        const { label, step } = steps.pop()!;
        try {
          await withTimeout(Promise.resolve(step()), 15_000, `cleanup: ${label}`);
        } catch (error) {
          console.error(`  cleanup step "${label}" failed: ${(error as Error).message}`);
        }
      }
    },
  };
}

export function withTimeout<T>(promise: Promise<T>, ms: number, label: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${label} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export const JWT_SECRET = randomBytes(48).toString('base64url');

export function makeTempDirectory(cleanup: Cleanup, label: string): string {
  const directory = mkdtempSync(path.join(tmpdir(), `bench-chat-${label}-`));
  cleanup.add(`remove ${directory}`, () => rmSync(directory, { recursive: true, force: true }));
  return directory;
}

/** Starts one API instance and waits until GET /api/health answers 200. */
export async function startApi(options: {
  name: string;
  cleanup: Cleanup;
  env: Record<string, string>;
  bootTimeoutMs?: number;
  /** `built`: the production build (`npm run build` first: dist/server.js under node); `source`: src/server.ts through tsx. */
  server?: ApiServerKind;
  /** Another copy of apps/api to boot (default: this checkout's). */
  apiDirectory?: string;
  /** Variables of this shell the server must not see (e.g. DATABASE_URL, for the embedded database whatever is set). */
  withoutEnv?: readonly string[];
}): Promise<ApiInstance> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = options.server ?? 'built';
  const apiDirectory = options.apiDirectory ?? API_DIRECTORY;
  if (server === 'built' && !existsSync(path.join(apiDirectory, 'dist/server.js'))) {
    throw new Error('No production build of the API: run `npm run build` first (or pass --server source)');
  }
  // The V8 flags `npm run serve` gives the server (package.json): a larger young generation.
  const entry = server === 'built' ? ['--enable-source-maps', 'dist/server.js'] : ['--import', 'tsx', 'src/server.ts'];
  const inherited = { ...process.env };
  for (const name of options.withoutEnv ?? []) delete inherited[name];
  const child = spawn(process.execPath, ['--max-semi-space-size=64', ...entry], {
    cwd: apiDirectory,
    env: {
      ...inherited,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      JWT_SECRET,
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      // Background jobs (tracking refresh at boot and on schedule) would load the machine mid-run.
      JOBS_ENABLED: 'false',
      // A bench measures the server, not the request limiter: it sends thousands of requests a second and signs
      // up hundreds of users from one address (docs/product/limits-abuse.md). RATE_LIMITS=on measures with it.
      RATE_LIMITS: process.env.RATE_LIMITS ?? 'off',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const instance: ApiInstance = { name: options.name, url, child, output: [] };
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line.trim()) continue;
      instance.output.push(line);
      if (instance.output.length > 40) instance.output.shift();
    }
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  options.cleanup.add(`stop ${options.name}`, () => stopApi(instance));

  const exited = new Promise<never>((_, reject) => {
    child.once('exit', (code, signal) =>
      reject(new Error(`${options.name} exited during boot (code ${code}, signal ${signal}):\n${instance.output.join('\n')}`)),
    );
  });
  const healthy = (async () => {
    for (;;) {
      try {
        const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
        if (response.ok) return;
      } catch {
        // not listening yet
      }
      await sleep(250);
    }
  })();
  await withTimeout(Promise.race([healthy, exited]), options.bootTimeoutMs ?? 120_000, `${options.name} boot`);
  exited.catch(() => undefined);
  return instance;
}

/** SIGTERM (the server closes sockets, HTTP and the database), SIGKILL after 10 s. */
export async function stopApi(instance: ApiInstance): Promise<void> {
  const { child } = instance;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** Kills children synchronously (for process 'exit' when the bench dies unexpectedly). */
export function killNow(instances: ApiInstance[]): void {
  for (const { child } of instances) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}

/** Creates a throwaway database next to `adminUrl`'s and registers its DROP with the cleanup. */
export async function createThrowawayDatabase(adminUrl: string, cleanup: Cleanup): Promise<string> {
  const name = `bench_chat_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 10_000 });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  cleanup.add(`drop database ${name}`, async () => {
    const dropper = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 10_000 });
    await dropper.connect();
    try {
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await dropper.end();
    }
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
