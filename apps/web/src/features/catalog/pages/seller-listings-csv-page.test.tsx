import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ListingsImportResponse } from '@marketplace/contracts/listings-csv';
import { jsonResponse, renderApp, type ApiHandler } from '../../../test/render-app';
import { logInAs } from '../../../test/tokens';
import { timeLimit } from '../../../test/time-limit';

// The seller's CSV page (docs/product/listings.md "CSV import and export"): download the listings, check a file
// (a dry run: its table of rows), then import the good rows, the rows with errors said to be skipped.

const SLOW_FIRST_LOAD = { timeout: 5000 };
const PAGE = '/seller/product-list/csv';
const LAMP_ID = '6b1f7c1e-5d5b-4a3c-9b8e-2f1d3c4b5a69';

function answer(dryRun: boolean): ListingsImportResponse {
  return {
    dryRun,
    listings: { created: 1, updated: 1, unchanged: 0, failed: 1 },
    rows: [
      { row: 2, status: 'created', title: 'Maple board', ...(dryRun ? {} : { productId: 'new-id' }) },
      { row: 3, status: 'updated', title: 'Brass lamp', productId: LAMP_ID },
      { row: 4, status: 'error', title: 'Organic tee', variant: 'Size: S', errors: [{ column: 'price', reason: 'Price must be a number' }] },
      { row: 5, status: 'error', title: 'Organic tee', variant: 'Size: M', errors: [{ column: null, reason: 'Row 4 of this listing has an error' }] },
    ],
  };
}

function api(calls: Request[]): ApiHandler {
  return (request) => {
    const url = new URL(request.url);
    if (url.pathname === '/api/seller/products/import') {
      calls.push(request);
      return jsonResponse(200, answer(url.searchParams.get('dryRun') === 'true'));
    }
    if (url.pathname === '/api/seller/products/export.csv') {
      return new Response('\uFEFFproduct_id,title\r\n', {
        status: 200,
        headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="listings-2026-01-15.csv"' },
      });
    }
    return jsonResponse(404, { error: 'Not found', code: 'not_found' });
  };
}

const csvFile = () => new File(['product_id,title\r\n,Maple board\r\n'], 'listings.csv', { type: 'text/csv' });

describe('SellerListingsCsvPage', { timeout: timeLimit(20_000) }, () => {
  beforeEach(() => {
    logInAs('seller');
  });

  it('checks a file first, shows each row’s result, then imports the good rows', async () => {
    const calls: Request[] = [];
    const { user } = renderApp(PAGE, { api: api(calls) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Import / export CSV' }, SLOW_FIRST_LOAD)).toBeInTheDocument();

    // Nothing chosen yet: the form says so and sends nothing.
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    expect(await screen.findByText('Choose a CSV file first.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await user.upload(screen.getByLabelText('CSV file'), csvFile());
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    const results = await screen.findByRole('table', { name: 'Check of listings.csv' });
    expect(calls).toHaveLength(1);
    expect(new URL(calls[0]!.url).searchParams.get('dryRun')).toBe('true');
    expect(await ((await calls[0]!.formData()).get('file') as File).text()).toContain('Maple board');
    // Focus moves to the results, which a keyboard or screen reader user reaches next.
    expect(screen.getByRole('heading', { level: 2, name: 'Check of listings.csv' })).toHaveFocus();

    const rows = within(results).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['2', 'Maple board', 'New'],
      ['3', 'Brass lamp', 'Updated'],
      ['4', 'Organic teeSize: Sprice: Price must be a number', 'Error'],
      ['5', 'Organic teeSize: MRow 4 of this listing has an error', 'Error'],
    ]);
    expect(screen.getByText('1 new listing, 1 updated and 1 with errors, in 4 rows.')).toBeInTheDocument();
    expect(screen.getByText(/Rows with errors will be skipped: 1 listing will stay as it is/)).toBeInTheDocument();

    await user.click(screen.getByLabelText('Show only rows with errors'));
    expect(within(results).getAllByRole('row')).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Import 2 listings' }));
    expect(await screen.findByText('Your listings were imported')).toBeInTheDocument();
    expect(calls).toHaveLength(2);
    expect(new URL(calls[1]!.url).searchParams.has('dryRun')).toBe(false);
    expect(screen.getByText(/1 new listing saved as drafts: add a photo/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See them in your Product List' })).toHaveAttribute('href', '/seller/product-list');
    expect(screen.queryByRole('button', { name: /^Import \d/ })).not.toBeInTheDocument();
  });

  it('shows why a file is refused as a whole', async () => {
    const refuse: ApiHandler = () => jsonResponse(400, { error: 'Unknown column "colour" (column B).', code: 'csv_bad_header' });
    const { user } = renderApp(PAGE, { api: refuse });
    await user.upload(await screen.findByLabelText('CSV file', {}, SLOW_FIRST_LOAD), csvFile());
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    expect(await screen.findByText('Unknown column "colour" (column B).')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('downloads the listings as a CSV file under the name the server gives', async () => {
    const createObjectURL = vi.fn(() => 'blob:listings');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const { user, fetchSpy } = renderApp(PAGE, { api: api([]) });
    await user.click(await screen.findByRole('button', { name: 'Download CSV' }, SLOW_FIRST_LOAD));
    expect(await screen.findByText('Your listings were downloaded as CSV')).toBeInTheDocument();
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]!.download).toBe('listings-2026-01-15.csv');
    const request = fetchSpy.mock.calls.map(([input]) => String(input instanceof Request ? input.url : input)).find((url) => url.includes('export.csv'));
    expect(request).toBeDefined();
  });

  it('is reached from the Product List', async () => {
    const { user, router } = renderApp('/seller/product-list', {
      api: (request) =>
        new URL(request.url).pathname === '/api/seller/products'
          ? jsonResponse(200, { items: [], total: 0, isTotalExact: true, page: 1, totalPages: 0 })
          : jsonResponse(404, { error: 'Not found', code: 'not_found' }),
    });
    await user.click(await screen.findByRole('link', { name: 'Import / export CSV' }, SLOW_FIRST_LOAD));
    await waitFor(() => expect(router.state.location.pathname).toBe(PAGE));
    expect(await screen.findByRole('heading', { level: 1, name: 'Import / export CSV' }, SLOW_FIRST_LOAD)).toBeInTheDocument();
  });
});
