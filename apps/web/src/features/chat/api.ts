import type {
  ChatAttachment,
  ChatListResponse,
  ChatMessagesResponse,
  ChatSummary,
  StartChatRequest,
  StartChatResponse,
} from '@marketplace/contracts/chat';
import { CHAT_PAGE_SIZE } from '@marketplace/contracts/chat';
import { api } from '../../lib/api';

// REST half of the chat (docs/product/api.md): lists and history. Live traffic goes over the socket (lib/socket).

const seg = encodeURIComponent;

export interface ChatMessagesArgs {
  chatId: string;
  /** The oldest message already shown; the answer holds the page before it. */
  before?: string;
}

export const chatApi = api.injectEndpoints({
  endpoints: (build) => ({
    getChats: build.query<ChatSummary[], string>({
      query: (userId) => `/chat/${seg(userId)}`,
      transformResponse: (response: ChatListResponse) => response.chats,
      providesTags: [{ type: 'Chat', id: 'LIST' }],
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

export const { useGetChatsQuery, useStartChatMutation, useLazyGetChatMessagesQuery, useUploadChatAttachmentsMutation } = chatApi;
