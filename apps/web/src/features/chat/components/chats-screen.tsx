import { useEffect, useMemo, useRef } from 'react';
import { useSelector } from 'react-redux';
import { Link, useSearchParams } from 'react-router';
import { MessagesSquare } from 'lucide-react';
import type { ChatMessage } from '@marketplace/contracts/chat';
import { Alert } from '../../../components/alert';
import { Button, buttonClasses } from '../../../components/button';
import { LoadingState } from '../../../components/list-states';
import { useChatSocket } from '../../../lib/socket';
import { useSession } from '../../../lib/use-session';
import { useGetChatsQuery, useLazyGetOlderChatsQuery } from '../api';
import { chatLoadErrorMessage, type WithUnreadMessages } from '../unread-slice';
import { appendOlderChats, recordMessageInList, useChatDispatch } from './chat-cache';
import { lastInServerOrder, sortChatsByActivity } from './chat-format';
import { ChatThread } from './chat-thread';
import { ConversationList } from './conversation-list';
import type { ChatRole } from './message-bubble';

const NO_COUNTS: Record<string, number> = {};

/**
 * /user/chats and /seller/chats: the conversations beside the open one on a laptop; on a phone the
 * list, then the open conversation on its own with a way back. `?chat=<id>` says which one is open.
 */
export function ChatsScreen({ role }: { role: ChatRole }) {
  const session = useSession();
  const myId = session?.userId ?? '';
  const dispatch = useChatDispatch();
  const [searchParams] = useSearchParams();
  const selectedId = searchParams.get('chat');
  const chats = useGetChatsQuery(myId, { skip: !myId });
  const { socket, error: socketError } = useChatSocket();
  const unreadCounts = useSelector((state: Partial<WithUnreadMessages>) => state.unreadMessages?.chatUnreadCounts ?? NO_COUNTS);
  const list = useMemo(() => sortChatsByActivity(chats.data?.chats ?? []), [chats.data]);
  const [loadOlderChats, olderChats] = useLazyGetOlderChatsQuery();
  const selected = list.find((chat) => chat.id === selectedId) ?? null;

  const selectedIdRef = useRef(selectedId);
  selectedIdRef.current = selectedId;
  const { refetch } = chats;

  // Every new message (any chat, either side) moves its conversation to the top with a new preview.
  useEffect(() => {
    if (!socket || !myId) return;
    const onNewMessage = ({ message }: { chatId: string; message: ChatMessage }) => {
      const isKnown = recordMessageInList(dispatch, myId, message, { isOpen: message.chat_id === selectedIdRef.current });
      // A conversation someone just started with us: the list does not have it yet.
      if (!isKnown) void refetch();
    };
    socket.on('new_message', onNewMessage);
    return () => {
      socket.off('new_message', onNewMessage);
    };
  }, [socket, myId, dispatch, refetch]);

  // The next page starts after the last conversation loaded, and joins the cached list (live updates reach it too).
  const showOlder = async () => {
    const after = lastInServerOrder(list);
    if (!after) return;
    const older = await loadOlderChats({ userId: myId, after });
    if (older.data) appendOlderChats(dispatch, myId, older.data);
  };

  const backTo = role === 'seller' ? '/seller/chats' : '/user/chats';

  let listBody;
  if (chats.isLoading) listBody = <LoadingState label="Loading conversations…" />;
  else if (chats.isError && !chats.data)
    listBody = (
      <div className="p-3">
        <Alert
          tone="error"
          title="Conversations could not be loaded"
          action={
            <Button variant="secondary" size="sm" onClick={() => void refetch()} isBusy={chats.isFetching}>
              Try again
            </Button>
          }
        >
          {chatLoadErrorMessage(chats.error)}
        </Alert>
      </div>
    );
  else if (list.length === 0)
    listBody = (
      <div className="px-6 py-12 text-center">
        <MessagesSquare className="mx-auto size-8 text-slate-400" aria-hidden />
        <p className="mt-3 font-medium text-slate-900">No conversations yet</p>
        <p className="mt-1 text-sm text-slate-600">
          {role === 'seller'
            ? 'When a buyer messages you about a product or an order, the conversation shows up here.'
            : 'Start one from a product page or one of your orders with “Message seller”.'}
        </p>
        {role === 'buyer' && (
          <Link to="/products" className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'mt-4' })}>
            Browse products
          </Link>
        )}
      </div>
    );
  else
    listBody = (
      <>
        <ConversationList chats={list} activeChatId={selectedId} myId={myId} unreadCounts={unreadCounts} />
        {chats.data?.hasMore && (
          <div className="space-y-2 border-t border-slate-100 p-3">
            {olderChats.isError && !olderChats.isFetching && <Alert tone="error">{chatLoadErrorMessage(olderChats.error)}</Alert>}
            <Button variant="secondary" size="sm" className="w-full" onClick={() => void showOlder()} isBusy={olderChats.isFetching}>
              Show older conversations
            </Button>
          </div>
        )}
      </>
    );

  let threadBody;
  if (selected) threadBody = <ChatThread key={selected.id} chat={selected} myId={myId} role={role} />;
  else if (selectedId && chats.isSuccess)
    threadBody = (
      <div className="grid h-full place-items-center p-6 text-center">
        <div>
          <p className="font-medium text-slate-900">This conversation could not be found</p>
          <Link to={backTo} className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'mt-3' })}>
            Back to conversations
          </Link>
        </div>
      </div>
    );
  else if (selectedId) threadBody = <LoadingState label="Loading conversation…" />;
  else
    threadBody = (
      <div className="grid h-full place-items-center p-6 text-center text-sm text-slate-600">
        <div>
          <MessagesSquare className="mx-auto size-8 text-slate-400" aria-hidden />
          <p className="mt-2">Choose a conversation to read and reply.</p>
        </div>
      </div>
    );

  return (
    <div className="space-y-3">
      {socketError && <Alert tone="error">{socketError}</Alert>}
      <div className="grid h-[calc(100dvh-13rem)] min-h-[28rem] overflow-hidden rounded-2xl border border-slate-200 bg-white lg:grid-cols-[20rem_minmax(0,1fr)] xl:grid-cols-[24rem_minmax(0,1fr)]">
        {/* On a phone only one of the two panes shows: the list, or the open conversation. */}
        <nav aria-label="Conversations list" className={`min-h-0 overflow-y-auto border-slate-200 lg:block lg:border-r ${selectedId ? 'hidden' : 'block'}`}>
          {listBody}
        </nav>
        <div className={`min-h-0 lg:block ${selectedId ? 'block' : 'hidden'}`}>{threadBody}</div>
      </div>
    </div>
  );
}
