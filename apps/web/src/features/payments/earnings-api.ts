import type { EarningsQuery, EarningsResponse } from '@marketplace/contracts/earnings';
import { api } from '../../lib/api';
import { downloadFile } from '../../lib/download-file';

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

/** Downloads GET /api/seller/earnings.csv; answers whether the file holds only the newest rows, or throws the server's reason. */
export async function downloadEarningsCsv(month: string | undefined): Promise<{ truncated: boolean }> {
  const query = month ? `?month=${encodeURIComponent(month)}` : '';
  const response = await downloadFile(`/api/seller/earnings.csv${query}`, {
    fallbackName: `earnings-${month ?? 'all'}.csv`,
    failed: EARNINGS_CSV_MESSAGES.failed,
  });
  return { truncated: response.headers.get('X-Earnings-Truncated') === 'true' };
}
