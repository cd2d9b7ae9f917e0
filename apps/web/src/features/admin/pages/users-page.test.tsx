import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminUser } from '@marketplace/contracts/users';
import { jsonResponse, renderApp } from '../../../test/render-app';
import { logInAs } from '../../../test/tokens';
import { timeLimit } from '../../../test/time-limit';

// The first visit downloads the lazy route and its layout, which can take a while on a busy machine.
const SLOW_FIRST_LOAD = { timeout: 5000 };

function makeUser(overrides: Partial<AdminUser>): AdminUser {
  return {
    id: 'user-x',
    email: 'x@example.com',
    firstName: 'X',
    lastName: 'Person',
    role: 'buyer',
    companyName: null,
    status: 'active',
    createdAt: '2025-01-15T10:00:00.000Z',
    ...overrides,
  };
}

function usersTable() {
  return screen.getByRole('table', { name: 'Users' });
}

describe('UsersPage', { timeout: timeLimit(30_000) }, () => {
  it('searches by the text typed and suspends a user after confirming', async () => {
    logInAs('admin');
    const users = [
      makeUser({ id: 'user-admin', email: 'admin@example.com', firstName: 'Ada', lastName: 'Tester', role: 'admin' }),
      makeUser({ id: 'user-bea', email: 'bea@example.com', firstName: 'Bea', lastName: 'Buyer' }),
      makeUser({ id: 'user-sam', email: 'sam@example.com', firstName: 'Sam', lastName: 'Seller', role: 'seller', companyName: 'Sam’s Supplies' }),
    ];
    const seenQueries: string[] = [];
    let patchBody: unknown = null;

    const { user } = renderApp('/admin/users', {
      api: async (request) => {
        const url = new URL(request.url);
        if (url.pathname === '/api/admin/users' && request.method === 'GET') {
          const q = url.searchParams.get('q') ?? '';
          seenQueries.push(q);
          const matching = users.filter((candidate) =>
            `${candidate.firstName} ${candidate.lastName} ${candidate.email}`.toLowerCase().includes(q.toLowerCase()),
          );
          return jsonResponse(200, { users: matching, pagination: { page: 1, limit: 10, totalPages: 1, totalItems: matching.length } });
        }
        if (url.pathname === '/api/admin/users/user-bea' && request.method === 'PATCH') {
          patchBody = await request.json();
          users[1] = { ...users[1]!, status: 'suspended' };
          return jsonResponse(200, { user: users[1] });
        }
        return jsonResponse(404, { error: 'Not found' });
      },
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Users' }, SLOW_FIRST_LOAD)).toBeInTheDocument();
    expect(within(await screen.findByRole('table', { name: 'Users' }, SLOW_FIRST_LOAD)).getByText('Sam’s Supplies')).toBeInTheDocument();
    // Your own row has no Suspend action.
    expect(within(usersTable()).queryByRole('button', { name: 'Suspend Ada Tester' })).not.toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 3 of 3 results')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'bea');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Showing 1 to 1 of 1 result')).toBeInTheDocument();
    expect(seenQueries).toContain('bea');
    expect(within(usersTable()).queryByText('Sam Seller')).not.toBeInTheDocument();

    await user.click(within(usersTable()).getByRole('button', { name: 'Suspend Bea Buyer' }));
    const dialog = screen.getByRole('dialog', { name: 'Suspend Bea Buyer?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Suspend user' }));

    expect(await screen.findByText('Bea Buyer is suspended')).toBeInTheDocument();
    expect(patchBody).toEqual({ status: 'suspended' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await within(usersTable()).findByRole('button', { name: 'Reactivate Bea Buyer' })).toBeInTheDocument();
    expect(within(usersTable()).getByText('Suspended')).toBeInTheDocument();
  });

  it('leaves the user alone when the dialog is cancelled', async () => {
    logInAs('admin');
    const bea = makeUser({ id: 'user-bea', firstName: 'Bea', lastName: 'Buyer' });
    const { user, fetchSpy } = renderApp('/admin/users', {
      api: () => jsonResponse(200, { users: [bea], pagination: { page: 1, limit: 10, totalPages: 1, totalItems: 1 } }),
    });

    const table = await screen.findByRole('table', { name: 'Users' }, SLOW_FIRST_LOAD);
    await user.click(within(table).getByRole('button', { name: 'Suspend Bea Buyer' }));
    await user.keyboard('{Escape}');

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetchSpy.mock.calls.every(([input]) => (input as Request).method === 'GET')).toBe(true);
  });

  it('sends the role and status filters and pages through the results', async () => {
    logInAs('admin');
    const requests: URL[] = [];
    const { user, router } = renderApp('/admin/users', {
      api: (request) => {
        const url = new URL(request.url);
        requests.push(url);
        const page = Number(url.searchParams.get('page'));
        const pageUsers = Array.from({ length: page === 3 ? 5 : 10 }, (_, index) =>
          makeUser({ id: `user-${page}-${index}`, firstName: `Seller${page}`, lastName: `N${index}`, role: 'seller' }),
        );
        return jsonResponse(200, { users: pageUsers, pagination: { page, limit: 10, totalPages: 3, totalItems: 25 } });
      },
    });

    await user.selectOptions(await screen.findByLabelText('Role', {}, SLOW_FIRST_LOAD), 'seller');
    await user.selectOptions(screen.getByLabelText('Status'), 'suspended');
    await user.click(await screen.findByRole('button', { name: 'Page 3' }));

    expect(await screen.findByText('Showing 21 to 25 of 25 results')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?role=seller&status=suspended&page=3');
    const last = requests.at(-1)!;
    expect(Object.fromEntries(last.searchParams)).toEqual({ role: 'seller', status: 'suspended', page: '3', limit: '10' });
    expect(screen.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
  });
});
