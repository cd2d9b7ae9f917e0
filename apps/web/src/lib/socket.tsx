import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@marketplace/contracts/chat';
import { useSession } from './use-session';

export type ChatSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
export type ChatSocketStatus = 'idle' | 'connecting' | 'connected' | 'error';

/** docs/product/errors.md "Chat load": the socket library did not load or the server refused the connection. */
export const CHAT_CONNECT_ERROR = 'Failed to connect to chat server';
/** docs/product/limits.md: unread counts are re-read every 60 seconds while logged in. */
export const CHAT_UNREAD_POLL_MS = 60_000;

export interface ChatSocketContextValue {
  socket: ChatSocket | null;
  status: ChatSocketStatus;
  error: string | null;
  /** The conversation open on screen; its new messages are read there instead of counted as unread. */
  activeChatId: string | null;
  setActiveChatId(id: string | null): void;
}

const ChatSocketContext = createContext<ChatSocketContextValue>({
  socket: null,
  status: 'idle',
  error: null,
  activeChatId: null,
  setActiveChatId: () => {},
});

interface ConnectionState {
  socket: ChatSocket | null;
  status: ChatSocketStatus;
  error: string | null;
}

const IDLE: ConnectionState = { socket: null, status: 'idle', error: null };

/** What the provider hands the socket library when it connects. */
export interface ChatSocketOptions {
  path: string;
  transports: string[];
  auth: { token: string };
}

/** Loads the socket library; what it answers opens a socket. */
export type LoadChatSocket = () => Promise<(options: ChatSocketOptions) => ChatSocket>;

/** socket.io's client, loaded on demand (≈ 12.5 KB gzipped: never in the first load). */
const loadSocketIo: LoadChatSocket = async () => (await import('socket.io-client')).io;

/**
 * Where the provider gets its socket from: socket.io's client, unless a component test hands in a stand-in
 * that plays the server (`renderApp`'s `socket` option, src/test/render-app.tsx).
 */
export const ChatSocketLibraryContext = createContext<LoadChatSocket>(loadSocketIo);

/** Longest wait for an idle moment once the page has loaded (ms). */
const IDLE_TIMEOUT_MS = 2000;
/** Where requestIdleCallback is missing (Safari), a short pause after the load event instead (ms). */
const NO_IDLE_CALLBACK_DELAY_MS = 200;

/**
 * Resolves once the page has loaded and the browser has an idle moment, so the socket library
 * (≈ 12.5 KB gzipped) never competes with the first paint. The unread counts do not
 * wait for it: they are read over HTTP at once.
 */
export function whenPageIdle(): Promise<void> {
  return new Promise((resolve) => {
    const onIdle = () => {
      if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
      else setTimeout(resolve, NO_IDLE_CALLBACK_DELAY_MS);
    };
    if (document.readyState === 'complete') onIdle();
    else window.addEventListener('load', onIdle, { once: true });
  });
}

/** Where the socket reports unread changes (the app shell wires the chat feature's slice in). */
export interface UnreadCountsHandlers {
  refresh(userId: string): void;
  increment(chatId: string): void;
  clear(chatId: string): void;
  reset(): void;
}

/**
 * Where the socket reports the notification bell's unread count (the app shell wires the notifications
 * feature in). Both of its events carry the server's count after the change: `notification` (a new one)
 * and `notifications_read` (some or all read, in this or another tab). An open bell panel listens to
 * the same events for the notifications themselves.
 */
export interface NotificationCountHandlers {
  /** Re-read the count from the server. */
  refresh(): void;
  /** The server's count; 0 on logout. */
  setCount(count: number): void;
}

/**
 * The one chat socket of the app (docs/product/chat.md): connected with the stored token while someone is logged
 * in, closed on logout or a new token. It keeps the unread counts in the store live (the chat's, and the
 * notification bell's) and re-reads them from the server on start, on every reconnect and every 60
 * seconds. The connection opens once the page has loaded and the browser is idle; until then the
 * status is 'connecting'.
 */
