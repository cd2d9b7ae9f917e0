import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OutboxMessage, OutboxSummary } from '@marketplace/contracts/mail';
import { jsonResponse, renderApp, type ApiHandler } from '../../../test/render-app';
import { logInAs } from '../../../test/tokens';
import { timeLimit } from '../../../test/time-limit';

const SLOW_FIRST_LOAD = { timeout: 5000 };

function summary(index: number, overrides: Partial<OutboxSummary> = {}): OutboxSummary {
  return {
    id: `mail-${index}`,
    to: `buyer${index}@example.com`,
    template: 'order-placed-buyer',
    category: 'transactional',
    subject: `Your order #${index} is confirmed`,
    status: 'sent',
    attempts: 1,
    lastError: null,
    createdAt: new Date(Date.UTC(2025, 2, 1, 10, 0, 0) - index * 60_000).toISOString(),
    sentAt: '2025-03-01T10:00:05.000Z',
    ...overrides,
  };
}

function fakeApi() {
  const all = Array.from({ length: 25 }, (_, index) => summary(index + 1));
  all[0] = summary(1, {
    subject: 'New order #1: <script>x</script>',
    status: 'failed',
    attempts: 1,
    lastError: '550 5.1.1 Mailbox unavailable',
    sentAt: null,
    category: 'notification',
    template: 'order-placed-seller',
  });
  const pagesAsked: string[] = [];
  const handler: ApiHandler = async (request) => {
    const url = new URL(request.url);
    if (url.pathname === '/api/admin/settings')
      return jsonResponse(200, {
        marketplaceName: 'Marketplace',
        supportEmail: 'support@example.com',
        supportPhone: '+1 (800) 555-0199',
        updatedAt: '2025-03-01T10:00:00.000Z',
      });
    if (url.pathname === '/api/support/requests')
      return jsonResponse(200, { requests: [], pagination: { page: 1, limit: 20, totalItems: 0, totalPages: 1 }, openCount: 0 });
    if (url.pathname === '/api/admin/outbox') {
      const page = Number(url.searchParams.get('page'));
      const limit = Number(url.searchParams.get('limit'));
      pagesAsked.push(`${page}/${limit}`);
      return jsonResponse(200, { messages: all.slice((page - 1) * limit, page * limit), page, limit, total: all.length });
    }
    const match = /^\/api\/admin\/outbox\/(.+)$/.exec(url.pathname);
    if (match) {
      const found = all.find((message) => message.id === match[1])!;
      const whole: OutboxMessage = {
        ...found,
        from: 'Marketplace <no-reply@localhost>',
        html: '<!doctype html><h1>New order</h1><p>&lt;script&gt;x&lt;/script&gt;</p>',
        text: 'New order\n\n2 × <script>x</script>: $45.00',
        headers: { 'List-Unsubscribe': '<https://shop.test/api/mail/unsubscribe?u=1&p=newOrder&s=x>' },
      };
      return jsonResponse(200, whole);
    }
    return jsonResponse(404, { error: 'Not found', code: 'not_found' });
  };
  return { handler, pagesAsked };
}

describe('Admin → Settings → Outbox', { timeout: timeLimit(30_000) }, () => {
  it('lists e-mails newest first, pages, and shows one as sandboxed HTML and as text', async () => {
    logInAs('admin');
    const fake = fakeApi();
    const { user } = renderApp('/admin/settings', { api: fake.handler });

    const table = await screen.findByRole('table', { name: 'Outbox' }, SLOW_FIRST_LOAD);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(20);
    // The subject is text, never markup.
    expect(within(rows[0]!).getByText('New order #1: <script>x</script>')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Failed')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Your order #2 is confirmed')).toBeInTheDocument();
    expect(fake.pagesAsked).toEqual(['1/20']);

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await within(table).findByText('Your order #21 is confirmed')).toBeInTheDocument();
    expect(fake.pagesAsked).toContain('2/20');
    await user.click(screen.getByRole('button', { name: 'Page 1' }));

    await user.click(await within(table).findByRole('button', { name: 'Open “New order #1: <script>x</script>” to buyer1@example.com' }));
    const drawer = await screen.findByRole('dialog', { name: 'New order #1: <script>x</script>' });
    expect(within(drawer).getByText('550 5.1.1 Mailbox unavailable')).toBeInTheDocument();
    const frame = within(drawer).getByTitle('E-mail as HTML');
    // No scripts, no same-origin: an e-mail can never act as the admin.
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toContain('<h1>New order</h1>');
    await user.click(within(drawer).getByRole('button', { name: 'Text' }));
    expect(within(drawer).getByText(/2 × <script>x<\/script>: \$45\.00/)).toBeInTheDocument();
    expect(within(drawer).queryByTitle('E-mail as HTML')).not.toBeInTheDocument();
  });
});
