import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderApp } from '../../../test/render-app';
import { logInAs } from '../../../test/tokens';
import { timeLimit } from '../../../test/time-limit';

describe('SellerProfilePage', { timeout: timeLimit(30_000) }, () => {
  it('shows the seller’s details, company, address book (ship-from address) and password form', async () => {
    logInAs('seller');
    renderApp('/seller/profile', {
      api: (request) => {
        const url = new URL(request.url);
        if (url.pathname === '/api/users/me') {
          return jsonResponse(200, {
            user: {
              id: 'user-seller',
              email: 'seller@example.com',
              firstName: 'Sam',
              lastName: 'Tester',
              role: 'seller',
              companyName: 'Sam’s Supplies',
              phone: null,
              createdAt: '2025-01-15T10:00:00.000Z',
            },
          });
        }
        if (url.pathname === '/api/users/me/addresses') return jsonResponse(200, { addresses: [] });
        return jsonResponse(404, { error: 'Not found' });
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' }, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByDisplayValue('Sam’s Supplies')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Address book' })).toBeInTheDocument();
    expect(screen.getByText(/ship-from address printed on your UPS labels/)).toBeInTheDocument();
  });
});
