import { createServer } from 'node:net';
import pg from 'pg';

// Helpers for the tests that run the server (or a command) as its own process: a free port, whether a
// process group is still alive, a bounded wait, and an empty throw-away database on a PostgreSQL server.

/** A TCP port nothing listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Whether any process is left in the group. */
export function isGroupAlive(groupId: number): boolean {
  try {
    process.kill(-groupId, 0);
    return true;
  } catch {
    return false;
  }
}

/** The promise's value, or a failure naming `what` after `seconds`. */
export function withinSeconds<T>(promise: Promise<T>, seconds: number, what: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what}: no answer within ${seconds} s`)), seconds * 1000)),
  ]);
}

/**
 * Resolves once `condition` holds, asking every `everyMs`; fails naming `what` after `seconds`. The
 * wait a sleep stood for: it ends as soon as the thing happened, and a busy machine only makes it longer.
 */
export async function waitUntil(condition: () => boolean | Promise<boolean>, seconds: number, what: string, everyMs = 50): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${seconds} s`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** A new, empty database on the server at `serverUrl` (not migrated: the code under test does that), and how to drop it. */
export async function createEmptyDatabase(serverUrl: string, prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
    },
  };
}
