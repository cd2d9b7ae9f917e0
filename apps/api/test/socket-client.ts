import { io as connect, type Socket } from 'socket.io-client';
import type { Role } from '@marketplace/contracts/auth';
import type { ClientToServerEvents, ServerToClientEvents } from '@marketplace/contracts/chat';
import { createUser } from './factories';
import { bearerFor } from './factories-commerce';
import type { TestApp } from './helper';

/** The chat socket as a client sees it. */
export type ChatClient = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * Connects to the app's chat socket with `token` (no reconnection), adding the socket to `opened` so the
 * test closes it; resolves once connected, rejects with the connect error.
 */
export function openSocket(baseUrl: string, token: string, opened: ChatClient[]): Promise<ChatClient> {
  return new Promise((resolve, reject) => {
    const socket: ChatClient = connect(baseUrl, { transports: ['websocket'], auth: { token }, reconnection: false, forceNew: true });
    opened.push(socket);
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => reject(error));
  });
}

/** A user of the test app with the HTTP bearer and the bare token the socket takes. */
export interface SocketPerson {
  id: string;
  bearer: string;
  token: string;
}

export async function createSocketPerson(testApp: TestApp, role: Role): Promise<SocketPerson> {
  const user = await createUser(testApp.database.db, { role });
  const bearer = await bearerFor(testApp, user);
  return { id: user.id, bearer, token: bearer.replace(/^Bearer /, '') };
}

/** Starts the test app listening on a free local port (sockets need a real server); answers its base URL. */
export async function listenOnFreePort(testApp: TestApp): Promise<string> {
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  const address = testApp.app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

/** The payload of the socket's next `event`; rejects when none comes within `timeoutMs`. */
export function nextEvent<E extends keyof ServerToClientEvents>(
  socket: ChatClient,
  event: E,
  timeoutMs = 5000,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${String(event)} within ${timeoutMs} ms`)), timeoutMs);
    socket.once(
      event as never,
      ((payload: unknown) => {
        clearTimeout(timer);
        resolve(payload as never);
      }) as never,
    );
  });
}
