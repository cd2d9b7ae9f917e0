// The job queue's public surface (decision 0018): server.ts starts it, app.ts hands it the services,
// /metrics may read stats(). Add a job in job-definitions.ts.

export { JOB_NAMES, defineJobs, type JobName, type JobServices } from './job-definitions';
export { startJobQueue, type JobDefinition, type JobLog, type JobQueue, type JobQueueStats, type JobQueueTuning } from './job-queue';
export { startJobs } from './start-jobs';
