import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationItem } from '@marketplace/contracts/notifications';
import { fakeSocketLibrary, type FakeSocket } from '../../../test/fake-socket';
import { jsonResponse, renderApp } from '../../../test/render-app';
import { EMPTY_CART, EMPTY_WISHLIST } from '../../../test/shop-fixtures';
import { logInAs, type TestRole } from '../../../test/tokens';
import { formatExactTime } from './relative-time';

/** The app's one socket, played by the test. */
let sockets = fakeSocketLibrary();

/** Waits for the provider's socket and lets the server accept it. */
async function connectedSocket(): Promise<FakeSocket> {
  await vi.waitFor(() => expect(sockets.sockets.length).toBeGreaterThan(0));
  const socket = sockets.last();
  socket.serve('connect');
  return socket;
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

let nextId = 0;
function makeNotification(overrides: Partial<NotificationItem> = {}): NotificationItem {
  nextId += 1;
  return {
    id: `00000000-0000-4000-8000-${String(nextId).padStart(12, '0')}`,
    kind: 'item_shipped',
    title: `Notification ${nextId}`,
    body: 'Tracking 1Z999AA10123456784',
    link: '/myorders/order-1',
    createdAt: minutesAgo(nextId),
    readAt: null,
    ...overrides,
  };
}

/**
 * The notifications API over a list kept here (newest first), answering as the server does: pages,
 * `unread=true`, the unread count, and marking read by ids or all.
 */
function notificationsServer(initial: NotificationItem[], { failLists = 0 }: { failLists?: number } = {}) {
  const state = { items: [...initial], failLists, listRequests: [] as URLSearchParams[], readBodies: [] as unknown[] };
  const unreadCount = () => state.items.filter((item) => item.readAt === null).length;
  const handle = async (request: Request): Promise<Response | null> => {
    const url = new URL(request.url);
    if (request.method === 'GET' && url.pathname === '/api/notifications') {
      const unreadOnly = url.searchParams.get('unread') === 'true';
      if (!unreadOnly) {
        state.listRequests.push(url.searchParams);
        if (state.failLists > 0) {
          state.failLists -= 1;
          return jsonResponse(500, { error: 'Internal Server Error', code: 'internal' });
        }
      }
      const page = Number(url.searchParams.get('page') ?? '1');
      const limit = Number(url.searchParams.get('limit') ?? '20');
      const list = unreadOnly ? state.items.filter((item) => item.readAt === null) : state.items;
      return jsonResponse(200, { notifications: list.slice((page - 1) * limit, page * limit), unreadCount: unreadCount(), page, limit, total: list.length });
    }
    if (request.method === 'POST' && url.pathname === '/api/notifications/read') {
      const body = (await request.json()) as { ids?: string[]; all?: true };
      state.readBodies.push(body);
      const now = new Date().toISOString();
      state.items = state.items.map((item) => (item.readAt === null && (body.all || body.ids?.includes(item.id)) ? { ...item, readAt: now } : item));
      return jsonResponse(200, { unreadCount: unreadCount() });
    }
    return null;
  };
  return { state, handle };
}

function setUp(
  items: NotificationItem[],
  { role = 'buyer', entry = '/products', failLists = 0 }: { role?: TestRole; entry?: string; failLists?: number } = {},
) {
  logInAs(role);
  const server = notificationsServer(items, { failLists });
  const rendered = renderApp(entry, {
    socket: sockets.load,
    api: async (request) => {
      const answer = await server.handle(request);
      if (answer) return answer;
      const { pathname } = new URL(request.url);
      if (pathname === '/api/products' || pathname === '/api/seller/products') return jsonResponse(200, { items: [], total: 0, page: 1, totalPages: 1 });
      if (pathname === '/api/categories') return jsonResponse(200, { categories: [] });
      if (pathname === '/api/cart') return jsonResponse(200, EMPTY_CART);
      if (pathname === '/api/wishlist') return jsonResponse(200, EMPTY_WISHLIST);
      return jsonResponse(404, { error: 'Not found', code: 'not_found' });
    },
  });
  return { ...rendered, server };
}

const bell = (name: RegExp | string = /^Notifications/) => screen.findByRole('button', { name });

async function openPanel(user: ReturnType<typeof setUp>['user']) {
  await user.click(await bell());
  return within(await screen.findByRole('dialog', { name: 'Notifications' }));
}

describe('notification bell', () => {
  beforeEach(() => {
    sockets = fakeSocketLibrary();
  });

  it('shows the unread count the API gives, in its label and badge', async () => {
    setUp([makeNotification(), makeNotification(), makeNotification({ readAt: minutesAgo(1) })]);
    const button = await bell('Notifications, 2 unread');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    expect(button).toHaveTextContent('2');
  });

  it('says no count when nothing is unread', async () => {
    setUp([makeNotification({ readAt: minutesAgo(1) })]);
    const button = await bell();
    await waitFor(() => expect(button).toHaveAccessibleName('Notifications'));
    expect(button).toHaveTextContent('');
  });

  it('raises the count on a `notification` event and sets it on `notifications_read` (another tab)', async () => {
    setUp([makeNotification()]);
    await bell('Notifications, 1 unread');
    const socket = await connectedSocket();

    act(() => socket.receive('notification', { notification: makeNotification(), unreadCount: 2 }));
    expect(await bell('Notifications, 2 unread')).toBeInTheDocument();

    act(() => socket.receive('notifications_read', { ids: 'all', unreadCount: 0 }));
    expect(await bell('Notifications')).toHaveTextContent('');
  });

  it('re-reads the count when the socket reconnects', async () => {
    const { server } = setUp([makeNotification()]);
    await bell('Notifications, 1 unread');
    const socket = await connectedSocket();
    // Two arrive while the connection is down.
    server.state.items.unshift(makeNotification(), makeNotification());
    act(() => socket.receive('disconnect', 'transport close'));
    act(() => socket.receive('connect'));
    expect(await bell('Notifications, 3 unread')).toBeInTheDocument();
  });

  it('shows 99+ for more than 99', async () => {
    setUp(Array.from({ length: 120 }, () => makeNotification()));
    const button = await bell('Notifications, 120 unread');
    expect(button).toHaveTextContent('99+');
  });

  it('lists the notifications newest first with when, the exact time in a tooltip, and the unread marked', async () => {
    const older = makeNotification({ title: 'Your order is on its way', createdAt: minutesAgo(5), readAt: minutesAgo(2) });
    const newer = makeNotification({ kind: 'refund_issued', title: 'You were refunded $12.00', body: 'Walnut desk lamp', createdAt: minutesAgo(2) });
    const { user } = setUp([older, newer]);
    const panel = await openPanel(user);
    expect(await bell('Notifications, 1 unread')).toHaveAttribute('aria-expanded', 'true');
    expect(panel.getByRole('heading', { name: 'Notifications' })).toBeInTheDocument();

    const rows = await panel.findAllByRole('link');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Unread: You were refunded $12.00'),
      expect.stringContaining('Your order is on its way'),
    ]);
    expect(rows[1]).not.toHaveTextContent('Unread');
    expect(rows[0]).toHaveTextContent('Walnut desk lamp');
    expect(rows[0]).toHaveAttribute('href', '/myorders/order-1');
    const time = within(rows[1]!).getByText('5 min ago');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('dateTime', older.createdAt);
    expect(time).toHaveAttribute('title', formatExactTime(older.createdAt));
  });

  it('marks one read when it is opened, and follows its link', async () => {
    const item = makeNotification({ title: 'Your parcel was delivered', link: '/myorders/order-7' });
    const { user, router, server } = setUp([item, makeNotification()]);
    const panel = await openPanel(user);
    await user.click(await panel.findByRole('link', { name: /Your parcel was delivered/ }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/myorders/order-7'));
    await waitFor(() => expect(server.state.readBodies).toEqual([{ ids: [item.id] }]));
    expect(await bell('Notifications, 1 unread')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument();
  });

  it('does not mark an already read one again', async () => {
    const item = makeNotification({ title: 'Seen before', link: '/myorders/order-2', readAt: minutesAgo(1) });
    const { user, router, server } = setUp([item]);
    const panel = await openPanel(user);
    await user.click(await panel.findByRole('link', { name: /Seen before/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/myorders/order-2'));
    expect(server.state.readBodies).toEqual([]);
  });

  it('marks all read', async () => {
    const { user, server } = setUp([makeNotification({ title: 'First' }), makeNotification({ title: 'Second' })]);
    const panel = await openPanel(user);
    await panel.findByRole('link', { name: /First/ });
    expect(panel.getAllByText('Unread:', { exact: false })).toHaveLength(2);

    await user.click(panel.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(server.state.readBodies).toEqual([{ all: true }]));
    await waitFor(() => expect(panel.queryByText('Unread:', { exact: false })).not.toBeInTheDocument());
    expect(await bell('Notifications')).toBeInTheDocument();
    expect(panel.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('says why marking all read failed, without the server’s internals', async () => {
    const { user, fetchSpy } = setUp([makeNotification({ title: 'First' })]);
    const panel = await openPanel(user);
    await panel.findByRole('link', { name: /First/ });
    const realFetch = fetchSpy.getMockImplementation()!;
    fetchSpy.mockImplementation(async (input, init) => {
      const request = input instanceof Request ? input : new Request(input, init);
      if (request.method === 'POST') return jsonResponse(500, { error: 'Internal Server Error', code: 'internal' });
      return realFetch(input, init);
    });
    await user.click(panel.getByRole('button', { name: 'Mark all as read' }));
    expect(await panel.findByRole('alert')).toHaveTextContent('Your notifications could not be marked as read. Please try again.');
    expect(panel.getByText('Unread:', { exact: false })).toBeInTheDocument();
  });

  it('loads more, 20 at a time', async () => {
    const items = Array.from({ length: 25 }, (_, index) => makeNotification({ title: `Update ${index + 1}`, createdAt: minutesAgo(index + 1) }));
    const { user, server } = setUp(items);
    const panel = await openPanel(user);
    await panel.findByRole('link', { name: /Update 20(?!\d)/ });
    expect(panel.getAllByRole('link')).toHaveLength(20);
    expect(Object.fromEntries(server.state.listRequests[0]!)).toEqual({ page: '1', limit: '20' });

    await user.click(panel.getByRole('button', { name: 'Load more' }));
    await panel.findByRole('link', { name: /Update 25(?!\d)/ });
    expect(panel.getAllByRole('link')).toHaveLength(25);
    expect(Object.fromEntries(server.state.listRequests[1]!)).toEqual({ page: '2', limit: '20' });
    expect(panel.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('puts a new notification at the top of the open panel, and shows read what another tab read', async () => {
    const first = makeNotification({ title: 'Order placed' });
    const { user } = setUp([first]);
    const panel = await openPanel(user);
    await panel.findByRole('link', { name: /Order placed/ });
    const socket = await connectedSocket();

    act(() =>
      socket.receive('notification', { notification: makeNotification({ title: 'Item approved', createdAt: new Date().toISOString() }), unreadCount: 2 }),
    );
    await waitFor(() =>
      expect(panel.getAllByRole('link').map((row) => row.textContent)).toEqual([
        expect.stringContaining('Item approved'),
        expect.stringContaining('Order placed'),
      ]),
    );
    expect(panel.getAllByRole('link')[0]).toHaveTextContent('just now');

    act(() => socket.receive('notifications_read', { ids: [first.id], unreadCount: 1 }));
    await waitFor(() => expect(panel.getByRole('link', { name: /Order placed/ })).not.toHaveTextContent('Unread'));
    expect(panel.getByRole('link', { name: /Item approved/ })).toHaveTextContent('Unread');
    expect(await bell('Notifications, 1 unread')).toBeInTheDocument();
  });

  it('says when there are none yet', async () => {
    const { user } = setUp([]);
    const panel = await openPanel(user);
    expect(await panel.findByText('You have no notifications yet')).toBeInTheDocument();
    expect(panel.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('shows a load error with Try again, never the server’s internals', async () => {
    const { user } = setUp([makeNotification({ title: 'Back again' })], { failLists: 1 });
    const panel = await openPanel(user);
    const alert = await panel.findByRole('alert');
    expect(alert).toHaveTextContent('Your notifications could not be loaded');
    expect(alert).not.toHaveTextContent(/500|Internal Server Error/);
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await panel.findByRole('link', { name: /Back again/ })).toBeInTheDocument();
  });

  it('closes on Escape (focus back on the bell) and on a click outside', async () => {
    const { user } = setUp([makeNotification({ title: 'Hello' })]);
    const panel = await openPanel(user);
    await panel.findByRole('link', { name: /Hello/ });
    expect(screen.getByRole('dialog', { name: 'Notifications' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument();
    expect(await bell()).toHaveFocus();

    await openPanel(user);
    fireEvent.pointerDown(screen.getByRole('main'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument());
  });

  it('is in the seller dashboard’s top bar too', async () => {
    const { user } = setUp([makeNotification({ kind: 'new_order', title: 'You have a new order', link: '/seller/orders' })], {
      role: 'seller',
      entry: '/seller/product-list',
    });
    const panel = await openPanel(user);
    expect(await panel.findByRole('link', { name: /You have a new order/ })).toHaveAttribute('href', '/seller/orders');
  });
});
