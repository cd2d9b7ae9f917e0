import { useCallback, useEffect, useLayoutEffect, useRef, useState, type UIEvent } from 'react';
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import type { ChatMessage, ChatSummary } from '@marketplace/contracts/chat';
import { Button } from '../../../components/button';
import { LoadError, LoadingState } from '../../../components/list-states';
import { Spinner } from '../../../components/spinner';
import { useChatSocket } from '../../../lib/socket';
import { useLazyGetChatMessagesQuery } from '../api';
import { clearChatUnread } from '../unread-slice';
import { markReadInList, recordMessageInList, useChatDispatch } from './chat-cache';
import { groupMessagesByDay, isReadBy, otherPersonName } from './chat-format';
import { MessageBubble, type ChatRole } from './message-bubble';
import { MessageComposer } from './message-composer';

/** How long '<name> is typing…' stays after the last typing event. */
const TYPING_SHOWN_MS = 3000;
/** Typing events go out at most this often while the user types. */
const TYPING_SENT_EVERY_MS = 2000;
/** A send the server never answers is given up after this long, keeping the text. */
const SEND_TIMEOUT_MS = 10_000;
/** Older messages load when the reader scrolls within this many pixels of the top. */
const LOAD_OLDER_THRESHOLD_PX = 48;
/** Close enough to the bottom to follow new messages. */
const FOLLOW_THRESHOLD_PX = 120;

interface ChatThreadProps {
  chat: ChatSummary;
  myId: string;
  role: ChatRole;
}

function laterOf(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return Date.parse(b) > Date.parse(a) ? b : a;
}

function withMessage(messages: ChatMessage[], message: ChatMessage): ChatMessage[] {
  // The sender's own tabs get new_message as well as the ack: keep one copy.
  if (messages.some((entry) => entry.id === message.id)) return messages;
  return [...messages, message];
}

