import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { startJobQueue, type JobQueue } from './job-queue';
import { waitUntil } from '../../test/processes';
import { timeLimit } from '../../test/time-limit';

// Two instances of the job queue on one PostgreSQL (decision 0018): a scheduled job runs once per
// period, not once per instance; and a job whose instance is killed in the middle of its run (a real
// process, SIGKILL) is taken over by the other instance once the run expires. PostgreSQL only: the
// embedded database is one process's. Runs in `npm test`'s PostgreSQL stage (TEST_DATABASE_URL).

const serverUrl = process.env.TEST_DATABASE_URL;
const API_DIR = fileURLToPath(new URL('../..', import.meta.url));
const WORKER = fileURLToPath(new URL('../../test/job-worker.ts', import.meta.url));
const quiet = { info: () => undefined, error: () => undefined };
const fast = { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1, drainSeconds: 2 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!serverUrl)('two job-queue instances on one PostgreSQL (skipped without TEST_DATABASE_URL: the embedded database is one process’s)', () => {
  const name = `marketplace_jobs_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  let url = '';
  const handles: DatabaseHandle[] = [];
  const queues: JobQueue[] = [];
  let child: ChildProcess | null = null;

  async function database() {
    const handle = await openDatabase({ kind: 'postgres', url, poolSize: 3 });
    handles.push(handle);
    return handle;
  }

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    const parsed = new URL(serverUrl!);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
  });

  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    for (const queue of queues) await queue.stop().catch(() => undefined);
    for (const handle of handles) await handle.close().catch(() => undefined);
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  });

  it('runs a scheduled job once per period, not once per instance', async () => {
    const runs: Array<{ instance: string; at: number }> = [];
    const start = (instance: string) =>
      database().then((handle) =>
        startJobQueue({
          executeSql: (text, values) => handle.executeSql(text, values),
          definitions: [
            {
              name: 'test-tick',
              everySeconds: 2,
              retryLimit: 0,
              retryDelaySeconds: 0,
              expireInSeconds: 30,
              run: async () => void runs.push({ instance, at: Date.now() }),
            },
          ],
          log: quiet,
          tuning: fast,
        }),
      );
    // One after the other: two instances creating pg-boss's tables at once take turns under its lock.
    const first = await start('a');
    queues.push(first);
    const second = await start('b');
    queues.push(second);
    // Both instances offer every slot; run until three slots' jobs have run (about 6 s on a quiet machine).
    await waitUntil(() => runs.length >= 3, 30, 'three slots of the tick to run');
    await Promise.all([first.stop(), second.stop()]);

    const [handle] = handles;
    const jobs = (await handle!.executeSql("select id, singleton_on, state, started_on from pgboss.job where name = 'test-tick' order by singleton_on"))
      .rows as Array<{ id: string; singleton_on: Date; state: string; started_on: Date | null }>;
    const slots = jobs.map((job) => new Date(job.singleton_on).getTime());
    // One job per 2-second slot, whatever the number of instances offering it.
    expect(new Set(slots).size).toBe(slots.length);
    expect(slots.length).toBeGreaterThanOrEqual(3);
    // Each ran once: as many runs as jobs taken by an instance, never two in the same slot. A job taken is
    // counted whether or not its completion was written before the queues stopped: on a busy machine the
    // last run can still be finishing then (its run is counted the moment it starts).
    const taken = jobs.filter((job) => job.started_on !== null).length;
    expect(runs).toHaveLength(taken);
    expect(taken).toBeGreaterThanOrEqual(slots.length - 1);
    // (Not when each ran by the clock: on a loaded machine a slot's run can start in the next slot.)
  });

  it('starts every instance that boots at the same moment on a database without the queue’s tables yet', async () => {
    // Each with its own pool, as separate servers are.
    const handles = await Promise.all(Array.from({ length: 4 }, () => database()));
    const booting = handles.map((handle) =>
      startJobQueue({
        executeSql: (text, values) => handle.executeSql(text, values),
        definitions: [],
        log: quiet,
        tuning: { ...fast, schema: 'pgboss_booting_together' },
      }),
    );
    const started = await Promise.all(booting);
    queues.push(...started);
    expect(started).toHaveLength(4);
    await Promise.all(started.map((queue) => queue.stop()));
  });

  it('hands a job whose instance was killed mid-run to the other instance', { timeout: timeLimit(60_000) }, async () => {
    const marker = `kill-${Date.now()}`;
    child = spawn(process.execPath, ['--import', 'tsx', WORKER], {
      cwd: API_DIR,
      env: { ...process.env, JOB_WORKER_DATABASE_URL: url, JOB_WORKER_MARKER: marker },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (chunk) => (output += String(chunk)));
    child.stderr!.on('data', (chunk) => (output += String(chunk)));
    const startedAt = Date.now();
    while (!output.includes(`started {"marker":"${marker}"}`)) {
      if (child.exitCode !== null || Date.now() - startedAt > 30_000) throw new Error(`the worker did not start its job:\n${output}`);
      await sleep(100);
    }
    const exited = new Promise((resolve) => child!.once('exit', (_code, signal) => resolve(signal)));
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');

    const [killedJob] = (await (await database()).executeSql("select id, state from pgboss.job where name = 'test-slow'")).rows as Array<{
      id: string;
      state: string;
    }>;
    // The dead instance's run is still marked active: nobody told the database.
    expect(killedJob?.state).toBe('active');

    const takenOver: unknown[] = [];
    const handle = await database();
    const survivor = await startJobQueue({
      executeSql: (text, values) => handle.executeSql(text, values),
      definitions: [{ name: 'test-slow', retryLimit: 2, retryDelaySeconds: 0, expireInSeconds: 2, run: async (data) => void takenOver.push(data) }],
      log: quiet,
      tuning: fast,
    });
    queues.push(survivor);
    const waitStarted = Date.now();
    while (takenOver.length === 0) {
      if (Date.now() - waitStarted > 20_000) throw new Error('the surviving instance never took the job over');
      await sleep(200);
    }
    expect(takenOver).toEqual([{ marker }]);
    // The run has returned; the queue marks the job completed right after.
    const stateOf = async () =>
      (
        (await handle.executeSql('select state, retry_count from pgboss.job where id = $1', [killedJob!.id])).rows as Array<{
          state: string;
          retry_count: number;
        }>
      )[0];
    await waitUntil(async () => (await stateOf())?.state !== 'active', 20, 'the taken-over job to be marked done');
    const after = await stateOf();
    // The same job, tried a second time after its first run expired, done once.
    expect(after).toEqual({ state: 'completed', retry_count: 1 });
    expect(takenOver).toHaveLength(1);
    await survivor.stop();
  });
});
