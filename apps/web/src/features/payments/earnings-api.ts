import type { EarningsQuery, EarningsResponse } from '@marketplace/contracts/earnings';
import { api } from '../../lib/api';
import { readSession } from '../../lib/session';

// The seller's Earnings page (docs/product/payouts.md, "Earnings page"): GET /api/seller/earnings, and its
// CSV, which is fetched with the session's token (a plain link would carry none) and handed over as a file.

export const earningsApi = api.enhanceEndpoints({ addTagTypes: ['Earnings'] }).injectEndpoints({
  endpoints: (build) => ({
    getSellerEarnings: build.query<EarningsResponse, EarningsQuery>({
      query: ({ page, limit, month }) => ({ url: '/seller/earnings', params: { page, limit, ...(month ? { month } : {}) } }),
      // A payout made by the admin or the automatic payout shows without a reload of the whole app.
      providesTags: ['Earnings', 'Payout'],
    }),
  }),
});

export const { useGetSellerEarningsQuery } = earningsApi;

export const EARNINGS_CSV_MESSAGES = {
  failed: 'The CSV could not be downloaded. Please try again.',
  downloaded: 'Earnings downloaded as CSV',
  truncated: 'The CSV holds your newest 10,000 items. Choose a month to download older ones.',
} as const;

async function errorMessageOf(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { error?: unknown };
    return typeof body.error === 'string' ? body.error : EARNINGS_CSV_MESSAGES.failed;
  } catch {
    return EARNINGS_CSV_MESSAGES.failed;
  }
}

/** The file name the server gave (Content-Disposition), or a sensible one. */
function fileNameOf(response: Response, month: string | undefined): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '');
  return match?.[1] ?? `earnings-${month ?? 'all'}.csv`;
}

/** Downloads GET /api/seller/earnings.csv; answers whether the file holds only the newest rows, or throws the server's reason. */
export async function downloadEarningsCsv(month: string | undefined): Promise<{ truncated: boolean }> {
  const token = readSession()?.token;
  const query = month ? `?month=${encodeURIComponent(month)}` : '';
  let response: Response;
  try {
    response = await fetch(`${globalThis.location?.origin ?? ''}/api/seller/earnings.csv${query}`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
  } catch {
    throw new Error(EARNINGS_CSV_MESSAGES.failed);
  }
  if (!response.ok) throw new Error(await errorMessageOf(response));
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response, month);
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next tick: some browsers start the download after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return { truncated: response.headers.get('X-Earnings-Truncated') === 'true' };
}
