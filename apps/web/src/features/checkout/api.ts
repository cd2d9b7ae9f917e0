import type { CheckoutConfigResponse, CheckoutRequest, CheckoutResponse, CheckoutSummaryResponse } from '@marketplace/contracts/orders';
import type { Address, AddressListResponse } from '@marketplace/contracts/users';
import { api } from '../../lib/api';

export const checkoutApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCheckoutConfig: build.query<CheckoutConfigResponse, void>({
      query: () => '/checkout/config',
    }),
    /** Totals and what changed since the lines were added; re-read whenever the cart changes. */
    getCheckoutSummary: build.query<CheckoutSummaryResponse, void>({
      query: () => '/checkout/summary',
      providesTags: ['CheckoutSummary'],
    }),
    listShippingAddresses: build.query<Address[], void>({
      query: () => '/users/me/addresses',
      transformResponse: (response: AddressListResponse) => response.addresses,
      providesTags: ['Address'],
    }),
    /** One Idempotency-Key per checkout attempt: a retry with the same key never charges twice. */
    placeOrder: build.mutation<CheckoutResponse, { idempotencyKey: string; body: CheckoutRequest }>({
      query: ({ idempotencyKey, body }) => ({ url: '/orders/checkout', method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } }),
      invalidatesTags: (_result, error) => (error ? ['CheckoutSummary'] : ['CheckoutSummary', 'Cart', 'BuyerOrder']),
    }),
  }),
});

export const { useGetCheckoutConfigQuery, useGetCheckoutSummaryQuery, useListShippingAddressesQuery, usePlaceOrderMutation } = checkoutApi;
