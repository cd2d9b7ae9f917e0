import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ChatMessage, ChatSummary } from '@marketplace/contracts/chat';
import type { fakeSocketLibrary, FakeSocket } from '../../../test/fake-socket';
import { jsonResponse, renderApp, type ApiHandler } from '../../../test/render-app';
import { apiRoutes, EMPTY_CART, EMPTY_WISHLIST } from '../../../test/shop-fixtures';
import { logInAs } from '../../../test/tokens';

const ME = 'user-buyer';
const SELLER = 'a0000000-0000-4000-8000-000000000001';
const OTHER_SELLER = 'a0000000-0000-4000-8000-000000000002';
const CHAT_1 = 'c0000000-0000-4000-8000-000000000001';
const CHAT_2 = 'c0000000-0000-4000-8000-000000000002';

function minutesAgo(minutes: number): string {
  return new Date(Date.now() - minutes * 60_000).toISOString();
}

function yesterdayNoon(): string {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1, 12, 0).toISOString();
}

let messageCounter = 0;
function makeMessage(overrides: Partial<ChatMessage> = {}): ChatMessage {
  messageCounter += 1;
  return {
    id: `m0000000-0000-4000-8000-${String(messageCounter).padStart(12, '0')}`,
    chat_id: CHAT_1,
    sender_id: SELLER,
    content: `Message ${messageCounter}`,
    attachments: [],
    reference: null,
    created_at: minutesAgo(10),
    ...overrides,
  };
}

function makeChat(overrides: Partial<ChatSummary> = {}): ChatSummary {
  return {
    id: CHAT_1,
    unread_count: 0,
    buyer_id: ME,
    seller_id: SELLER,
    other: { id: SELLER, name: 'Sam Tester', companyName: 'Oak & Ember', role: 'seller' },
    last_message: { content: 'Hello there', sender_id: SELLER, created_at: minutesAgo(30), has_attachments: false },
    other_last_read_at: null,
    product: { id: 'p0000000-0000-4000-8000-000000000001', title: 'Walnut desk lamp' },
    updated_at: minutesAgo(30),
    ...overrides,
  };
}

const SECOND_CHAT = makeChat({
  id: CHAT_2,
  seller_id: OTHER_SELLER,
  other: { id: OTHER_SELLER, name: 'Rita Lane', companyName: 'Lane Ceramics', role: 'seller' },
  last_message: { content: '', sender_id: OTHER_SELLER, created_at: minutesAgo(120), has_attachments: true },
  unread_count: 2,
  product: null,
  updated_at: minutesAgo(120),
});

interface ServerState {
  chats: ChatSummary[];
  /** Messages per chat, oldest first; pages of `pageSize` from the newest. */
  messages: Record<string, ChatMessage[]>;
  pageSize?: number;
  other_last_read_at?: string | null;
  chatListStatus?: number;
  /** When set, the list comes in two pages: `chats` first (with hasMore), then these after its last one. */
  olderChats?: ChatSummary[];
}

function chatServer(state: ServerState, requests: URL[] = []): ApiHandler {
  const routes = apiRoutes({
    'GET /api/cart': () => jsonResponse(200, EMPTY_CART),
    'GET /api/wishlist': () => jsonResponse(200, EMPTY_WISHLIST),
    [`GET /api/chat/${ME}`]: (request) => {
      if (state.chatListStatus) return jsonResponse(state.chatListStatus, { error: 'nope' });
      if (!state.olderChats) return jsonResponse(200, { success: true, chats: state.chats });
      const url = new URL(request.url);
      const last = state.chats.at(-1)!;
      if (!url.searchParams.has('before')) return jsonResponse(200, { success: true, chats: state.chats, hasMore: true });
      if (url.searchParams.get('before') !== last.updated_at || url.searchParams.get('beforeId') !== last.id)
        return jsonResponse(400, { error: 'wrong page', code: 'validation_error' });
      return jsonResponse(200, { success: true, chats: state.olderChats, hasMore: false });
    },
  });
  return (request) => {
    const url = new URL(request.url);
    requests.push(url);
    const match = /^\/api\/chat\/([^/]+)\/messages$/.exec(url.pathname);
    if (match && request.method === 'GET') {
      const all = state.messages[match[1]!] ?? [];
      const before = url.searchParams.get('before');
      const end = before ? all.findIndex((message) => message.id === before) : all.length;
      const size = state.pageSize ?? 30;
      const start = Math.max(0, end - size);
      return jsonResponse(200, { success: true, messages: all.slice(start, end), hasMore: start > 0, other_last_read_at: state.other_last_read_at ?? null });
    }
    return routes(request);
  };
}