/** The open conversation: history (older pages on scroll-up), live messages, read ticks, typing, composer. */
export function ChatThread({ chat, myId, role }: ChatThreadProps) {
  const chatId = chat.id;
  const name = otherPersonName(chat);
  const dispatch = useChatDispatch();
  const { socket, status, setActiveChatId } = useChatSocket();
  const [fetchMessages] = useLazyGetChatMessagesQuery();

  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [otherLastReadAt, setOtherLastReadAt] = useState<string | null>(chat.other_last_read_at);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [isLoading, setIsLoading] = useState(true);
  const [isLoadingOlder, setIsLoadingOlder] = useState(false);
  const [olderError, setOlderError] = useState(false);
  const [isOtherTyping, setIsOtherTyping] = useState(false);

  const scroller = useRef<HTMLDivElement>(null);
  // What the next render does to the scroll position: jump to the newest, or keep the reader's place.
  const pendingScroll = useRef<{ kind: 'bottom' } | { kind: 'keep'; height: number; top: number } | null>(null);
  const lastTypingSent = useRef(0);
  const typingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const markRead = useCallback(() => {
    socket?.emit('mark_read', { chatId });
    dispatch(clearChatUnread(chatId));
    markReadInList(dispatch, myId, chatId);
  }, [socket, chatId, dispatch, myId]);

  const isNearBottom = () => {
    const element = scroller.current;
    return !element || element.scrollHeight - element.scrollTop - element.clientHeight < FOLLOW_THRESHOLD_PX;
  };

  // Opening: this is the chat on screen (the socket provider stops counting its messages as unread).
  useEffect(() => {
    setActiveChatId(chatId);
    return () => setActiveChatId(null);
  }, [chatId, setActiveChatId]);

  // Opening, and again once the socket is there: everything in it has been read.
  useEffect(() => {
    markRead();
  }, [markRead]);

  const loadLatest = useCallback(async () => {
    setIsLoading(true);
    setLoadError(null);
    try {
      const page = await fetchMessages({ chatId }).unwrap();
      pendingScroll.current = { kind: 'bottom' };
      setMessages(page.messages);
      setHasMore(page.hasMore);
      setOtherLastReadAt((current) => laterOf(current, page.other_last_read_at));
    } catch (error) {
      setLoadError(error);
    } finally {
      setIsLoading(false);
    }
  }, [chatId, fetchMessages]);

  useEffect(() => {
    void loadLatest();
  }, [loadLatest]);

  async function loadOlder() {
    const oldest = messages[0];
    if (!oldest || !hasMore || isLoadingOlder) return;
    setIsLoadingOlder(true);
    setOlderError(false);
    try {
      const page = await fetchMessages({ chatId, before: oldest.id }).unwrap();
      const element = scroller.current;
      pendingScroll.current = element ? { kind: 'keep', height: element.scrollHeight, top: element.scrollTop } : null;
      setMessages((current) => {
        const known = new Set(current.map((message) => message.id));
        return [...page.messages.filter((message) => !known.has(message.id)), ...current];
      });
      setHasMore(page.hasMore);
    } catch {
      setOlderError(true);
    } finally {
      setIsLoadingOlder(false);
    }
  }

  function onScroll(event: UIEvent<HTMLDivElement>) {
    if (event.currentTarget.scrollTop <= LOAD_OLDER_THRESHOLD_PX) void loadOlder();
  }

  useLayoutEffect(() => {
    const element = scroller.current;
    const pending = pendingScroll.current;
    if (!element || !pending) return;
    pendingScroll.current = null;
    // Older messages went in above: move down by what they added so the same message stays in view.
    element.scrollTop = pending.kind === 'bottom' ? element.scrollHeight : element.scrollHeight - pending.height + pending.top;
  }, [messages, isLoading]);

  // Live events for this conversation.
  useEffect(() => {
    if (!socket) return;
    const onNewMessage = ({ chatId: messageChatId, message }: { chatId: string; message: ChatMessage }) => {
      if (messageChatId !== chatId) return;
      if (message.sender_id === myId || isNearBottom()) pendingScroll.current = { kind: 'bottom' };
      setMessages((current) => withMessage(current, message));
      if (message.sender_id !== myId) {
        setIsOtherTyping(false);
        clearTimeout(typingTimer.current);
        if (document.visibilityState !== 'hidden') markRead();
      }
    };
    const onChatRead = ({ chatId: readChatId, readerId, readAt }: { chatId: string; readerId: string; readAt: string }) => {
      if (readChatId === chatId && readerId !== myId) setOtherLastReadAt((current) => laterOf(current, readAt));
    };
    const onTyping = ({ chatId: typingChatId, userId }: { chatId: string; userId: string }) => {
      if (typingChatId !== chatId || userId === myId) return;
      setIsOtherTyping(true);
      clearTimeout(typingTimer.current);
      typingTimer.current = setTimeout(() => setIsOtherTyping(false), TYPING_SHOWN_MS);
    };
    socket.on('new_message', onNewMessage);
    socket.on('chat_read', onChatRead);
    socket.on('typing', onTyping);
    return () => {
      socket.off('new_message', onNewMessage);
      socket.off('chat_read', onChatRead);
      socket.off('typing', onTyping);
    };
  }, [socket, chatId, myId, markRead]);

  // Messages that came while the tab was in the background are read when it comes back.
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') markRead();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [markRead]);

  useEffect(() => () => clearTimeout(typingTimer.current), []);

  const send = useCallback(
    (content: string, attachmentIds: string[]) =>
      new Promise<string | null>((resolve) => {
        if (!socket) {
          resolve('Not connected to the chat server. Please try again in a moment.');
          return;
        }
        let isSettled = false;
        const timer = setTimeout(() => {
          isSettled = true;
          resolve('The message could not be sent. Please try again.');
        }, SEND_TIMEOUT_MS);
        socket.emit('send_message', { chatId, content, ...(attachmentIds.length > 0 ? { attachments: attachmentIds } : {}) }, (answer) => {
          clearTimeout(timer);
          if (answer.ok) {
            pendingScroll.current = { kind: 'bottom' };
            setMessages((current) => withMessage(current, answer.message));
            recordMessageInList(dispatch, myId, answer.message, { isOpen: true });
          }
          if (isSettled) return;
          isSettled = true;
          resolve(answer.ok ? null : answer.error);
        });
      }),
    [socket, chatId, dispatch, myId],
  );

  const sendTyping = useCallback(() => {
    const now = Date.now();
    if (!socket || now - lastTypingSent.current < TYPING_SENT_EVERY_MS) return;
    lastTypingSent.current = now;
    socket.emit('typing', { chatId });
  }, [socket, chatId]);

  const backTo = role === 'seller' ? '/seller/chats' : '/user/chats';
  const days = groupMessagesByDay(messages);

  let body;
  if (isLoading) body = <LoadingState label="Loading messages…" />;
  else if (loadError) body = <LoadError title="The messages could not be loaded" error={loadError} onRetry={() => void loadLatest()} />;
  else if (messages.length === 0)
    body = (
      <p className="mx-auto mt-10 max-w-xs text-center text-sm text-slate-600">
        No messages yet. Say hello to {name}
        {chat.product ? ` about ${chat.product.title}` : ''}.
      </p>
    );
  else
    body = (
      <>
        {hasMore && (
          <div className="flex justify-center pb-2">
            {isLoadingOlder ? (
              <p role="status" className="flex items-center gap-2 text-xs text-slate-500">
                <Spinner className="size-4" /> Loading earlier messages…
              </p>
            ) : (
              <Button variant="ghost" size="sm" onClick={() => void loadOlder()}>
                {olderError ? 'Earlier messages could not be loaded. Try again' : 'Load earlier messages'}
              </Button>
            )}
          </div>
        )}
        {days.map((day) => (
          <section key={day.key} aria-label={day.label}>
            <div className="my-3 flex items-center gap-3" role="separator" aria-label={day.label}>
              <span className="h-px flex-1 bg-slate-200" />
              <span className="text-xs font-medium text-slate-500">{day.label}</span>
              <span className="h-px flex-1 bg-slate-200" />
            </div>
            <ul className="space-y-2">
              {day.messages.map((message) => {
                const isOwn = message.sender_id === myId;
                return <MessageBubble key={message.id} message={message} isOwn={isOwn} isRead={isOwn && isReadBy(otherLastReadAt, message)} role={role} />;
              })}
            </ul>
          </section>
        ))}
      </>
    );

  return (
    <section aria-label={`Conversation with ${name}`} className="flex h-full min-h-0 flex-col">
      <header className="flex items-center gap-2 border-b border-slate-200 bg-white px-3 py-2.5 sm:px-4">
        <Link
          to={backTo}
          className="-ml-1 grid size-9 place-items-center rounded-lg text-slate-700 hover:bg-slate-100 lg:hidden"
          aria-label="Back to conversations"
        >
          <ArrowLeft className="size-5" aria-hidden />
        </Link>
        <div className="min-w-0">
          <h2 className="truncate font-semibold text-slate-900">{name}</h2>
          {chat.product && <p className="truncate text-xs text-slate-500">{chat.product.title}</p>}
        </div>
      </header>
      <div ref={scroller} onScroll={onScroll} className="min-h-0 flex-1 overflow-y-auto bg-slate-50 px-3 py-3 sm:px-4" data-testid="chat-messages">
        {body}
      </div>
      <p aria-live="polite" className="min-h-5 bg-slate-50 px-4 pb-1 text-xs text-slate-500 italic">
        {isOtherTyping ? `${name} is typing…` : ''}
      </p>
      <MessageComposer
        key={chatId}
        chatId={chatId}
        onSend={send}
        onTyping={sendTyping}
        unavailableReason={socket && status === 'connected' ? null : status === 'error' ? 'Not connected to the chat server' : 'Connecting to chat…'}
      />
    </section>
  );
}
