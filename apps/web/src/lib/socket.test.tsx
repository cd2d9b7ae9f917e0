import { act, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '@marketplace/contracts/chat';
import { makeStore } from '../app/store';
import { clearChatUnread, fetchUnreadCounts, incrementChatUnread, resetUnread } from '../features/chat/unread-slice';
import { jsonResponse, mockApi, type ApiHandler } from '../test/render-app';
import { logInAs, makeAuthResponse } from '../test/tokens';
import { clearSession, saveSession } from './session';
import { fakeSocketLibrary, type FakeSocket } from '../test/fake-socket';
import { CHAT_CONNECT_ERROR, CHAT_UNREAD_POLL_MS, ChatSocketLibraryContext, ChatSocketProvider, useChatSocket } from './socket';

/** socket.io's client as the test plays it: the sockets the provider opened, and what it asked for. */
let socketIo = fakeSocketLibrary();
const lastSocket = () => socketIo.last();

function message(chatId: string, senderId: string): ChatMessage {
  return {
    id: `m-${Math.random()}`,
    chat_id: chatId,
    sender_id: senderId,
    content: 'Hi',
    attachments: [],
    reference: null,
    created_at: new Date().toISOString(),
  };
}

/** Shows what the hook exposes, and lets the test open a chat as the thread page would. */
function Probe() {
  const { status, error, activeChatId, setActiveChatId, socket } = useChatSocket();
  return (
    <div>
      <p data-testid="status">{status}</p>
      <p data-testid="error">{error ?? ''}</p>
      <p data-testid="active">{activeChatId ?? ''}</p>
      <p data-testid="socket">{socket ? 'yes' : 'no'}</p>
      <button type="button" onClick={() => setActiveChatId('chat-open')}>
        Open chat
      </button>
    </div>
  );
}

const chatsAnswer = (counts: Record<string, number>) =>
  jsonResponse(200, { success: true, chats: Object.entries(counts).map(([id, unread_count]) => ({ id, unread_count })) });

function renderProvider(api: ApiHandler = () => chatsAnswer({})) {
  const fetchSpy = mockApi(api);
  const store = makeStore();
  // What the provider tells about the notification bell's count (the app shell puts it in the store).
  const notifications = { refresh: vi.fn(), setCount: vi.fn() };
  const utils = render(
    <Provider store={store}>
      <ChatSocketLibraryContext.Provider value={socketIo.load}>
        <ChatSocketProvider
          unread={{
            refresh: (userId) => void store.dispatch(fetchUnreadCounts(userId)),
            increment: (chatId) => store.dispatch(incrementChatUnread(chatId)),
            clear: (chatId) => store.dispatch(clearChatUnread(chatId)),
            reset: () => store.dispatch(resetUnread()),
          }}
          notifications={notifications}
        >
          <Probe />
        </ChatSocketProvider>
      </ChatSocketLibraryContext.Provider>
    </Provider>,
  );
  const chatLoads = () => fetchSpy.mock.calls.filter(([input]) => input instanceof Request && new URL(input.url).pathname.startsWith('/api/chat/')).length;
  return { ...utils, store, fetchSpy, chatLoads, notifications };
}

/** Waits for the nth socket the provider opens (1-based) and lets the server accept it. */
async function connected(count = 1): Promise<FakeSocket> {
  await vi.waitFor(() => expect(socketIo.sockets.length).toBe(count));
  const socket = lastSocket();
  act(() => socket.receive('connect'));
  return socket;
}

describe('ChatSocketProvider (docs/product/chat.md)', () => {
  beforeEach(() => {
    socketIo = fakeSocketLibrary();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('stays idle and opens nothing while nobody is logged in', async () => {
    const { chatLoads } = renderProvider();
    await act(async () => {});
    expect(screen.getByTestId('status')).toHaveTextContent('idle');
    expect(socketIo.sockets).toHaveLength(0);
    expect(chatLoads()).toBe(0);
  });

  it('connects with the stored token over websocket and joins the chats on connect', async () => {
    const session = logInAs('buyer');
    renderProvider();
    expect(screen.getByTestId('status')).toHaveTextContent('connecting');
    const socket = await connected();

    expect(socketIo.options[0]).toEqual({ path: '/socket.io', transports: ['websocket'], auth: { token: session.token } });
    expect(socket.emitted).toEqual([['join_chats']]);
    expect(screen.getByTestId('status')).toHaveTextContent('connected');
    expect(screen.getByTestId('socket')).toHaveTextContent('yes');
  });

  it('reads the counts at once but opens the socket only after the page has loaded and the browser is idle', async () => {
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const idleCallbacks: Array<() => void> = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void, options?: { timeout?: number }) => {
      expect(options?.timeout).toBeGreaterThan(0);
      idleCallbacks.push(callback);
      return idleCallbacks.length;
    });
    logInAs('buyer');
    const { store } = renderProvider(() => chatsAnswer({ 'chat-1': 2 }));

    await vi.waitFor(() => expect(store.getState().unreadMessages.totalUnreadCount).toBe(2));
    expect(screen.getByTestId('status')).toHaveTextContent('connecting');
    expect(idleCallbacks).toHaveLength(0);

    readyState.mockReturnValue('complete');
    act(() => void window.dispatchEvent(new Event('load')));
    expect(idleCallbacks).toHaveLength(1);
    await act(async () => {});
    expect(socketIo.sockets).toHaveLength(0);

    act(() => idleCallbacks[0]!());
    const socket = await connected();
    expect(socket.emitted).toEqual([['join_chats']]);
    expect(screen.getByTestId('status')).toHaveTextContent('connected');
  });

  it('never opens the socket when the user logs out before the page is idle', async () => {
    const idleCallbacks: Array<() => void> = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idleCallbacks.push(callback));
    logInAs('buyer');
    renderProvider();
    await vi.waitFor(() => expect(idleCallbacks).toHaveLength(1));

    act(() => clearSession());
    act(() => idleCallbacks[0]!());
    await act(async () => {});
    expect(socketIo.sockets).toHaveLength(0);
    expect(screen.getByTestId('status')).toHaveTextContent('idle');
  });

  it('joins the chats again, and re-reads the counts, after every reconnect', async () => {
    logInAs('buyer');
    const { chatLoads } = renderProvider();
    const socket = await connected();
    await vi.waitFor(() => expect(chatLoads()).toBe(1));

    act(() => socket.receive('disconnect', 'transport close'));
    expect(screen.getByTestId('status')).toHaveTextContent('connecting');
    act(() => socket.receive('connect'));
    expect(socket.emitted).toEqual([['join_chats'], ['join_chats']]);
    await vi.waitFor(() => expect(chatLoads()).toBe(2));
  });

  it('loads the counts on start from GET /api/chat/:userId', async () => {
    const session = logInAs('seller');
    const { store, fetchSpy } = renderProvider(() => chatsAnswer({ a: 2, b: 1 }));
    await vi.waitFor(() => expect(store.getState().unreadMessages.totalUnreadCount).toBe(3));
    const request = fetchSpy.mock.calls[0]?.[0] as Request;
    expect(new URL(request.url).pathname).toBe(`/api/chat/${session.userId}`);
    expect(request.headers.get('Authorization')).toBe(`Bearer ${session.token}`);
  });

  it('counts a new message from the other person, but not the user’s own', async () => {
    const session = logInAs('buyer');
    const { store } = renderProvider(() => chatsAnswer({ a: 1 }));
    await vi.waitFor(() => expect(store.getState().unreadMessages.totalUnreadCount).toBe(1));
    const socket = await connected();

    act(() => socket.receive('new_message', { chatId: 'a', message: message('a', 'user-seller') }));
    act(() => socket.receive('new_message', { chatId: 'b', message: message('b', 'user-seller') }));
    act(() => socket.receive('new_message', { chatId: 'a', message: message('a', session.userId) }));

    expect(store.getState().unreadMessages).toMatchObject({ chatUnreadCounts: { a: 2, b: 1 }, totalUnreadCount: 3 });
  });

  it('does not count a message in the chat open on screen, but does when the tab is hidden', async () => {
    logInAs('buyer');
    const { store } = renderProvider();
    const socket = await connected();
    act(() => screen.getByRole('button', { name: 'Open chat' }).click());
    expect(screen.getByTestId('active')).toHaveTextContent('chat-open');

    act(() => socket.receive('new_message', { chatId: 'chat-open', message: message('chat-open', 'user-seller') }));
    expect(store.getState().unreadMessages.totalUnreadCount).toBe(0);

    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => socket.receive('new_message', { chatId: 'chat-open', message: message('chat-open', 'user-seller') }));
    expect(store.getState().unreadMessages.chatUnreadCounts).toEqual({ 'chat-open': 1 });
    visibility.mockRestore();
  });

  it('clears a chat’s count on messages_read', async () => {
    logInAs('buyer');
    const { store } = renderProvider(() => chatsAnswer({ a: 4, b: 1 }));
    await vi.waitFor(() => expect(store.getState().unreadMessages.totalUnreadCount).toBe(5));
    const socket = await connected();

    act(() => socket.receive('messages_read', { chatId: 'a' }));
    expect(store.getState().unreadMessages).toMatchObject({ chatUnreadCounts: { a: 0, b: 1 }, totalUnreadCount: 1 });
  });

  it('re-reads the counts every 60 seconds while logged in, and stops after logout', async () => {
    vi.useFakeTimers();
    logInAs('buyer');
    let unread = 1;
    const { store, chatLoads } = renderProvider(() => chatsAnswer({ a: unread }));
    // vi.waitFor would move the fake clock on; let the first load settle without time passing.
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(chatLoads()).toBe(1);
    expect(store.getState().unreadMessages.totalUnreadCount).toBe(1);

    unread = 4;
    await act(() => vi.advanceTimersByTimeAsync(CHAT_UNREAD_POLL_MS - 1));
    expect(chatLoads()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(chatLoads()).toBe(2);
    expect(store.getState().unreadMessages.totalUnreadCount).toBe(4);
    await act(() => vi.advanceTimersByTimeAsync(CHAT_UNREAD_POLL_MS));
    expect(chatLoads()).toBe(3);

    act(() => clearSession());
    expect(store.getState().unreadMessages.totalUnreadCount).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(CHAT_UNREAD_POLL_MS * 3));
    expect(chatLoads()).toBe(3);
  });

  it('disconnects on logout and reconnects with the new token when it changes', async () => {
    logInAs('buyer');
    renderProvider();
    const first = await connected();

    const renewed = makeAuthResponse('buyer', { expiresInSeconds: 7200 });
    act(() => {
      saveSession(renewed);
    });
    expect(first.isDisconnected).toBe(true);
    const second = await connected(2);
    expect(second).not.toBe(first);
    expect(socketIo.options.at(-1)).toMatchObject({ auth: { token: renewed.token } });

    act(() => clearSession());
    expect(second.isDisconnected).toBe(true);
    expect(screen.getByTestId('status')).toHaveTextContent('idle');
    expect(screen.getByTestId('socket')).toHaveTextContent('no');
  });

  it('re-reads the notification count on start, after every reconnect and every 60 seconds', async () => {
    vi.useFakeTimers();
    logInAs('buyer');
    const { notifications } = renderProvider();
    expect(notifications.refresh).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(CHAT_UNREAD_POLL_MS));
    expect(notifications.refresh).toHaveBeenCalledTimes(2);
    vi.useRealTimers();

    const socket = await connected();
    expect(notifications.refresh).toHaveBeenCalledTimes(2);
    act(() => socket.receive('disconnect', 'transport close'));
    act(() => socket.receive('connect'));
    expect(notifications.refresh).toHaveBeenCalledTimes(3);
  });

  it('sets the notification count from the server’s figure in notification and notifications_read, and to 0 on logout', async () => {
    logInAs('seller');
    const { notifications } = renderProvider();
    const socket = await connected();

    act(() =>
      socket.receive('notification', {
        notification: {
          id: 'n1',
          kind: 'new_order',
          title: 'You have a new order',
          body: '',
          link: '/seller/orders',
          createdAt: new Date().toISOString(),
          readAt: null,
        },
        unreadCount: 4,
      }),
    );
    expect(notifications.setCount).toHaveBeenLastCalledWith(4);
    act(() => socket.receive('notifications_read', { ids: 'all', unreadCount: 0 }));
    expect(notifications.setCount).toHaveBeenLastCalledWith(0);
    act(() => socket.receive('notifications_read', { ids: ['n1'], unreadCount: 2 }));
    expect(notifications.setCount).toHaveBeenLastCalledWith(2);

    act(() => clearSession());
    expect(notifications.setCount).toHaveBeenLastCalledWith(0);
    expect(notifications.refresh).toHaveBeenCalledTimes(1);
  });

  it('shows "Failed to connect to chat server" when the server refuses the connection', async () => {
    logInAs('buyer');
    renderProvider();
    await vi.waitFor(() => expect(socketIo.sockets.length).toBe(1));
    act(() => lastSocket().receive('connect_error', new Error('Invalid token')));
    expect(screen.getByTestId('status')).toHaveTextContent('error');
    expect(screen.getByTestId('error')).toHaveTextContent(CHAT_CONNECT_ERROR);
  });

  it('shows "Failed to connect to chat server" when the socket library cannot start', async () => {
    socketIo.shouldFail = true;
    logInAs('buyer');
    renderProvider();
    await vi.waitFor(() => expect(screen.getByTestId('error')).toHaveTextContent('Failed to connect to chat server'));
    expect(screen.getByTestId('status')).toHaveTextContent('error');
  });

  it('keeps the server’s message from an error event', async () => {
    logInAs('buyer');
    renderProvider();
    const socket = await connected();
    act(() => socket.receive('error', { message: 'You are sending messages too fast' }));
    expect(screen.getByTestId('error')).toHaveTextContent('You are sending messages too fast');
    // A later successful connect clears it.
    act(() => socket.receive('connect'));
    expect(screen.getByTestId('error')).toBeEmptyDOMElement();
  });
});
