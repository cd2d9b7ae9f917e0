import { act } from '@testing-library/react';
import type { SendMessageAck } from '@marketplace/contracts/chat';
import type { ChatSocket, ChatSocketOptions, LoadChatSocket } from '../lib/socket';

type Handler = (...args: unknown[]) => void;

/** A socket.io client stand-in: records what the app emits and lets a test play the server. */
export class FakeSocket {
  handlers = new Map<string, Set<Handler>>();
  emitted: Array<[string, ...unknown[]]> = [];
  active = true;
  isDisconnected = false;
  /** How the server acknowledges a `send_message`. */
  answerSend: (payload: { chatId: string; content: string }) => SendMessageAck = () => ({ ok: false, error: 'No answer set' });

  on(event: string, handler: Handler) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)!.add(handler);
    return this;
  }
  off(event: string, handler: Handler) {
    this.handlers.get(event)?.delete(handler);
    return this;
  }
  emit(event: string, ...args: unknown[]) {
    this.emitted.push([event, ...args]);
    const ack = args.at(-1);
    if (event === 'send_message' && typeof ack === 'function') {
      const answer = this.answerSend(args[0] as { chatId: string; content: string });
      queueMicrotask(() => (ack as (answer: SendMessageAck) => void)(answer));
    }
    return this;
  }
  removeAllListeners() {
    this.handlers.clear();
    return this;
  }
  disconnect() {
    this.isDisconnected = true;
    this.active = false;
    return this;
  }
  /** The server sends `event` to this client. */
  receive(event: string, ...args: unknown[]) {
    for (const handler of [...(this.handlers.get(event) ?? [])]) handler(...args);
  }
  /** The server sends `event`, and React draws what it changed. */
  serve(event: string, ...args: unknown[]) {
    act(() => this.receive(event, ...args));
  }
  /** The first argument of every `event` the app emitted. */
  emittedOf(event: string): unknown[] {
    return this.emitted.filter(([name]) => name === event).map(([, payload]) => payload);
  }
}

/**
 * A socket library whose sockets are FakeSockets: hand `load` to `renderApp`'s `socket` option (or to
 * ChatSocketLibraryContext) and the app's chat socket is played by the test.
 */
export function fakeSocketLibrary() {
  const sockets: FakeSocket[] = [];
  const options: ChatSocketOptions[] = [];
  const library = {
    sockets,
    options,
    /** Opening a socket throws (the library failed to start). */
    shouldFail: false,
    load: (async () => (opened: ChatSocketOptions) => {
      if (library.shouldFail) throw new Error('socket.io could not start');
      const socket = new FakeSocket();
      sockets.push(socket);
      options.push(opened);
      return socket as unknown as ChatSocket;
    }) satisfies LoadChatSocket,
    /** The socket opened last. */
    last(): FakeSocket {
      const socket = sockets.at(-1);
      if (!socket) throw new Error('no socket was opened');
      return socket;
    },
  };
  return library;
}
