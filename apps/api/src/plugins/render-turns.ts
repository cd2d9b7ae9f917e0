/**
 * Turns to render a page, shared fairly between the addresses asking (decision 0040). At most `max` renders
 * run at once, and at most `perClient` of them for one address: a crawler or a flood from one address draws
 * its pages one or two at a time, in turn with everyone else, instead of taking every place. A turn not
 * given within `waitMs` is refused (the caller sends the plain page): a server this far behind is down in
 * all but name. Waiting addresses are served in rotation, each its oldest request first.
 */
export interface RenderTurns {
  /** Resolves true when `client` may render, false when no turn came within the wait. */
  take(client: string): Promise<boolean>;
  /** A render of `client` ended (whether it succeeded or not). */
  end(client: string): void;
  /** Renders under way, and requests waiting for a turn (tests, metrics). */
  stats(): { running: number; waiting: number };
}

interface Waiter {
  grant: () => void;
}

export function createRenderTurns(options: { max: number; perClient: number; waitMs: number }): RenderTurns {
  let running = 0;
  const runningOf = new Map<string, number>();
  /** Each address's waiting requests, oldest first; the map's order is the rotation (served last → moved to the end). */
  const waiting = new Map<string, Waiter[]>();

  const mayStart = (client: string) => running < options.max && (runningOf.get(client) ?? 0) < options.perClient;
  const start = (client: string) => {
    running += 1;
    runningOf.set(client, (runningOf.get(client) ?? 0) + 1);
  };

  /** Gives the next turn in the rotation to an address that may start one; false when none may. */
  const grantOne = (): boolean => {
    for (const [client, queue] of waiting) {
      if (!mayStart(client)) continue;
      const next = queue.shift()!;
      waiting.delete(client);
      // Served: to the back of the rotation, if it still waits for more.
      if (queue.length > 0) waiting.set(client, queue);
      start(client);
      next.grant();
      return true;
    }
    return false;
  };
  const dispatch = () => {
    let granted = true;
    while (granted && running < options.max) granted = grantOne();
  };

  return {
    take(client) {
      if (mayStart(client) && !waiting.has(client)) {
        start(client);
        return Promise.resolve(true);
      }
      return new Promise((resolve) => {
        const waiter: Waiter = {
          grant: () => {
            clearTimeout(timer);
            resolve(true);
          },
        };
        const timer = setTimeout(() => {
          const queue = waiting.get(client);
          const index = queue?.indexOf(waiter) ?? -1;
          if (queue && index >= 0) {
            queue.splice(index, 1);
            if (queue.length === 0) waiting.delete(client);
          }
          resolve(false);
        }, options.waitMs);
        const queue = waiting.get(client);
        if (queue) queue.push(waiter);
        else waiting.set(client, [waiter]);
      });
    },
    end(client) {
      running -= 1;
      const mine = (runningOf.get(client) ?? 1) - 1;
      if (mine > 0) runningOf.set(client, mine);
      else runningOf.delete(client);
      dispatch();
    },
    stats() {
      let queued = 0;
      for (const queue of waiting.values()) queued += queue.length;
      return { running, waiting: queued };
    },
  };
}
