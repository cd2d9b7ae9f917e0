import { act, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { describe, expect, it } from 'vitest';
import { configureStore } from '@reduxjs/toolkit';
import { api } from '../../../lib/api';
import { jsonResponse, renderApp, type ApiHandler } from '../../../test/render-app';
import { logInAs } from '../../../test/tokens';
import { bulkUpdateChatUnread, resetUnread, setTotalUnreadCount, unreadMessagesReducer } from '../unread-slice';
import { UnreadBadge } from './unread-badge';

function renderBadge() {
  // The app's store as far as the badge goes (features do not import the app shell).
  const store = configureStore({ reducer: { [api.reducerPath]: api.reducer, unreadMessages: unreadMessagesReducer } });
  const utils = render(
    <Provider store={store}>
      <a href="/user/chats">
        Messages
        <UnreadBadge />
      </a>
    </Provider>,
  );
  return { ...utils, store };
}

describe('UnreadBadge', () => {
  it('shows nothing at 0', () => {
    const { container } = renderBadge();
    expect(container.querySelector('a')).toHaveTextContent(/^Messages$/);
    expect(screen.getByRole('link')).toHaveAccessibleName('Messages');
  });

  it('shows the total with an accessible label, live as the count changes', () => {
    const { store } = renderBadge();
    act(() => {
      store.dispatch(bulkUpdateChatUnread({ a: 2, b: 1 }));
    });
    expect(screen.getByRole('link')).toHaveAccessibleName('Messages 3 unread messages');
    expect(screen.getByText('3')).toHaveAttribute('aria-hidden');

    act(() => {
      store.dispatch(setTotalUnreadCount(1));
    });
    expect(screen.getByRole('link')).toHaveAccessibleName('Messages 1 unread message');

    act(() => {
      store.dispatch(resetUnread());
    });
    expect(screen.getByRole('link')).toHaveAccessibleName('Messages');
  });

  it('shows 99+ above 99 but says the exact number', () => {
    const { store } = renderBadge();
    act(() => {
      store.dispatch(setTotalUnreadCount(99));
    });
    expect(screen.getByText('99')).toBeInTheDocument();
    act(() => {
      store.dispatch(setTotalUnreadCount(150));
    });
    expect(screen.getByText('99+')).toBeInTheDocument();
    expect(screen.getByRole('link')).toHaveAccessibleName('Messages 150 unread messages');
  });
});

describe('unread total in the page headers', () => {
  const chats =
    (counts: Record<string, number>): ApiHandler =>
    (request) => {
      const path = new URL(request.url).pathname;
      if (path.startsWith('/api/chat/')) {
        return jsonResponse(200, { success: true, chats: Object.entries(counts).map(([id, unread_count]) => ({ id, unread_count })) });
      }
      return jsonResponse(404, { error: 'Not found' });
    };

  it('is on the Messages link of the seller sidebar', async () => {
    logInAs('seller');
    renderApp('/seller/help-and-support', { api: chats({ a: 4, b: 1 }) });
    const sidebar = await screen.findByRole('navigation', { name: 'Seller navigation' });
    expect(await within(sidebar).findByRole('link', { name: 'Messages 5 unread messages' })).toHaveAttribute('href', '/seller/chats');
  });

  it('is on the Messages link of the buyer header', async () => {
    logInAs('buyer');
    renderApp('/myorders', { api: chats({ a: 2 }) });
    const nav = (await screen.findAllByRole('navigation', { name: 'Shop' }))[0]!;
    expect(await within(nav).findByRole('link', { name: 'Messages 2 unread messages' })).toHaveAttribute('href', '/user/chats');
  });

  it('is absent when nothing is unread', async () => {
    logInAs('buyer');
    renderApp('/myorders', { api: chats({ a: 0 }) });
    const nav = (await screen.findAllByRole('navigation', { name: 'Shop' }))[0]!;
    expect(await within(nav).findByRole('link', { name: 'Messages' })).toBeInTheDocument();
    expect(screen.queryByText(/unread message/)).not.toBeInTheDocument();
  });
});
