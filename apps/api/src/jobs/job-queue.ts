import PgBoss from 'pg-boss';

// The job queue itself (decision 0018): pg-boss 10 on the application's own database, PostgreSQL or the
// embedded PGlite, through DatabaseHandle.executeSql. It knows nothing of the marketplace: it takes job
// definitions (job-definitions.ts) and runs them, each scheduled one once per period across every
// instance that shares the database.
//
// How "once across the cluster" holds:
// - A scheduled job is sent by every instance a few times per period, as a throttled job: pg-boss keeps
//   one job per queue and time slot (a unique index on the slot), so only the first send of a slot counts.
// - Its queue is 'stately': at most one job waiting and one running, so a slow run never overlaps the next.
// - A worker takes a job with FOR UPDATE SKIP LOCKED: one instance gets it.
// - A run that throws is retried (retryLimit, retryDelaySeconds). A run whose instance died stays
//   active until expireInSeconds; then the maintenance of any live instance marks it failed-by-timeout
//   and it is retried on whichever instance polls first.

/** Where the queue writes what it did (pino's logger fits). */
export interface JobLog {
  /** Rounds that found nothing to do; optional. */
  debug?(details: object, message: string): void;
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface JobDefinition {
  /** The queue's name: lowercase words and hyphens, e.g. `shipments-refresh-tracking`. */
  name: string;
  /** Runs every this many seconds, once across all instances. Absent: runs only when sent. */
  everySeconds?: number;
  /** Further tries after a run throws (or its instance dies). */
  retryLimit: number;
  retryDelaySeconds: number;
  /** A run still going after this long is taken for dead (its instance stopped) and tried again elsewhere. */
  expireInSeconds: number;
  /** The work; what it answers is logged with the run. Throwing fails the run (and retries it). */
  run(data: unknown): Promise<Record<string, number> | void>;
}

export interface JobQueueStats {
  queue: string;
  /** Waiting to run, including runs waiting for a retry. */
  queued: number;
  active: number;
  /** Runs that failed for good (retries used up) and are still kept (pg-boss archives them after a while). */
  failed: number;
}

export interface JobQueue {
  /** Puts one job on a defined queue; answers its id, or null when a throttled or stately queue refused it. */
  send(name: string, data?: object): Promise<string | null>;
  /** Per defined queue, what waits, runs and failed. */
  stats(): Promise<JobQueueStats[]>;
  /** Stops scheduling and taking jobs, waits for the runs in progress (up to `drainSeconds`), then returns. */
  stop(): Promise<void>;
}

export interface JobQueueTuning {
  /** How often an idle worker asks for a job (pg-boss polls; 0.5 s at least). */
  pollingIntervalSeconds: number;
  /** How often expired runs are looked for and old jobs archived (once per interval across instances). */
  maintenanceIntervalSeconds: number;
  /** How long stop() waits for runs in progress. */
  drainSeconds: number;
  /** The PostgreSQL schema pg-boss keeps its tables in. */
  schema: string;
}

export const DEFAULT_TUNING: JobQueueTuning = { pollingIntervalSeconds: 5, maintenanceIntervalSeconds: 60, drainSeconds: 8, schema: 'pgboss' };

/**
 * Instances starting at the same moment create the same queues at once, and PostgreSQL may pick one
 * of them as a deadlock victim; creating a queue is idempotent, so that one tries again.
 */
async function retriedOnDeadlock(work: () => Promise<void>, attempts = 5): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await work();
      return;
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if ((code !== '40P01' && code !== '23505') || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200 * attempt));
    }
  }
}

/**
 * Two instances booting on a fresh database create pg-boss's schema at once, and the loser's CREATE
 * SCHEMA IF NOT EXISTS fails on the catalogue's unique index (or as a deadlock victim). A pg-boss whose
 * start failed will not start again, so a new one tries, once the other has made the schema.
 */
async function startedBoss(make: () => PgBoss, attempts = 5): Promise<PgBoss> {
  for (let attempt = 1; ; attempt += 1) {
    const boss = make();
    try {
      await boss.start();
      return boss;
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if ((code !== '40P01' && code !== '23505') || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200 * attempt));
    }
  }
}

/** How often each instance offers a scheduled job for the current slot: a few times per period. */
export const scheduleTickMs = (everySeconds: number) => Math.min(Math.max((everySeconds * 1000) / 4, 250), 60_000);

