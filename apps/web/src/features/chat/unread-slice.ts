import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ChatListResponse } from '@marketplace/contracts/chat';
import { api } from '../../lib/api';
import { describeApiError } from '../../lib/api-error';

/** docs/product/data.md "Unread messages state". */
export interface UnreadMessagesState {
  totalUnreadCount: number;
  /** Chat id → unread messages in it. */
  chatUnreadCounts: Record<string, number>;
  loading: boolean;
  error: string | null;
  /** Date.now() of the last change to the counts; null until the first one. */
  lastUpdated: number | null;
}

export const initialUnreadMessagesState: UnreadMessagesState = {
  totalUnreadCount: 0,
  chatUnreadCounts: {},
  loading: false,
  error: null,
  lastUpdated: null,
};

/** docs/product/errors.md "Chat load". */
export const CHAT_LOAD_ERRORS = {
  unauthorized: 'Unauthorized access - token may be expired',
  failed: 'Failed to fetch chats',
  network: 'Network error occurred',
} as const;

/** docs/product/limits.md: unread counts are floored at 0 (a bad or negative number from anywhere counts as 0). */
function floorCount(count: number): number {
  return Number.isFinite(count) && count > 0 ? Math.floor(count) : 0;
}

function sumCounts(counts: Record<string, number>): number {
  return Object.values(counts).reduce((sum, count) => sum + count, 0);
}

/** Every change except a chat removal updates lastUpdated and clears error (docs/product/chat.md). */
function markChanged(state: UnreadMessagesState): void {
  state.lastUpdated = Date.now();
  state.error = null;
}

// GET /api/chat/:userId (docs/product/api.md), read here only for its unread counts. The chat pages keep their
// own list query; this one is never cached for a component (the socket provider re-reads it every 60 s).
const unreadApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Chat id → unread count; null when the answer holds no chat list. */
    getChatUnreadCounts: build.query<Record<string, number> | null, string>({
      query: (userId) => `/chat/${encodeURIComponent(userId)}`,
      transformResponse: (response: ChatListResponse | null) =>
        Array.isArray(response?.chats) ? Object.fromEntries(response.chats.map((chat) => [chat.id, chat.unread_count])) : null,
    }),
  }),
});

const { matchPending, matchFulfilled, matchRejected } = unreadApi.endpoints.getChatUnreadCounts;

/** Re-reads the counts from the server; the slice follows the request (loading, counts, error). */
export function fetchUnreadCounts(userId: string) {
  return unreadApi.endpoints.getChatUnreadCounts.initiate(userId, { subscribe: false, forceRefetch: true });
}

/** Which text a failed chat load shows (docs/product/errors.md). */
export function chatLoadErrorMessage(error: unknown): string {
  const { status, isNetworkError } = describeApiError(error);
  if (status === 401) return CHAT_LOAD_ERRORS.unauthorized;
  if (isNetworkError) return CHAT_LOAD_ERRORS.network;
  return CHAT_LOAD_ERRORS.failed;
}

/** docs/product/chat.md, rule for rule. */
const unreadMessagesSlice = createSlice({
  name: 'unreadMessages',
  initialState: initialUnreadMessagesState,
  reducers: {
    setTotalUnreadCount(state, action: PayloadAction<number>) {
      state.totalUnreadCount = floorCount(action.payload);
      markChanged(state);
    },
    setChatUnreadCount(state, action: PayloadAction<{ chatId: string; count: number }>) {
      state.chatUnreadCounts[action.payload.chatId] = floorCount(action.payload.count);
      state.totalUnreadCount = sumCounts(state.chatUnreadCounts);
      markChanged(state);
    },
    incrementChatUnread(state, action: PayloadAction<string>) {
      const chatId = action.payload;
      state.chatUnreadCounts[chatId] = (state.chatUnreadCounts[chatId] ?? 0) + 1;
      state.totalUnreadCount += 1;
      markChanged(state);
    },
    decrementChatUnread(state, action: PayloadAction<string>) {
      const chatId = action.payload;
      state.chatUnreadCounts[chatId] = Math.max(0, (state.chatUnreadCounts[chatId] ?? 0) - 1);
      state.totalUnreadCount = sumCounts(state.chatUnreadCounts);
      markChanged(state);
    },
    clearChatUnread(state, action: PayloadAction<string>) {
      const chatId = action.payload;
      const previous = state.chatUnreadCounts[chatId] ?? 0;
      state.chatUnreadCounts[chatId] = 0;
      state.totalUnreadCount = Math.max(0, state.totalUnreadCount - previous);
      markChanged(state);
    },
    /** Sets the given chats and keeps the others. */
    bulkUpdateChatUnread(state, action: PayloadAction<Record<string, number>>) {
      for (const [chatId, count] of Object.entries(action.payload)) state.chatUnreadCounts[chatId] = floorCount(count);
      state.totalUnreadCount = sumCounts(state.chatUnreadCounts);
      markChanged(state);
    },
    resetUnread(state) {
      state.totalUnreadCount = 0;
      state.chatUnreadCounts = {};
      state.loading = false;
      markChanged(state);
    },
    /** The only change that leaves error as it is. */
    removeChat(state, action: PayloadAction<string>) {
      const chatId = action.payload;
      const previous = state.chatUnreadCounts[chatId] ?? 0;
      delete state.chatUnreadCounts[chatId];
      state.totalUnreadCount = Math.max(0, state.totalUnreadCount - previous);
      state.lastUpdated = Date.now();
    },
  },
  extraReducers: (builder) => {
    builder
      .addMatcher(matchPending, (state) => {
        state.loading = true;
      })
      // The server's list is the whole truth: chats it no longer lists are dropped.
      .addMatcher(matchFulfilled, (state, action) => {
        state.loading = false;
        if (!action.payload) {
          state.error = CHAT_LOAD_ERRORS.failed;
          return;
        }
        state.chatUnreadCounts = Object.fromEntries(Object.entries(action.payload).map(([chatId, count]) => [chatId, floorCount(count)]));
        state.totalUnreadCount = sumCounts(state.chatUnreadCounts);
        markChanged(state);
      })
      .addMatcher(matchRejected, (state, action) => {
        // A request skipped because an identical one is already running is not a failure.
        if (action.meta.condition) return;
        state.loading = false;
        state.error = chatLoadErrorMessage(action.payload ?? action.error);
      });
  },
});

export const {
  setTotalUnreadCount,
  setChatUnreadCount,
  incrementChatUnread,
  decrementChatUnread,
  clearChatUnread,
  bulkUpdateChatUnread,
  resetUnread,
  removeChat,
} = unreadMessagesSlice.actions;
export const unreadMessagesReducer = unreadMessagesSlice.reducer;

/** Features cannot import the app's RootState; this is the part of it the unread counts need. */
export interface WithUnreadMessages {
  unreadMessages: UnreadMessagesState;
}
export const selectUnreadMessages = (state: WithUnreadMessages): UnreadMessagesState => state.unreadMessages;
export const selectTotalUnreadCount = (state: WithUnreadMessages): number => state.unreadMessages.totalUnreadCount;
export const selectChatUnreadCount = (state: WithUnreadMessages, chatId: string): number => state.unreadMessages.chatUnreadCounts[chatId] ?? 0;
