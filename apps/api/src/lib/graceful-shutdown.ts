import type { FastifyBaseLogger } from 'fastify';

export interface ShutdownSteps {
  /** Seconds open requests and sockets get to finish (SHUTDOWN_TIMEOUT_SECONDS). */
  timeoutSeconds: number;
  log: FastifyBaseLogger;
  /** Runs first, at once: readiness starts answering 503. */
  startDraining: () => void;
  /** Stops taking work and waits for what is open to finish (jobs, then the HTTP server and its sockets). */
  drain: () => Promise<unknown>;
  /** Cuts the connections still open when the time is up, so `drain` can finish. */
  cutOpenConnections: () => void;
  /** Closes what the drained server used (the database). */
  release: () => Promise<unknown>;
}

/** After the drain's time is up and the connections are cut, this long more before the process gives up. */
const GRACE_AFTER_CUT_MS = 5_000;

/**
 * SIGTERM and SIGINT: readiness flips to 503, open requests and sockets get `timeoutSeconds` to finish
 * (then are cut), the database and Redis close, and the process exits 0; 1 when a step failed or
 * hung past the grace period. A second signal changes nothing (a terminal's Ctrl-C reaches npm and
 * node alike, and npm passes its own on): the deadline bounds the wait either way.
 */
export function exitGracefullyOnSignals(steps: ShutdownSteps): void {
  let isShuttingDown = false;
  const shutDown = async (signal: NodeJS.Signals) => {
    if (isShuttingDown) return;
    isShuttingDown = true;
    steps.startDraining();
    const timeoutMs = steps.timeoutSeconds * 1000;
    steps.log.info(
      { signal, timeoutSeconds: steps.timeoutSeconds },
      `${signal} received: finishing open requests (at most ${steps.timeoutSeconds} s), then closing`,
    );
    const cut = setTimeout(() => {
      steps.log.warn(`open requests and sockets still open after ${steps.timeoutSeconds} s: closing them`);
      steps.cutOpenConnections();
    }, timeoutMs);
    const giveUp = setTimeout(() => {
      steps.log.error('shutdown did not finish in time: exiting');
      process.exit(1);
    }, timeoutMs + GRACE_AFTER_CUT_MS);
    giveUp.unref();
    let exitCode = 0;
    try {
      await steps.drain();
    } catch (error) {
      exitCode = 1;
      steps.log.error({ err: error }, 'shutdown: draining failed');
    } finally {
      clearTimeout(cut);
    }
    try {
      await steps.release();
    } catch (error) {
      exitCode = 1;
      steps.log.error({ err: error }, 'shutdown: closing the database failed');
    }
    steps.log.info({ exitCode }, 'shut down');
    process.exit(exitCode);
  };
  process.on('SIGTERM', (signal) => void shutDown(signal));
  process.on('SIGINT', (signal) => void shutDown(signal));
}
