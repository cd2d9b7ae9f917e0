import { Link } from 'react-router';
import { ImageIcon } from 'lucide-react';
import type { ChatSummary } from '@marketplace/contracts/chat';
import { formatListTime, lastActivityAt, otherPersonName } from './chat-format';

interface ConversationListProps {
  chats: ChatSummary[];
  activeChatId: string | null;
  myId: string;
  /** Live counts from the unread slice; a chat missing there falls back to the list's own count. */
  unreadCounts: Record<string, number>;
}

function initialsOf(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter((word) => /^[\p{L}\p{N}]/u.test(word))
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase());
  return letters.join('') || '?';
}

function Preview({ chat, myId }: { chat: ChatSummary; myId: string }) {
  const last = chat.last_message;
  if (!last) return <span className="italic">No messages yet</span>;
  const isOwn = last.sender_id === myId;
  const text = last.content.trim();
  return (
    <>
      {isOwn && <span className="text-slate-500">You: </span>}
      {text ? (
        text
      ) : last.has_attachments ? (
        <span className="inline-flex items-center gap-1">
          <ImageIcon className="size-3.5" aria-hidden />
          Photo
        </span>
      ) : null}
    </>
  );
}

/** The conversations, newest first; each opens its thread through `?chat=<id>`. */
export function ConversationList({ chats, activeChatId, myId, unreadCounts }: ConversationListProps) {
  return (
    <ul aria-label="Conversations" className="divide-y divide-slate-100">
      {chats.map((chat) => {
        const name = otherPersonName(chat);
        const isActive = chat.id === activeChatId;
        const unread = isActive ? 0 : (unreadCounts[chat.id] ?? chat.unread_count);
        return (
          <li key={chat.id}>
            <Link
              to={{ search: `?chat=${encodeURIComponent(chat.id)}` }}
              aria-current={isActive ? 'page' : undefined}
              className={`flex items-start gap-3 px-4 py-3 transition-colors hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 ${isActive ? 'bg-brand-50 hover:bg-brand-50' : ''}`}
            >
              <span aria-hidden className="grid size-10 shrink-0 place-items-center rounded-full bg-slate-200 text-sm font-semibold text-slate-700">
                {initialsOf(name)}
              </span>
              <span className="min-w-0 flex-1">
                <span className="flex items-baseline justify-between gap-2">
                  <span className={`truncate text-sm ${unread > 0 ? 'font-semibold text-slate-900' : 'font-medium text-slate-900'}`}>{name}</span>
                  <time dateTime={lastActivityAt(chat)} className="shrink-0 text-xs text-slate-500">
                    {formatListTime(lastActivityAt(chat))}
                  </time>
                </span>
                {chat.product && <span className="block truncate text-xs text-slate-500">{chat.product.title}</span>}
                <span className="mt-0.5 flex items-center justify-between gap-2">
                  <span className={`truncate text-sm ${unread > 0 ? 'text-slate-900' : 'text-slate-600'}`}>
                    <Preview chat={chat} myId={myId} />
                  </span>
                  {unread > 0 && (
                    <span
                      className="inline-flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-brand-700 px-1.5 text-xs font-semibold text-white"
                      aria-label={`${unread} unread ${unread === 1 ? 'message' : 'messages'}`}
                    >
                      {unread > 99 ? '99+' : unread}
                    </span>
                  )}
                </span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
