import type { Config } from '../config';
import type { DatabaseHandle } from '../db/client';
import { defineJobs, type JobServices } from './job-definitions';
import { startJobQueue, type JobLog, type JobQueue, type JobQueueTuning } from './job-queue';

/** The queue when JOBS_ENABLED=false: nothing runs here (another deployment's instances may run the jobs). */
const NO_JOBS: JobQueue = {
  send: async () => null,
  stats: async () => [],
  stop: async () => undefined,
};

/**
 * Starts the marketplace's jobs on the application's database (server.ts, after the app is built).
 * Every instance runs this: each scheduled job still runs once per period across all of them.
 */
export async function startJobs(options: {
  config: Pick<Config, 'jobs'>;
  database: Pick<DatabaseHandle, 'executeSql'>;
  services: JobServices;
  log: JobLog;
  tuning?: Partial<JobQueueTuning>;
}): Promise<JobQueue> {
  if (!options.config.jobs.enabled) return NO_JOBS;
  return startJobQueue({
    executeSql: (text, values) => options.database.executeSql(text, values),
    definitions: defineJobs(options.services, options.config),
    log: options.log,
    ...(options.tuning ? { tuning: options.tuning } : {}),
  });
}