/** The page's chat socket, played by the test (the app shell's provider opens it once the page is idle). */
let socket: FakeSocket;

/** Waits for the socket the page opened and lets the server accept it. */
async function connect(view: { sockets: ReturnType<typeof fakeSocketLibrary> }) {
  await vi.waitFor(() => expect(view.sockets.sockets).toHaveLength(1));
  socket = view.sockets.last();
  socket.serve('connect');
}

async function openThread(state: ServerState, requests?: URL[]) {
  logInAs('buyer');
  const view = renderApp(`/user/chats?chat=${CHAT_1}`, { api: chatServer(state, requests) });
  const thread = await screen.findByRole('region', { name: 'Conversation with Oak & Ember' });
  await connect(view);
  return { ...view, thread };
}

describe('ChatsScreen', () => {
  it('lists conversations newest first with company names, previews, photos and unread badges', async () => {
    logInAs('buyer');
    renderApp('/user/chats', { api: chatServer({ chats: [SECOND_CHAT, makeChat()], messages: {} }) });

    const list = await screen.findByRole('list', { name: 'Conversations' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Oak & Ember');
    expect(items[0]).toHaveTextContent('Hello there');
    expect(items[1]).toHaveTextContent('Lane Ceramics');
    expect(items[1]).toHaveTextContent('Photo');
    expect(within(items[1]!).getByLabelText('2 unread messages')).toBeInTheDocument();
    expect(screen.getByText('Choose a conversation to read and reply.')).toBeInTheDocument();
  });

  it('pages on to older conversations after the last one listed, and stops when there are no more', async () => {
    logInAs('buyer');
    const requests: URL[] = [];
    renderApp('/user/chats', { api: chatServer({ chats: [makeChat()], olderChats: [SECOND_CHAT], messages: {} }, requests) });

    const list = await screen.findByRole('list', { name: 'Conversations' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Show older conversations' }));

    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(within(list).getAllByRole('listitem')[1]).toHaveTextContent('Lane Ceramics');
    expect(screen.queryByRole('button', { name: 'Show older conversations' })).not.toBeInTheDocument();
    const pageRequest = requests.find((url) => url.pathname === `/api/chat/${ME}` && url.searchParams.has('before'))!;
    expect(pageRequest.searchParams.get('beforeId')).toBe(CHAT_1);
  });

  it('shows an empty state with a hint for buyers', async () => {
    logInAs('buyer');
    renderApp('/user/chats', { api: chatServer({ chats: [], messages: {} }) });
    expect(await screen.findByText('No conversations yet')).toBeInTheDocument();
    expect(screen.getByText(/Start one from a product page/)).toBeInTheDocument();
  });

  it.each([
    [500, 'Failed to fetch chats'],
    [403, 'Failed to fetch chats'],
  ])('shows the docs/product/errors.md text when the list fails with %s', async (status, text) => {
    logInAs('buyer');
    renderApp('/user/chats', { api: chatServer({ chats: [], messages: {}, chatListStatus: status }) });
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('shows the docs/product/errors.md text on a network error', async () => {
    logInAs('buyer');
    renderApp('/user/chats', {
      api: (request) =>
        new URL(request.url).pathname === `/api/chat/${ME}`
          ? Promise.reject(new TypeError('Failed to fetch'))
          : chatServer({ chats: [], messages: {} })(request),
    });
    expect(await screen.findByText('Network error occurred')).toBeInTheDocument();
  });

  it('shows the server message of a socket error', async () => {
    logInAs('buyer');
    const view = renderApp('/user/chats', { api: chatServer({ chats: [makeChat()], messages: {} }) });
    await connect(view);
    socket.serve('error', { message: 'You are sending messages too fast' });
    expect(await screen.findByText('You are sending messages too fast')).toBeInTheDocument();
  });

  it('opens a conversation from the list: history, active chat and mark_read', async () => {
    logInAs('buyer');
    const view = renderApp('/user/chats', {
      api: chatServer({
        chats: [makeChat()],
        messages: { [CHAT_1]: [makeMessage({ content: 'Is the lamp still available?', sender_id: ME }), makeMessage({ content: 'Yes it is' })] },
      }),
    });
    const { user, router, store } = view;
    await connect(view);
    await user.click(await screen.findByRole('link', { name: /Oak & Ember/ }));

    expect(router.state.location.search).toBe(`?chat=${CHAT_1}`);
    const thread = await screen.findByRole('region', { name: 'Conversation with Oak & Ember' });
    expect(await within(thread).findByText('Yes it is')).toBeInTheDocument();
    expect(within(thread).getByText('Is the lamp still available?')).toBeInTheDocument();
    await waitFor(() => expect(socket.emittedOf('mark_read')).toContainEqual({ chatId: CHAT_1 }));
    // The open conversation is the active one: the seller's next message there is read on screen, not counted.
    socket.serve('new_message', { chatId: CHAT_1, message: makeMessage({ content: 'Ships tomorrow', created_at: new Date().toISOString() }) });
    expect(await within(thread).findByText('Ships tomorrow')).toBeInTheDocument();
    expect(store.getState().unreadMessages.chatUnreadCounts[CHAT_1] ?? 0).toBe(0);
  });

  it('sends with Enter (Shift+Enter is a new line) and shows the acknowledged message', async () => {
    const { user, thread } = await openThread({ chats: [makeChat()], messages: { [CHAT_1]: [makeMessage()] } });
    socket.answerSend = ({ chatId, content }) => ({
      ok: true,
      message: makeMessage({ chat_id: chatId, content, sender_id: ME, created_at: new Date().toISOString() }),
    });

    const box = within(thread).getByLabelText('Message');
    await user.type(box, 'Hi{Shift>}{Enter}{/Shift}second line');
    expect(socket.emittedOf('send_message')).toHaveLength(0);
    await user.keyboard('{Enter}');

    expect(socket.emittedOf('send_message')).toEqual([{ chatId: CHAT_1, content: 'Hi\nsecond line' }]);
    await waitFor(() => expect(box).toHaveValue(''));
    const sent = within(thread).getByText((_content, element) => element?.tagName === 'P' && element.textContent === 'Hi\nsecond line');
    expect(sent.closest('li')).toHaveTextContent('Sent');
    // The list preview follows.
    expect(await within(screen.getByRole('list', { name: 'Conversations' })).findByText(/second line/)).toBeInTheDocument();
  });

  it('refuses empty and whitespace-only messages', async () => {
    const { user, thread } = await openThread({ chats: [makeChat()], messages: { [CHAT_1]: [] } });
    await user.type(within(thread).getByLabelText('Message'), '   {Enter}');
    expect(socket.emittedOf('send_message')).toHaveLength(0);
    expect(within(thread).getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it('keeps the text and shows the error when the server refuses the message', async () => {
    const { user, thread } = await openThread({ chats: [makeChat()], messages: { [CHAT_1]: [] } });
    socket.answerSend = () => ({ ok: false, error: 'You are sending messages too fast' });

    const box = within(thread).getByLabelText('Message');
    await user.type(box, 'Hello?{Enter}');
    expect(await within(thread).findByRole('alert')).toHaveTextContent('You are sending messages too fast');
    expect(box).toHaveValue('Hello?');
  });

  it('appends a new message live, marks it read and moves its conversation to the top', async () => {
    const { thread } = await openThread({
      chats: [
        SECOND_CHAT,
        makeChat({ last_message: { content: 'Old', sender_id: SELLER, created_at: minutesAgo(300), has_attachments: false }, updated_at: minutesAgo(300) }),
      ],
      messages: { [CHAT_1]: [] },
    });
    const list = screen.getByRole('list', { name: 'Conversations' });
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Lane Ceramics');
    const readsBefore = socket.emittedOf('mark_read').length;

    socket.serve('new_message', { chatId: CHAT_1, message: makeMessage({ content: 'Just shipped it', created_at: new Date().toISOString() }) });

    expect(await within(thread).findByText('Just shipped it')).toBeInTheDocument();
    // The list follows the cached conversations, which can land a render after the thread.
    await waitFor(() => expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Oak & Ember'));
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Just shipped it');
    expect(socket.emittedOf('mark_read').length).toBe(readsBefore + 1);

    // A message in another conversation bumps that one and counts as unread there.
    socket.serve('new_message', {
      chatId: CHAT_2,
      message: makeMessage({ chat_id: CHAT_2, sender_id: OTHER_SELLER, content: 'Kiln is ready', created_at: new Date().toISOString() }),
    });
    await waitFor(() => expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Kiln is ready'));
    expect(within(within(list).getAllByRole('listitem')[0]!).getByLabelText('3 unread messages')).toBeInTheDocument();
    expect(within(thread).queryByText('Kiln is ready')).not.toBeInTheDocument();
  });

  it('loads older messages with before=<oldest id> when scrolled to the top', async () => {
    const history = Array.from({ length: 5 }, (_, index) => makeMessage({ content: `Old note ${index + 1}`, created_at: minutesAgo(60 - index) }));
    const requests: URL[] = [];
    const { thread } = await openThread({ chats: [makeChat()], messages: { [CHAT_1]: history }, pageSize: 3 }, requests);

    expect(await within(thread).findByText('Old note 5')).toBeInTheDocument();
    expect(within(thread).queryByText('Old note 2')).not.toBeInTheDocument();

    fireEvent.scroll(screen.getByTestId('chat-messages'));

    expect(await within(thread).findByText('Old note 1')).toBeInTheDocument();
    const older = requests.filter((url) => url.pathname.endsWith('/messages') && url.searchParams.has('before'));
    expect(older.map((url) => url.searchParams.get('before'))).toEqual([history[2]!.id]);
    // No more pages: the control to load more is gone.
    expect(within(thread).queryByRole('button', { name: 'Load earlier messages' })).not.toBeInTheDocument();
  });

  it('separates days: Today, Yesterday, then the date', async () => {
    const { thread } = await openThread({
      chats: [makeChat()],
      messages: {
        [CHAT_1]: [
          makeMessage({ content: 'Long ago', created_at: '2024-03-05T12:00:00.000Z' }),
          makeMessage({ content: 'From yesterday', created_at: yesterdayNoon() }),
          makeMessage({ content: 'From today', created_at: new Date().toISOString() }),
        ],
      },
    });
    await within(thread).findByText('From today');
    const separators = within(thread)
      .getAllByRole('separator')
      .map((element) => element.getAttribute('aria-label'));
    expect(separators).toEqual(['Tuesday, March 5, 2024', 'Yesterday', 'Today']);
  });

  it('turns own messages from Sent to Read on chat_read', async () => {
    const mine = makeMessage({ content: 'Can you ship Monday?', sender_id: ME, created_at: minutesAgo(5) });
    const { thread } = await openThread({
      chats: [makeChat()],
      messages: { [CHAT_1]: [makeMessage({ created_at: minutesAgo(20) }), mine] },
      other_last_read_at: minutesAgo(15),
    });

    const bubble = (await within(thread).findByText('Can you ship Monday?')).closest('li')!;
    expect(bubble).toHaveTextContent('Sent');

    socket.serve('chat_read', { chatId: CHAT_1, readerId: SELLER, readAt: new Date().toISOString() });
    await waitFor(() => expect(bubble).toHaveTextContent('Read'));
  });

  it('shows the typing indicator for about 3 seconds and sends typing while the user types', async () => {
    const { user, thread } = await openThread({ chats: [makeChat()], messages: { [CHAT_1]: [] } });

    socket.serve('typing', { chatId: CHAT_1, userId: SELLER });
    expect(await within(thread).findByText('Oak & Ember is typing…')).toBeInTheDocument();
    await waitFor(() => expect(within(thread).queryByText('Oak & Ember is typing…')).not.toBeInTheDocument(), { timeout: 4500 });

    await user.type(within(thread).getByLabelText('Message'), 'abc');
    // Three keystrokes within 2 seconds: one typing event.
    expect(socket.emittedOf('typing')).toEqual([{ chatId: CHAT_1 }]);
  });

  it('shows HTML in a message as text', async () => {
    const html = '<img src=x onerror="alert(1)"><b>bold</b>';
    const { thread, container } = await openThread({ chats: [makeChat()], messages: { [CHAT_1]: [makeMessage({ content: html })] } });
    expect(await within(thread).findByText(html)).toBeInTheDocument();
    expect(container.querySelector('b')).toBeNull();
    expect(container.querySelector('img[src="x"]')).toBeNull();
  });

  it('shows what a message is about and its photos, opening the full image', async () => {
    const { thread } = await openThread({
      chats: [makeChat()],
      messages: {
        [CHAT_1]: [
          makeMessage({
            content: '',
            reference: { productId: 'p0000000-0000-4000-8000-000000000001', productTitle: 'Walnut desk lamp', orderId: null },
            attachments: [{ id: 'f1', url: '/uploads/chat/full.jpg', thumbnailUrl: '/uploads/chat/thumb.jpg', name: 'lamp.jpg' }],
          }),
        ],
      },
    });
    expect(await within(thread).findByRole('link', { name: /About Walnut desk lamp/ })).toHaveAttribute(
      'href',
      '/products/p0000000-0000-4000-8000-000000000001',
    );
    const photo = within(thread).getByRole('img', { name: 'lamp.jpg' });
    expect(photo).toHaveAttribute('src', '/uploads/chat/thumb.jpg');
    expect(photo.closest('a')).toHaveAttribute('href', '/uploads/chat/full.jpg');
  });

  it('uploads picked photos, shows them with remove, and sends their ids', async () => {
    const uploads: FormData[] = [];
    logInAs('buyer');
    const server = chatServer({ chats: [makeChat()], messages: { [CHAT_1]: [] } });
    const view = renderApp(`/user/chats?chat=${CHAT_1}`, {
      api: async (request) => {
        if (new URL(request.url).pathname === `/api/chat/${CHAT_1}/attachments`) {
          const form = await request.formData();
          uploads.push(form);
          const files = form.getAll('files') as File[];
          return jsonResponse(200, {
            success: true,
            // (jsdom's Request drops file names, so the fake names the stored photos itself.)
            attachments: files.map((_file, index) => ({
              id: `f000000${index}-0000-4000-8000-000000000000`,
              url: `/u/${index}.png`,
              thumbnailUrl: `/u/t-${index}.png`,
              name: `photo-${index}.png`,
            })),
          });
        }
        return server(request);
      },
    });
    const { user } = view;
    const thread = await screen.findByRole('region', { name: 'Conversation with Oak & Ember' });
    await connect(view);
    socket.answerSend = ({ chatId }) => ({
      ok: true,
      message: makeMessage({ chat_id: chatId, content: '', sender_id: ME, created_at: new Date().toISOString() }),
    });

    const input = screen.getByTestId('chat-photo-input');
    expect(input).toHaveAttribute('accept', 'image/*');
    await user.upload(input, [new File(['a'], 'front.png', { type: 'image/png' }), new File(['b'], 'back.png', { type: 'image/png' })]);

    const previews = await within(thread).findByRole('list', { name: 'Photos to send' });
    expect(
      within(previews)
        .getAllByRole('img')
        .map((image) => image.getAttribute('alt')),
    ).toEqual(['photo-0.png', 'photo-1.png']);
    expect(uploads[0]!.getAll('files')).toHaveLength(2);

    await user.click(within(thread).getByRole('button', { name: 'Remove photo-1.png' }));
    await user.click(within(thread).getByRole('button', { name: 'Send' }));
    expect(socket.emittedOf('send_message')).toEqual([{ chatId: CHAT_1, content: '', attachments: ['f0000000-0000-4000-8000-000000000000'] }]);
    await waitFor(() => expect(within(thread).queryByRole('list', { name: 'Photos to send' })).not.toBeInTheDocument());
  });
});
