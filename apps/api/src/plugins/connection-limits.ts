import type { Server, Socket } from 'node:net';

/**
 * What one client can hold of the server (docs/operations.md, "Slow and greedy clients"): at most
 * `maxPerClient` open connections per address (the socket's: only without a trusted proxy, since behind
 * one every connection comes from the proxy, which must cap them itself). The timeouts are the server's
 * own (app.ts passes them to Fastify and Node): a request, headers and body, that has not fully arrived
 * within `requestTimeoutSeconds` (its headers within `headersTimeoutSeconds`) is answered 408 and its
 * connection closed, so a body sent a byte at a time cannot hold a connection.
 */
export interface ConnectionLimits {
  requestTimeoutSeconds: number;
  headersTimeoutSeconds: number;
  /** 0: no cap. */
  maxPerClient: number;
}

/** Caps the connections per address on `server`; answers the open connections per address (for tests). */
export function limitConnections(server: Server, limits: Pick<ConnectionLimits, 'maxPerClient'>, capPerAddress: boolean) {
  const open = new Map<string, number>();
  if (capPerAddress && limits.maxPerClient > 0) {
    server.on('connection', (socket: Socket) => {
      const address = socket.remoteAddress ?? 'unknown';
      const count = (open.get(address) ?? 0) + 1;
      if (count > limits.maxPerClient) {
        // Refused before a byte is read: the client's other connections keep working.
        socket.destroy();
        return;
      }
      open.set(address, count);
      socket.once('close', () => {
        const left = (open.get(address) ?? 1) - 1;
        if (left <= 0) open.delete(address);
        else open.set(address, left);
      });
    });
  }
  return { openConnectionsOf: (address: string) => open.get(address) ?? 0 };
}
