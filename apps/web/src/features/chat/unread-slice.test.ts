import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureStore } from '@reduxjs/toolkit';
import { api } from '../../lib/api';
import { jsonResponse, mockApi } from '../../test/render-app';
import {
  bulkUpdateChatUnread,
  CHAT_LOAD_ERRORS,
  clearChatUnread,
  decrementChatUnread,
  fetchUnreadCounts,
  incrementChatUnread,
  initialUnreadMessagesState,
  removeChat,
  resetUnread,
  setChatUnreadCount,
  setTotalUnreadCount,
  unreadMessagesReducer,
  type UnreadMessagesState,
} from './unread-slice';

/** The app's store as far as these counts go (features do not import the app shell). */
function makeStore() {
  return configureStore({
    reducer: { [api.reducerPath]: api.reducer, unreadMessages: unreadMessagesReducer },
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(api.middleware),
  });
}

const EARLIER = 1_000;
const NOW = 5_000;

/** A state with the given counts, an old timestamp and an earlier error, to see what each change touches. */
function stateWith(
  chatUnreadCounts: Record<string, number>,
  totalUnreadCount = Object.values(chatUnreadCounts).reduce((a, b) => a + b, 0),
): UnreadMessagesState {
  return { ...initialUnreadMessagesState, chatUnreadCounts, totalUnreadCount, lastUpdated: EARLIER, error: 'Earlier failure' };
}

