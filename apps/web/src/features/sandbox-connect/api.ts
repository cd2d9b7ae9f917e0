import type { SandboxLinkResponse, SandboxOnboardingBody } from '@marketplace/contracts/payouts';
import { api } from '../../lib/api';

/**
 * The embedded payment sandbox's own pages (its stand-in for Stripe's hosted onboarding and Express
 * dashboard). Public: the token in the link is the only credential, so no login is involved.
 */
export const sandboxConnectApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSandboxLink: build.query<SandboxLinkResponse, string>({
      query: (token) => `/sandbox/connect/links/${encodeURIComponent(token)}`,
      // A link is short-lived and single-purpose: always ask again.
      keepUnusedDataFor: 0,
    }),
    completeSandboxOnboarding: build.mutation<{ success: true; returnUrl: string }, { token: string; body: SandboxOnboardingBody }>({
      query: ({ token, body }) => ({ url: `/sandbox/connect/links/${encodeURIComponent(token)}/complete`, method: 'POST', body }),
    }),
  }),
});

export const { useGetSandboxLinkQuery, useCompleteSandboxOnboardingMutation } = sandboxConnectApi;
