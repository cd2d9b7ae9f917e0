import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { E2E_WORKERS } from './workers';

const root = fileURLToPath(new URL('../..', import.meta.url));

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per test worker: worker n (VITEST_POOL_ID) drives baseUrls[n - 1]. */
    baseUrls: string[];
    /** What each server printed (warnings and errors), file by file in the order of baseUrls: a failing journey quotes its tail. */
    serverLogs: string[];
  }
}

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Resolves once the server answers ready; fails as soon as it exits, with what it printed. */
function waitForReady(url: string, child: ChildProcess, output: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      reject(error);
    };
    const deadline = setTimeout(() => fail(new Error(`The server did not become healthy in time:\n${output.join('')}`)), 150_000);
    child.once('exit', (code) => fail(new Error(`The server exited (${code}) before it was ready:\n${output.join('')}`)));
    // The server prints its address when it listens; until then there is nothing to ask.
    const poll = async () => {
      while (!settled) {
        try {
          const response = await fetch(`${url}/api/health/ready`);
          if (response.ok) {
            settled = true;
            clearTimeout(deadline);
            resolve();
            return;
          }
        } catch {
          // not listening yet
        }
        await new Promise((next) => setTimeout(next, 100));
      }
    };
    void poll();
  });
}

interface RunningServer {
  baseUrl: string;
  logFile: string;
  stop(): Promise<void>;
}

/**
 * Boots the real app as `npm start` would (the built server under node, as `npm run serve` runs it), on a
 * fresh embedded database seeded with the demo marketplace, on a free port.
 */
async function startServer(): Promise<RunningServer> {
  const dataDirectory = mkdtempSync(path.join(tmpdir(), 'marketplace-e2e-'));
  // Its own directory: journeys read it while they run, and it goes with the data when the server stops.
  const logFile = path.join(mkdtempSync(path.join(tmpdir(), 'marketplace-e2e-log-')), 'server.log');
  writeFileSync(logFile, '');
  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const output: string[] = [];
  const child = spawn(process.execPath, ['--enable-source-maps', 'apps/api/dist/server.js'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      // Links the app hands out (the phone upload QR code) must point at this server.
      PUBLIC_URL: baseUrl,
      HOST: '127.0.0.1',
      DATA_DIR: dataDirectory,
      DATABASE_URL: '',
      JWT_SECRET: 'e2e-secret-that-is-long-enough-for-hs256-signing',
      LOG_LEVEL: 'warn',
      // The public pages are drawn in a thread of their own, as in production (decision 0040), at the usual
      // priority: `npm test` runs its computing steps at nice 10, and a drawing thread there too would share
      // the cores with them rather than come first.
      RENDER_THREADS: '1',
      RENDER_THREAD_NICE: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: unknown) => {
    output.push(String(chunk));
    appendFileSync(logFile, String(chunk));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => {
        const timer = setTimeout(() => {
          child.kill('SIGKILL');
          resolve(undefined);
        }, 5000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve(undefined);
        });
      });
    }
    rmSync(dataDirectory, { recursive: true, force: true });
    rmSync(path.dirname(logFile), { recursive: true, force: true });
  };
  try {
    await waitForReady(baseUrl, child, output);
  } catch (error) {
    await stop();
    throw error;
  }
  await warmUp(baseUrl);
  return { baseUrl, logFile, stop };
}

/**
 * Asks once for each kind of server-rendered page (home, catalogue, a product, a shop), as a visitor would
 * before any journey: the first render of each loads that page's code on the server, and a journey that
 * reads a page without JavaScript must not be the one that pays for it (past the render's time limit the
 * server sends the plain page).
 */
async function warmUp(baseUrl: string): Promise<void> {
  const { items } = (await (await fetch(`${baseUrl}/api/products?limit=1`)).json()) as { items: Array<{ id: string; seller: { id: string } }> };
  const product = items[0];
  const paths = ['/', '/products', ...(product ? [`/products/${product.id}`, `/shop/${product.seller.id}`] : [])];
  for (const pathname of paths) await (await fetch(`${baseUrl}${pathname}`)).text();
}

/**
 * One server per test worker (e2e/support/workers.ts), each on its own database, so journeys run side by
 * side and never see each other's orders, carts or messages. The web app and the API must be built (npm
 * test builds them first).
 */
export default async function setup(project: TestProject) {
  if (!existsSync(path.join(root, 'apps/web/dist/index.html')) || !existsSync(path.join(root, 'apps/api/dist/server.js'))) {
    throw new Error('Build the web app and the API first: npm run build');
  }
  const started = await Promise.allSettled(Array.from({ length: E2E_WORKERS }, () => startServer()));
  const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failure = started.find((result) => result.status === 'rejected');
  if (failure) {
    await Promise.all(servers.map((server) => server.stop()));
    throw failure.reason;
  }
  project.provide(
    'baseUrls',
    servers.map((server) => server.baseUrl),
  );
  project.provide(
    'serverLogs',
    servers.map((server) => server.logFile),
  );
  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
  };
}