export function ChatSocketProvider({
  children,
  unread,
  notifications,
}: {
  children: ReactNode;
  unread: UnreadCountsHandlers;
  notifications: NotificationCountHandlers;
}) {
  const session = useSession();
  const token = session?.token ?? null;
  const userId = session?.userId ?? null;
  // The handlers outlive renders; the latest ones are read from here.
  const unreadRef = useRef(unread);
  unreadRef.current = unread;
  const notificationsRef = useRef(notifications);
  notificationsRef.current = notifications;
  // Read when a connection opens: another library does not reconnect.
  const loadLibrary = useContext(ChatSocketLibraryContext);
  const loadLibraryRef = useRef(loadLibrary);
  loadLibraryRef.current = loadLibrary;
  const [connection, setConnection] = useState<ConnectionState>(IDLE);
  const [activeChatId, setActiveChatIdState] = useState<string | null>(null);
  // The socket handlers outlive renders; they read the open chat from here, current at once.
  const activeChatIdRef = useRef<string | null>(null);
  const setActiveChatId = useCallback((id: string | null) => {
    activeChatIdRef.current = id;
    setActiveChatIdState(id);
  }, []);

  useEffect(() => {
    if (!token || !userId) return;
    const auth = { token };
    let isCurrent = true;
    let socket: ChatSocket | null = null;
    const update = (change: Partial<ConnectionState>) => {
      if (isCurrent) setConnection((previous) => ({ ...previous, ...change }));
    };
    const readCounts = () => {
      unreadRef.current.refresh(userId);
      notificationsRef.current.refresh();
    };

    setConnection({ socket: null, status: 'connecting', error: null });
    readCounts();
    const poll = setInterval(readCounts, CHAT_UNREAD_POLL_MS);

    async function connect() {
      try {
        // Loaded only with a session, and only after the page has loaded (see whenPageIdle).
        await whenPageIdle();
        if (!isCurrent) return;
        const io = await loadLibraryRef.current();
        if (!isCurrent) return;
        const chatSocket: ChatSocket = io({ path: '/socket.io', transports: ['websocket'], auth });
        socket = chatSocket;
        let hasConnected = false;

        chatSocket.on('connect', () => {
          chatSocket.emit('join_chats');
          update({ status: 'connected', error: null });
          // Messages may have arrived while the connection was down.
          if (hasConnected) readCounts();
          hasConnected = true;
        });
        chatSocket.on('connect_error', () => update({ status: 'error', error: CHAT_CONNECT_ERROR }));
        chatSocket.on('disconnect', () => update({ status: chatSocket.active ? 'connecting' : 'idle' }));
        chatSocket.on('new_message', ({ chatId, message }) => {
          if (message.sender_id === userId) return;
          // The open thread marks it read itself, unless the tab is in the background.
          const isOnScreen = chatId === activeChatIdRef.current && document.visibilityState === 'visible';
          if (!isOnScreen) unreadRef.current.increment(chatId);
        });
        chatSocket.on('messages_read', ({ chatId }) => unreadRef.current.clear(chatId));
        chatSocket.on('notification', ({ unreadCount }) => notificationsRef.current.setCount(unreadCount));
        chatSocket.on('notifications_read', ({ unreadCount }) => notificationsRef.current.setCount(unreadCount));
        chatSocket.on('error', ({ message }) => update({ error: message }));
        update({ socket: chatSocket });
      } catch {
        update({ status: 'error', error: CHAT_CONNECT_ERROR });
      }
    }
    void connect();

    return () => {
      isCurrent = false;
      clearInterval(poll);
      socket?.removeAllListeners();
      socket?.disconnect();
      setConnection(IDLE);
      unreadRef.current.reset();
      notificationsRef.current.setCount(0);
    };
  }, [token, userId]);

  const value = useMemo<ChatSocketContextValue>(() => ({ ...connection, activeChatId, setActiveChatId }), [connection, activeChatId, setActiveChatId]);
  return <ChatSocketContext.Provider value={value}>{children}</ChatSocketContext.Provider>;
}

export function useChatSocket(): ChatSocketContextValue {
  return useContext(ChatSocketContext);
}