export async function startJobQueue(options: {
  executeSql: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;
  definitions: readonly JobDefinition[];
  log: JobLog;
  tuning?: Partial<JobQueueTuning>;
}): Promise<JobQueue> {
  const tuning = { ...DEFAULT_TUNING, ...options.tuning };
  const { log, definitions } = options;
  const names = new Set<string>();
  for (const definition of definitions) {
    if (names.has(definition.name)) throw new Error(`Two job definitions are named ${definition.name}`);
    names.add(definition.name);
  }
  const longestPeriod = Math.max(0, ...definitions.map((definition) => definition.everySeconds ?? 0));
  const makeBoss = () => {
    const made = new PgBoss({
      db: { executeSql: (text: string, values: unknown[]) => options.executeSql(text, values) },
      schema: tuning.schema,
      // Our own throttled sends replace pg-boss's cron, whose smallest step is a minute.
      schedule: false,
      supervise: true,
      migrate: true,
      maintenanceIntervalSeconds: tuning.maintenanceIntervalSeconds,
      // pg-boss refuses a throttle slot longer than the time completed jobs are kept (12 hours by default).
      archiveCompletedAfterSeconds: Math.max(12 * 60 * 60, longestPeriod),
    });
    // An unhandled 'error' event would end the process: pg-boss reports its own troubles (a lost
    // connection during polling, a failed maintenance) here and carries on.
    made.on('error', (error) => log.error({ err: error }, 'job queue error'));
    return made;
  };
  const boss = await startedBoss(makeBoss);

  for (const definition of definitions) {
    const settings = {
      // Scheduled work never piles up or overlaps; sent work (e-mail, later) queues as it comes.
      policy: definition.everySeconds ? 'stately' : 'standard',
      retryLimit: definition.retryLimit,
      retryDelay: definition.retryDelaySeconds,
      expireInSeconds: definition.expireInSeconds,
    } as const;
    await retriedOnDeadlock(async () => {
      await boss.createQueue(definition.name, { name: definition.name, ...settings });
      // An existing queue takes this release's settings.
      await boss.updateQueue(definition.name, { name: definition.name, ...settings });
    });
  }

  for (const definition of definitions) {
    await boss.work(definition.name, { pollingIntervalSeconds: tuning.pollingIntervalSeconds, batchSize: 1 }, async ([job]) => {
      if (!job) return;
      const started = Date.now();
      try {
        const outcome = await definition.run(job.data);
        const details = { job: definition.name, jobId: job.id, ms: Date.now() - started, ...(outcome ?? {}) };
        // A round that found nothing to do is not news: kept at debug, so the log shows work done.
        if (outcome && Object.values(outcome).every((count) => count === 0)) log.debug?.(details, 'job finished');
        else log.info(details, 'job finished');
      } catch (error) {
        log.error({ err: error, job: definition.name, jobId: job.id, ms: Date.now() - started }, 'job failed');
        throw error;
      }
    });
  }

  const timers: NodeJS.Timeout[] = [];
  let isStopping = false;
  for (const definition of definitions) {
    const everySeconds = definition.everySeconds;
    if (!everySeconds) continue;
    const offer = () => {
      if (isStopping) return;
      boss
        .send(definition.name, {}, { singletonKey: definition.name, singletonSeconds: everySeconds })
        .catch((error: unknown) => log.error({ err: error, job: definition.name }, 'job schedule failed'));
    };
    offer();
    const timer = setInterval(offer, scheduleTickMs(everySeconds));
    timer.unref();
    timers.push(timer);
  }

  let stopping: Promise<void> | null = null;
  return {
    async send(name, data = {}) {
      if (!names.has(name)) throw new Error(`No job is defined as ${name}`);
      return boss.send(name, data);
    },

    async stats() {
      const { rows } = await options.executeSql(
        `select name, state, count(*)::int as size from ${tuning.schema}.job where name = any($1::text[]) group by name, state`,
        [[...names]],
      );
      const counts = new Map<string, JobQueueStats>([...names].map((queue) => [queue, { queue, queued: 0, active: 0, failed: 0 }]));
      for (const row of rows as Array<{ name: string; state: string; size: number }>) {
        const entry = counts.get(row.name);
        if (!entry) continue;
        if (row.state === 'created' || row.state === 'retry') entry.queued += Number(row.size);
        else if (row.state === 'active') entry.active += Number(row.size);
        else if (row.state === 'failed') entry.failed += Number(row.size);
      }
      return [...counts.values()];
    },

    stop() {
      stopping ??= (async () => {
        isStopping = true;
        for (const timer of timers) clearInterval(timer);
        // Graceful: no new jobs are taken, runs in progress finish (or, past the wait, are failed and retried later).
        await boss.stop({ graceful: true, wait: true, timeout: tuning.drainSeconds * 1000 });
      })();
      return stopping;
    },
  };
}
