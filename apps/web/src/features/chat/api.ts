import type { ChatAttachment, ChatListResponse, ChatMessagesResponse, ChatSummary, StartChatRequest, StartChatResponse } from '@marketplace/contracts/chat';
import { CHAT_PAGE_SIZE } from '@marketplace/contracts/chat';
import { api } from '../../lib/api';

// REST half of the chat (docs/product/api.md): lists and history. Live traffic goes over the socket (lib/socket).

const seg = encodeURIComponent;

export interface ChatMessagesArgs {
  chatId: string;
  /** The oldest message already shown; the answer holds the page before it. */
  before?: string;
}

/** The conversations loaded so far, newest activity first; `hasMore` says older ones are still on the server. */
export interface ChatListPage {
  chats: ChatSummary[];
  hasMore: boolean;
}

export interface OlderChatsArgs {
  userId: string;
  /** The last conversation loaded: the next page holds the ones after it. */
  after: Pick<ChatSummary, 'id' | 'updated_at'>;
}

const toPage = (response: ChatListResponse): ChatListPage => ({ chats: response.chats, hasMore: response.hasMore === true });

/**
 * A re-read of the newest page keeps the older conversations already loaded behind it: the fresh
 * copies win, and any conversation with new activity is in the fresh page, so the rest are unchanged.
 */
export function mergeNewestPage(loaded: ChatListPage, fresh: ChatListPage): ChatListPage {
  const freshIds = new Set(fresh.chats.map((chat) => chat.id));
  const kept = loaded.chats.filter((chat) => !freshIds.has(chat.id));
  const oldestFresh = fresh.chats.at(-1);
  // Only conversations older than the fresh page's last one were loaded by paging on.
  const older = oldestFresh ? kept.filter((chat) => Date.parse(chat.updated_at) <= Date.parse(oldestFresh.updated_at)) : kept;
  return { chats: [...fresh.chats, ...older], hasMore: older.length > 0 ? loaded.hasMore : fresh.hasMore };
}

export const chatApi = api.injectEndpoints({
  endpoints: (build) => ({
    // The newest page; older pages are appended to this same entry (appendOlderChats), so live updates reach them too.
    getChats: build.query<ChatListPage, string>({
      query: (userId) => `/chat/${seg(userId)}`,
      transformResponse: toPage,
      merge: (loaded, fresh) => mergeNewestPage(loaded, fresh),
      providesTags: [{ type: 'Chat', id: 'LIST' }],
    }),
    // One older page at a time; its conversations move into getChats' entry, so nothing is kept here.
    getOlderChats: build.query<ChatListPage, OlderChatsArgs>({
      query: ({ userId, after }) => ({ url: `/chat/${seg(userId)}`, params: { before: after.updated_at, beforeId: after.id } }),
      transformResponse: toPage,
      keepUnusedDataFor: 0,
    }),
    startChat: build.mutation<StartChatResponse, StartChatRequest>({
      query: (body) => ({ url: '/chat', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'Chat', id: 'LIST' }]),
    }),
    // Pages are kept by the thread itself (older pages prepend), so nothing is cached between visits.
    getChatMessages: build.query<ChatMessagesResponse, ChatMessagesArgs>({
      query: ({ chatId, before }) => ({
        url: `/chat/${seg(chatId)}/messages`,
        params: before ? { before, limit: CHAT_PAGE_SIZE } : { limit: CHAT_PAGE_SIZE },
      }),
      keepUnusedDataFor: 0,
    }),
    uploadChatAttachments: build.mutation<ChatAttachment[], { chatId: string; files: File[] }>({
      query: ({ chatId, files }) => {
        const body = new FormData();
        for (const file of files) body.append('files', file, file.name);
        return { url: `/chat/${seg(chatId)}/attachments`, method: 'POST', body };
      },
      transformResponse: (response: { success: true; attachments: ChatAttachment[] }) => response.attachments,
    }),
  }),
});

export const { useGetChatsQuery, useLazyGetOlderChatsQuery, useStartChatMutation, useLazyGetChatMessagesQuery, useUploadChatAttachmentsMutation } = chatApi;
