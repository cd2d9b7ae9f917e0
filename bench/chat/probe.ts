// A client that asks one URL again and again, in a worker thread of its own so the bench's own work (a
// flooder in the main thread) does not delay its clock: each answer's start, wait and status. Used by the
// socket flood bench (the health probe) and the HTTP flood bench (the people it measures).

import { Worker } from 'node:worker_threads';
import { withTimeout } from './servers';

const PROBE_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, headers, intervalMs, timeoutMs } = workerData;
let running = true;
parentPort.on('message', (message) => { if (message === 'stop') running = false; });
(async () => {
  while (running) {
    const started = performance.now();
    let status = 0;
    try {
      const response = await fetch(url, { headers, signal: AbortSignal.timeout(timeoutMs) });
      await response.arrayBuffer();
      status = response.status;
    } catch {}
    parentPort.postMessage({ at: performance.timeOrigin + started, ms: performance.now() - started, status });
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  parentPort.postMessage('stopped');
})();
`;

export interface ProbeSample {
  /** When the request started (ms since the epoch). */
  at: number;
  /** Its whole wait, the timeout at most. */
  ms: number;
  /** The answer's status; 0 when none came (refused, timed out). */
  status: number;
}

export function startProbe(options: { url: string; headers?: Record<string, string>; intervalMs: number; timeoutMs: number }) {
  const samples: ProbeSample[] = [];
  const worker = new Worker(PROBE_SOURCE, { eval: true, workerData: { headers: {}, ...options } });
  const stopped = new Promise<void>((resolve) => {
    worker.on('message', (message: ProbeSample | 'stopped') => {
      if (message === 'stopped') resolve();
      else samples.push(message);
    });
  });
  let isStopped = false;
  return {
    samples,
    async stop() {
      if (isStopped) return;
      isStopped = true;
      worker.postMessage('stop');
      await withTimeout(stopped, options.timeoutMs + 5000, 'probe stop').catch(() => undefined);
      await worker.terminate();
    },
  };
}

/** The probe's samples that started in [from, to). */
export const samplesBetween = (samples: readonly ProbeSample[], from: number, to: number) => samples.filter((sample) => sample.at >= from && sample.at < to);
