import type {
  CheckoutConfigResponse,
  CheckoutRequest,
  CheckoutRequiresAction,
  CheckoutResponse,
  CheckoutSummaryResponse,
  SandboxAuthenticationRequest,
} from '@marketplace/contracts/orders';
import type { Address, AddressListResponse } from '@marketplace/contracts/users';
import { api } from '../../lib/api';

export const checkoutApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCheckoutConfig: build.query<CheckoutConfigResponse, void>({
      query: () => '/checkout/config',
    }),
    /**
     * Totals, each shop's shipping and delivery dates to the ZIP code (none: what needs no destination), and what
     * changed since the lines were added; re-read whenever the cart or the ZIP code changes.
     */
    getCheckoutSummary: build.query<CheckoutSummaryResponse, { postalCode: string | null } | void>({
      query: (destination) => (destination?.postalCode ? `/checkout/summary?postal_code=${encodeURIComponent(destination.postalCode)}` : '/checkout/summary'),
      providesTags: ['CheckoutSummary'],
    }),
    listShippingAddresses: build.query<Address[], void>({
      query: () => '/users/me/addresses',
      transformResponse: (response: AddressListResponse) => response.addresses,
      providesTags: ['Address'],
    }),
    /**
     * One Idempotency-Key per checkout attempt: a retry with the same key never charges twice. A card
     * that asks for authentication answers `requiresAction` (202) and no order yet.
     */
    placeOrder: build.mutation<CheckoutResponse | CheckoutRequiresAction, { idempotencyKey: string; body: CheckoutRequest }>({
      query: ({ idempotencyKey, body }) => ({ url: '/orders/checkout', method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } }),
      invalidatesTags: (result, error) => (error || (result && !result.success) ? ['CheckoutSummary'] : ['CheckoutSummary', 'Cart', 'BuyerOrder']),
    }),
    /** The sandbox's stand-in for the bank's 3-D Secure page. */
    authenticateSandboxPayment: build.mutation<{ success: true }, SandboxAuthenticationRequest>({
      query: (body) => ({ url: '/checkout/sandbox-authentication', method: 'POST', body }),
    }),
  }),
});

export const {
  useGetCheckoutConfigQuery,
  useGetCheckoutSummaryQuery,
  useListShippingAddressesQuery,
  usePlaceOrderMutation,
  useAuthenticateSandboxPaymentMutation,
} = checkoutApi;
