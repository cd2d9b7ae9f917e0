import type {
  AccountStatusResponse,
  CheckAccountResponse,
  CreateExpressAccountResponse,
  DashboardLinkResponse,
  OnboardingLinkResponse,
} from '@marketplace/contracts/payouts';
import { api } from '../../lib/api';

// The seller's Stripe Connect account (docs/product/api.md). Account creation and links are one-shot calls; the
// status is read on page load (check-account) and re-read from the provider on Refresh (account-status).
export const connectApi = api.injectEndpoints({
  endpoints: (build) => ({
    checkAccount: build.query<CheckAccountResponse, void>({
      query: () => '/stripe-connect/check-account',
      providesTags: ['PaymentAccount'],
    }),
    createExpressAccount: build.mutation<CreateExpressAccountResponse, void>({
      // docs/product/limits.md: the type and the country are fixed.
      query: () => ({ url: '/stripe-connect/create-express-account', method: 'POST', body: { type: 'express', country: 'US' } }),
    }),
    createOnboardingLink: build.mutation<OnboardingLinkResponse, string>({
      query: (accountId) => ({ url: '/stripe-connect/create-onboarding-link', method: 'POST', body: { accountId } }),
    }),
    // A mutation, not a cached query: every Refresh must ask the provider again.
    refreshAccountStatus: build.mutation<AccountStatusResponse, string>({
      query: (accountId) => ({ url: `/stripe-connect/account-status/${encodeURIComponent(accountId)}`, method: 'GET' }),
    }),
    // Login links are single-use, so never cached either.
    createDashboardLink: build.mutation<DashboardLinkResponse, void>({
      query: () => ({ url: '/stripe-connect/create-stripe-dashboard-link', method: 'GET' }),
    }),
  }),
});

export const {
  useCheckAccountQuery,
  useCreateExpressAccountMutation,
  useCreateOnboardingLinkMutation,
  useRefreshAccountStatusMutation,
  useCreateDashboardLinkMutation,
} = connectApi;
