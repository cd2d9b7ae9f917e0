import { createClient } from 'redis';
import { StartupError } from './startup-failure';

/** How long a Redis client may take to connect at boot before the server gives up. */
export const REDIS_CONNECT_TIMEOUT_MS = 5_000;

interface ConnectableClient {
  connect(): Promise<unknown>;
  destroy(): void;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

/** The URL without its password, for messages. */
export function redactRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparsable URL)';
  }
}

/**
 * Connects a node-redis client, or fails with a StartupError within `timeoutMs`. Left alone, the
 * client retries an unreachable server forever and `connect()` never settles, so a server booting
 * without its Redis would hang. Once connected, the client's own reconnecting takes over.
 */
export async function connectRedis(client: ConnectableClient, options: { url: string; purpose: string; timeoutMs?: number }): Promise<void> {
  const timeoutMs = options.timeoutMs ?? REDIS_CONNECT_TIMEOUT_MS;
  let lastError: Error | undefined;
  const remember = (error: Error) => {
    lastError = error;
  };
  client.on('error', remember);
  let timer: NodeJS.Timeout | undefined;
  const connecting = client.connect();
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), timeoutMs);
  });
  try {
    await Promise.race([connecting, timedOut]);
  } catch (error) {
    // destroy() stops the retries; the abandoned connect() then rejects, which nobody needs to hear.
    connecting.catch(() => undefined);
    client.destroy();
    const reason = lastError?.message ?? (error instanceof Error ? error.message : String(error));
    throw new StartupError(`Redis at ${redactRedisUrl(options.url)} did not answer within ${timeoutMs / 1000} s (${options.purpose}): ${reason}`);
  } finally {
    clearTimeout(timer);
  }
}

/** Connects and disconnects once, so a server whose Redis does not answer says so before its slower boot steps. */
export async function checkRedisAnswers(url: string, timeoutMs = REDIS_CONNECT_TIMEOUT_MS): Promise<void> {
  const client = createClient({ url, RESP: 2 });
  await connectRedis(client, { url, purpose: 'checked at startup', timeoutMs });
  await closeRedis(client);
}

interface ClosableClient {
  readonly isOpen: boolean;
  readonly isReady: boolean;
  quit(): Promise<unknown>;
  destroy(): void;
}

/** How long a Redis client may take to say goodbye before its socket is simply dropped. */
export const REDIS_CLOSE_TIMEOUT_MS = 2_000;

/**
 * Closes a node-redis client without ever hanging the server's shutdown. A connected client sends QUIT
 * and waits for the answer (at most `timeoutMs`); a client whose connection dropped, and which is
 * reconnecting, would queue that QUIT until Redis came back — so it is destroyed at once instead, as is
 * one that did not answer in time.
 */
export async function closeRedis(client: ClosableClient, timeoutMs = REDIS_CLOSE_TIMEOUT_MS): Promise<void> {
  const drop = () => {
    try {
      client.destroy();
    } catch {
      // Already closed: nothing to drop.
    }
  };
  if (!client.isOpen) return;
  if (!client.isReady) return drop();
  let timer: NodeJS.Timeout | undefined;
  const quitting = client.quit().then(
    () => 'quit' as const,
    () => 'failed' as const,
  );
  const timedOut = new Promise<'timed out'>((resolve) => {
    timer = setTimeout(() => resolve('timed out'), timeoutMs);
  });
  const outcome = await Promise.race([quitting, timedOut]);
  clearTimeout(timer);
  if (outcome !== 'quit') drop();
}
