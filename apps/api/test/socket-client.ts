import { io as connect, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@marketplace/contracts/chat';

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
