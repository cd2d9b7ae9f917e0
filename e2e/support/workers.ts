/**
 * How many journeys run side by side, each worker on its own server and database (global-setup.ts). Two
 * suits the two-core machine this project is planned for: a journey spends much of its time waiting on the
 * page, so two keep both cores busy. E2E_WORKERS=1 runs them one at a time.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS) || 2);
