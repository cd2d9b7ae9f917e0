import { openDatabase } from '../src/db/client';
import { startJobQueue } from '../src/jobs';

// One job-queue instance in a process of its own, for jobs/two-instances.test.ts: it sends one job to
// `test-slow`, takes it, says so on stdout and hangs in the handler until the test kills it (SIGKILL).
// Its queue settings are the ones the test's other instance uses: a run is taken for dead after 2 s.

const url = process.env.JOB_WORKER_DATABASE_URL;
if (!url) throw new Error('JOB_WORKER_DATABASE_URL is required');
const database = await openDatabase({ kind: 'postgres', url, poolSize: 3 });
const queue = await startJobQueue({
  executeSql: (text, values) => database.executeSql(text, values),
  definitions: [
    {
      name: 'test-slow',
      retryLimit: 2,
      retryDelaySeconds: 0,
      expireInSeconds: 2,
      async run(data) {
        console.log(`started ${JSON.stringify(data)}`);
        await new Promise(() => {});
      },
    },
  ],
  log: { info: () => undefined, error: (details, message) => console.error(message, details) },
  tuning: { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1 },
});
const id = await queue.send('test-slow', { marker: process.env.JOB_WORKER_MARKER ?? 'none' });
console.log(`sent ${id}`);
