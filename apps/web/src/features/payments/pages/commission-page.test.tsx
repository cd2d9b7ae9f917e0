import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderApp } from '../../../test/render-app';
import { logInAs } from '../../../test/tokens';
import { timeLimit } from '../../../test/time-limit';

// The first visit downloads the lazy route and its layout, which can take a while on a busy machine.
const SLOW_FIRST_LOAD = { timeout: 5000 };

const RATES = [
  { category: 'Electronics', slug: 'electronics', commission_rate: 8 },
  { category: 'Home & Kitchen', slug: 'home-kitchen', commission_rate: 12.5 },
];

describe('CommissionPage', { timeout: timeLimit(30_000) }, () => {
  it('explains how commission applies and lists each category with its rate', async () => {
    logInAs('admin');
    renderApp('/admin/commission', { api: () => jsonResponse(200, { success: true, data: RATES }) });

    expect(await screen.findByLabelText('Commission rate for Home & Kitchen (%)', {}, SLOW_FIRST_LOAD)).toHaveValue('12.5');
    expect(screen.getByText(/Platform commission = item total × category rate \/ 100/)).toBeInTheDocument();
    const kitchen = screen.getByRole('form', { name: 'Home & Kitchen commission' });
    expect(within(kitchen).getByText('$12.50')).toBeInTheDocument();
  });

  it.each([
    ['101', 'Commission rate must be between 0 and 100'],
    ['1.234', 'Commission rate can have at most 2 decimals'],
    ['-3', 'Enter a number between 0 and 100, e.g. 12.5'],
    ['', 'Enter a number between 0 and 100, e.g. 12.5'],
  ])('refuses %j without calling the API', async (typed, message) => {
    logInAs('admin');
    const { user, fetchSpy } = renderApp('/admin/commission', { api: () => jsonResponse(200, { success: true, data: RATES }) });

    const input = await screen.findByLabelText('Commission rate for Electronics (%)', {}, SLOW_FIRST_LOAD);
    await user.clear(input);
    if (typed) await user.type(input, typed);
    await user.click(screen.getByRole('button', { name: 'Save Electronics rate' }));

    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(message);
    expect(fetchSpy.mock.calls.every(([request]) => (request as Request).method === 'GET')).toBe(true);
  });

  it('saves one row with PUT to its category slug and confirms with a toast', async () => {
    logInAs('admin');
    let rates = RATES;
    const puts: { url: string; body: unknown }[] = [];
    const { user } = renderApp('/admin/commission', {
      api: async (request) => {
        const url = new URL(request.url);
        if (request.method === 'PUT') {
          const body = (await request.json()) as { commission_rate: number };
          puts.push({ url: url.pathname, body });
          rates = rates.map((entry) => (entry.slug === 'electronics' ? { ...entry, commission_rate: body.commission_rate } : entry));
          return jsonResponse(200, { success: true, data: { category: 'Electronics', slug: 'electronics', commission_rate: body.commission_rate } });
        }
        return jsonResponse(200, { success: true, data: rates });
      },
    });

    const input = await screen.findByLabelText('Commission rate for Electronics (%)', {}, SLOW_FIRST_LOAD);
    await user.clear(input);
    await user.type(input, '9.75');
    expect(within(screen.getByRole('form', { name: 'Electronics commission' })).getByText('$9.75')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Electronics rate' }));

    expect(await screen.findByText('Electronics commission is now 9.75%')).toBeInTheDocument();
    expect(puts).toEqual([{ url: '/api/admin/commission/electronics', body: { commission_rate: 9.75 } }]);
    expect(input).toHaveValue('9.75');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it("shows the server's refusal next to the field", async () => {
    logInAs('admin');
    const { user } = renderApp('/admin/commission', {
      api: (request) =>
        request.method === 'PUT'
          ? jsonResponse(400, { error: 'Validation failed', issues: [{ path: 'commission_rate', message: 'Commission rate must be between 0 and 100' }] })
          : jsonResponse(200, { success: true, data: RATES }),
    });

    const input = await screen.findByLabelText('Commission rate for Electronics (%)', {}, SLOW_FIRST_LOAD);
    await user.clear(input);
    await user.type(input, '50');
    await user.click(screen.getByRole('button', { name: 'Save Electronics rate' }));

    expect(await screen.findByText('Commission rate must be between 0 and 100')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });
});
