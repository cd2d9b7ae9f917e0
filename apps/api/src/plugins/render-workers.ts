import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { RenderedParts } from './index-page';

/**
 * Pages drawn in worker threads (decision 0040): React's drawing of a page is one synchronous stretch of
 * JavaScript (≈ 10–80 ms), and on the server's main thread every other request waits behind it. A worker
 * loads the same module (apps/web/dist-ssr/entry-server.js) and draws there; what the page shows it still
 * asks of the main thread's routes, in-process (`fetchFromApp`), so there is one data layer, one cache and
 * one set of rules. A worker that dies takes only its own renders with it (they get the plain page); the
 * next render starts a new one.
 */
export type RenderedPage = RenderedParts & { status: 200 | 404 };

export interface RenderWorkers {
  render(options: { url: string; origin: string; nonce: string }): Promise<RenderedPage | null>;
  close(): Promise<void>;
}

/**
 * The worker's code, run as a script (`eval`): nothing to build or copy beside the bundle. It imports the
 * render module and answers `render` messages; its `fetch` asks the main thread.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
try {
  // On Linux a thread has a priority of its own (0: the calling thread): drawing yields to answering requests.
  require('node:os').setPriority(0, workerData.nice);
} catch {}
const asked = new Map();
let nextFetch = 0;
async function fetchFromMain(input, init) {
  const request = input instanceof Request ? input : new Request(input, init);
  const body = request.method === 'GET' || request.method === 'HEAD' ? null : await request.arrayBuffer();
  return new Promise((resolve, reject) => {
    const id = nextFetch++;
    asked.set(id, { resolve, reject });
    parentPort.postMessage({ type: 'fetch', id, method: request.method, url: request.url, headers: [...request.headers], body });
  });
}
const entry = import(workerData.entryUrl);
parentPort.on('message', (message) => {
  if (message.type === 'fetched') {
    const pending = asked.get(message.id);
    asked.delete(message.id);
    if (message.error) pending.reject(new Error(message.error));
    else pending.resolve(new Response(message.body, { status: message.status, headers: message.headers }));
  } else if (message.type === 'render') {
    entry
      .then((module) => module.renderPage({ url: message.url, origin: message.origin, nonce: message.nonce, fetch: fetchFromMain }))
      .then(
        (page) => parentPort.postMessage({ type: 'rendered', id: message.id, page: page ?? null }),
        (error) => parentPort.postMessage({ type: 'failed', id: message.id, error: String((error && error.stack) || error) }),
      );
  }
});
`;

type WorkerMessage =
  | { type: 'fetch'; id: number; method: string; url: string; headers: Array<[string, string]>; body: ArrayBuffer | null }
  | { type: 'rendered'; id: number; page: RenderedPage | null }
  | { type: 'failed'; id: number; error: string };

interface Thread {
  worker: Worker;
  pending: Map<number, { resolve: (page: RenderedPage | null) => void; reject: (error: Error) => void }>;
}

/**
 * `nice` is the drawing threads' priority (RENDER_THREAD_NICE, 10 by default; 0 the default's, 19 the lowest):
 * when the cores are busy, the main thread's answers go first and pages are drawn with what is left; a page
 * drawn is kept for everyone after.
 */
export function createRenderWorkers(options: {
  entryUrl: string;
  threads: number;
  nice: number;
  fetchFromApp: typeof fetch;
  log: FastifyBaseLogger;
}): RenderWorkers {
  const threads: Thread[] = [];
  let nextRender = 0;
  let closed = false;

  const answerFetch = async (thread: Thread, message: Extract<WorkerMessage, { type: 'fetch' }>) => {
    try {
      const response = await options.fetchFromApp(
        new Request(message.url, { method: message.method, headers: message.headers, ...(message.body ? { body: message.body } : {}) }),
      );
      // A 204 or 304 has no body (fetchFromApp's Response says so), and must be rebuilt without one.
      const body = response.body === null ? null : await response.arrayBuffer();
      thread.worker.postMessage({ type: 'fetched', id: message.id, status: response.status, headers: [...response.headers], body }, body ? [body] : []);
    } catch (error) {
      thread.worker.postMessage({ type: 'fetched', id: message.id, error: String(error) });
    }
  };

  const start = (): Thread => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { entryUrl: options.entryUrl, nice: options.nice } });
    // The threads never keep the process alive: closing the server is what ends them.
    worker.unref();
    const thread: Thread = { worker, pending: new Map() };
    worker.on('message', (message: WorkerMessage) => {
      if (message.type === 'fetch') {
        void answerFetch(thread, message);
        return;
      }
      const render = thread.pending.get(message.id);
      thread.pending.delete(message.id);
      if (!render) return;
      if (message.type === 'rendered') render.resolve(message.page);
      else render.reject(new Error(message.error));
    });
    const gone = (error: Error) => {
      const index = threads.indexOf(thread);
      if (index >= 0) threads.splice(index, 1);
      for (const render of thread.pending.values()) render.reject(error);
      thread.pending.clear();
    };
    worker.on('error', (error) => {
      options.log.error({ err: error }, 'a render worker failed; its pages get the plain page');
      gone(error);
    });
    worker.on('exit', (code) => gone(new Error(`the render worker stopped (exit code ${code})`)));
    threads.push(thread);
    return thread;
  };

  /** The thread with the fewest renders under way; a new one while fewer than `threads` run. */
  const pick = (): Thread => {
    if (threads.length < options.threads) return start();
    return threads.reduce((least, thread) => (thread.pending.size < least.pending.size ? thread : least));
  };

  return {
    render({ url, origin, nonce }) {
      if (closed) return Promise.resolve(null);
      const thread = pick();
      const id = nextRender++;
      return new Promise((resolve, reject) => {
        thread.pending.set(id, { resolve, reject });
        thread.worker.postMessage({ type: 'render', id, url, origin, nonce });
      });
    },
    async close() {
      closed = true;
      await Promise.all(threads.splice(0).map((thread) => thread.worker.terminate()));
    },
  };
}
