import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch } from 'react-redux';
import type { ChatMessage } from '@marketplace/contracts/chat';
import { chatApi, type ChatListPage } from '../api';
import { byNewestActivity } from './chat-format';

type ChatCacheUpdate = ReturnType<typeof chatApi.util.updateQueryData>;
type ChatApiState = ReturnType<Parameters<ChatCacheUpdate>[1]>;
type Dispatch = ThunkDispatch<ChatApiState, unknown, UnknownAction>;

/** A dispatch that also takes the cache updates below (features cannot import the app's store type). */
export function useChatDispatch(): Dispatch {
  return useDispatch<Dispatch>();
}

/**
 * Puts a new message into the cached conversation list: its preview, its time, its place at the top
 * and (for someone else's message in a chat that is not open) one more unread. Answers whether the
 * chat was in the list, so the caller can re-read the list for a conversation it has never seen.
 */
export function recordMessageInList(dispatch: Dispatch, myId: string, message: ChatMessage, { isOpen }: { isOpen: boolean }): boolean {
  let isKnown = false;
  dispatch(
    chatApi.util.updateQueryData('getChats', myId, ({ chats }) => {
      const chat = chats.find((entry) => entry.id === message.chat_id);
      if (!chat) return;
      isKnown = true;
      const isRepeat = chat.last_message?.created_at === message.created_at && chat.last_message.sender_id === message.sender_id;
      chat.last_message = {
        content: message.content,
        sender_id: message.sender_id,
        created_at: message.created_at,
        has_attachments: message.attachments.length > 0,
      };
      if (Date.parse(message.created_at) > Date.parse(chat.updated_at)) chat.updated_at = message.created_at;
      if (!isOpen && !isRepeat && message.sender_id !== myId) chat.unread_count += 1;
      chats.sort(byNewestActivity);
    }),
  );
  return isKnown;
}

/** The open chat has been read: its count in the cached list goes to 0. */
export function markReadInList(dispatch: Dispatch, myId: string, chatId: string): void {
  dispatch(
    chatApi.util.updateQueryData('getChats', myId, ({ chats }) => {
      const chat = chats.find((entry) => entry.id === chatId);
      if (chat) chat.unread_count = 0;
    }),
  );
}

/**
 * An older page joins the cached list behind the conversations already there (one that moved up in
 * between is already there, and stays where it is); `hasMore` becomes the older page's own.
 */
export function appendOlderChats(dispatch: Dispatch, myId: string, older: ChatListPage): void {
  dispatch(
    chatApi.util.updateQueryData('getChats', myId, (page) => {
      const known = new Set(page.chats.map((chat) => chat.id));
      page.chats.push(...older.chats.filter((chat) => !known.has(chat.id)));
      page.hasMore = older.hasMore;
    }),
  );
}