describe('unread messages slice (docs/product/chat.md)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });

  it('starts at zero with no error and no timestamp (docs/product/data.md)', () => {
    expect(unreadMessagesReducer(undefined, { type: 'init' })).toEqual({
      totalUnreadCount: 0,
      chatUnreadCounts: {},
      loading: false,
      error: null,
      lastUpdated: null,
    });
  });

  describe('set the total directly', () => {
    it('replaces the total and leaves the per-chat counts alone', () => {
      const state = unreadMessagesReducer(stateWith({ a: 2 }), setTotalUnreadCount(7));
      expect(state).toMatchObject({ totalUnreadCount: 7, chatUnreadCounts: { a: 2 }, lastUpdated: NOW, error: null });
    });

    it('floors a negative total at 0', () => {
      expect(unreadMessagesReducer(stateWith({}), setTotalUnreadCount(-3)).totalUnreadCount).toBe(0);
    });
  });

  describe('set one chat', () => {
    it('sets the chat and recomputes the total as the sum of every chat', () => {
      // The stored total (10) is out of step on purpose: the rule recomputes it.
      const state = unreadMessagesReducer(stateWith({ a: 2, b: 3 }, 10), setChatUnreadCount({ chatId: 'a', count: 5 }));
      expect(state).toMatchObject({ chatUnreadCounts: { a: 5, b: 3 }, totalUnreadCount: 8, lastUpdated: NOW, error: null });
    });

    it('adds a chat not seen before and floors a negative count at 0', () => {
      const added = unreadMessagesReducer(stateWith({ a: 1 }), setChatUnreadCount({ chatId: 'new', count: 4 }));
      expect(added).toMatchObject({ chatUnreadCounts: { a: 1, new: 4 }, totalUnreadCount: 5 });
      const floored = unreadMessagesReducer(stateWith({ a: 1 }), setChatUnreadCount({ chatId: 'a', count: -2 }));
      expect(floored).toMatchObject({ chatUnreadCounts: { a: 0 }, totalUnreadCount: 0 });
    });
  });

  describe('increment one chat', () => {
    it('adds 1 to the chat and 1 to the total', () => {
      const state = unreadMessagesReducer(stateWith({ a: 2, b: 1 }), incrementChatUnread('a'));
      expect(state).toMatchObject({ chatUnreadCounts: { a: 3, b: 1 }, totalUnreadCount: 4, lastUpdated: NOW, error: null });
    });

    it('starts an unknown chat at 1', () => {
      const state = unreadMessagesReducer(stateWith({}), incrementChatUnread('new'));
      expect(state).toMatchObject({ chatUnreadCounts: { new: 1 }, totalUnreadCount: 1 });
    });
  });

  describe('decrement one chat', () => {
    it('takes 1 from the chat and recomputes the total', () => {
      const state = unreadMessagesReducer(stateWith({ a: 2, b: 1 }, 9), decrementChatUnread('a'));
      expect(state).toMatchObject({ chatUnreadCounts: { a: 1, b: 1 }, totalUnreadCount: 2, lastUpdated: NOW, error: null });
    });

    it('never goes below 0', () => {
      const state = unreadMessagesReducer(stateWith({ a: 0, b: 1 }), decrementChatUnread('a'));
      expect(state).toMatchObject({ chatUnreadCounts: { a: 0, b: 1 }, totalUnreadCount: 1 });
      expect(unreadMessagesReducer(stateWith({}), decrementChatUnread('unknown')).totalUnreadCount).toBe(0);
    });
  });

  describe('clear one chat', () => {
    it('sets the chat to 0 and subtracts its old count from the total', () => {
      const state = unreadMessagesReducer(stateWith({ a: 3, b: 2 }), clearChatUnread('a'));
      expect(state).toMatchObject({ chatUnreadCounts: { a: 0, b: 2 }, totalUnreadCount: 2, lastUpdated: NOW, error: null });
    });

    it('subtracts from the stored total rather than recomputing it, never below 0', () => {
      // A total set directly (1) smaller than the chat's count (3).
      const state = unreadMessagesReducer(stateWith({ a: 3 }, 1), clearChatUnread('a'));
      expect(state).toMatchObject({ chatUnreadCounts: { a: 0 }, totalUnreadCount: 0 });
      const kept = unreadMessagesReducer(stateWith({ a: 1 }, 10), clearChatUnread('a'));
      expect(kept.totalUnreadCount).toBe(9);
    });
  });

  describe('bulk-update several chats', () => {
    it('sets each given chat, keeps the others, and recomputes the total', () => {
      const state = unreadMessagesReducer(stateWith({ a: 1, b: 1 }, 50), bulkUpdateChatUnread({ a: 4, c: 2 }));
      expect(state).toMatchObject({ chatUnreadCounts: { a: 4, b: 1, c: 2 }, totalUnreadCount: 7, lastUpdated: NOW, error: null });
    });

    it('floors negative counts at 0', () => {
      const state = unreadMessagesReducer(stateWith({}), bulkUpdateChatUnread({ a: -1, b: 2 }));
      expect(state).toMatchObject({ chatUnreadCounts: { a: 0, b: 2 }, totalUnreadCount: 2 });
    });
  });

  it('reset sets everything to zero', () => {
    const state = unreadMessagesReducer(stateWith({ a: 3, b: 4 }), resetUnread());
    expect(state).toEqual({ totalUnreadCount: 0, chatUnreadCounts: {}, loading: false, error: null, lastUpdated: NOW });
  });

  describe('remove a chat', () => {
    it('drops the entry and subtracts its count, updating lastUpdated but keeping the error', () => {
      const state = unreadMessagesReducer(stateWith({ a: 3, b: 2 }), removeChat('a'));
      expect(state).toEqual({ totalUnreadCount: 2, chatUnreadCounts: { b: 2 }, loading: false, error: 'Earlier failure', lastUpdated: NOW });
    });

    it('never takes the total below 0', () => {
      expect(unreadMessagesReducer(stateWith({ a: 3 }, 1), removeChat('a')).totalUnreadCount).toBe(0);
      expect(unreadMessagesReducer(stateWith({ a: 3 }), removeChat('unknown'))).toMatchObject({ totalUnreadCount: 3, chatUnreadCounts: { a: 3 } });
    });
  });

  it('never lets a count or the total go below 0, whatever the order of changes (docs/product/limits.md)', () => {
    const chatId = fc.constantFrom('a', 'b', 'c');
    const action = fc.oneof(
      fc.integer({ min: -5, max: 20 }).map((count) => setTotalUnreadCount(count)),
      fc.record({ chatId, count: fc.integer({ min: -5, max: 20 }) }).map((payload) => setChatUnreadCount(payload)),
      chatId.map((id) => incrementChatUnread(id)),
      chatId.map((id) => decrementChatUnread(id)),
      chatId.map((id) => clearChatUnread(id)),
      chatId.map((id) => removeChat(id)),
      fc.dictionary(chatId, fc.integer({ min: -5, max: 20 })).map((counts) => bulkUpdateChatUnread(counts)),
    );
    fc.assert(
      fc.property(fc.array(action, { maxLength: 40 }), (actions) => {
        const state = actions.reduce(unreadMessagesReducer, initialUnreadMessagesState);
        expect(state.totalUnreadCount).toBeGreaterThanOrEqual(0);
        for (const count of Object.values(state.chatUnreadCounts)) expect(count).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe('loading the counts from GET /api/chat/:userId (docs/product/api.md, errors.md)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  function chat(id: string, unread_count: number) {
    return { id, unread_count };
  }

  it('is loading while the request runs, then replaces every count with the server’s and clears the error', async () => {
    let answer: (response: Response) => void = () => {};
    const fetchSpy = mockApi(() => new Promise<Response>((resolve) => (answer = resolve)));
    const store = makeStore();
    store.dispatch(bulkUpdateChatUnread({ gone: 5 }));
    store.dispatch(setTotalUnreadCount(5));

    const request = store.dispatch(fetchUnreadCounts('user-1'));
    expect(store.getState().unreadMessages.loading).toBe(true);
    await vi.waitFor(() => expect(fetchSpy).toHaveBeenCalled());
    const sent = fetchSpy.mock.calls[0]?.[0] as Request;
    expect(new URL(sent.url).pathname).toBe('/api/chat/user-1');

    answer(jsonResponse(200, { success: true, chats: [chat('a', 2), chat('b', 0), chat('c', 3)] }));
    await request;
    expect(store.getState().unreadMessages).toMatchObject({
      loading: false,
      error: null,
      chatUnreadCounts: { a: 2, b: 0, c: 3 },
      totalUnreadCount: 5,
    });
    expect(store.getState().unreadMessages.lastUpdated).toEqual(expect.any(Number));
  });

  it.each([
    [401, { error: 'Invalid token' }, CHAT_LOAD_ERRORS.unauthorized],
    [403, { error: 'Forbidden' }, CHAT_LOAD_ERRORS.failed],
    [500, { error: 'Boom' }, CHAT_LOAD_ERRORS.failed],
  ])('an HTTP %i sets "%s"', async (status, body, message) => {
    mockApi(() => jsonResponse(status, body));
    const store = makeStore();
    store.dispatch(bulkUpdateChatUnread({ a: 2 }));
    await store.dispatch(fetchUnreadCounts('user-1'));
    // A failed load keeps the counts it had.
    expect(store.getState().unreadMessages).toMatchObject({ loading: false, error: message, chatUnreadCounts: { a: 2 }, totalUnreadCount: 2 });
  });

  it('a network failure sets "Network error occurred"', async () => {
    mockApi(() => Promise.reject(new TypeError('Failed to fetch')));
    const store = makeStore();
    await store.dispatch(fetchUnreadCounts('user-1'));
    expect(store.getState().unreadMessages).toMatchObject({ loading: false, error: CHAT_LOAD_ERRORS.network });
  });

  it('an answer without a chat list counts as a failed load', async () => {
    mockApi(() => jsonResponse(200, { success: true }));
    const store = makeStore();
    await store.dispatch(fetchUnreadCounts('user-1'));
    expect(store.getState().unreadMessages).toMatchObject({ loading: false, error: CHAT_LOAD_ERRORS.failed });
  });

  it('a later successful load clears the error', async () => {
    mockApi(() => jsonResponse(500, {}));
    const store = makeStore();
    await store.dispatch(fetchUnreadCounts('user-1'));
    expect(store.getState().unreadMessages.error).toBe(CHAT_LOAD_ERRORS.failed);
    mockApi(() => jsonResponse(200, { success: true, chats: [chat('a', 1)] }));
    await store.dispatch(fetchUnreadCounts('user-1'));
    expect(store.getState().unreadMessages).toMatchObject({ error: null, totalUnreadCount: 1 });
  });
});
