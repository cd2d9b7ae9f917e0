import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { expireSession, readSession } from './session';

// An absolute base keeps fetch happy outside a browser page too (tests run in jsdom on Node).
const rawBaseQuery = fetchBaseQuery({
  baseUrl: `${globalThis.location?.origin ?? ''}/api`,
  prepareHeaders: (headers) => {
    const token = readSession()?.token;
    if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
    return headers;
  },
});

/**
 * A 401 on a call that carried a token means the server no longer accepts the session: end it, and
 * the app shell sends the user to /login (docs/product/roles.md). A 401 without a token (a wrong password) is
 * just an answer for the page that asked.
 */
const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, api, extraOptions) => {
  const result = await rawBaseQuery(args, api, extraOptions);
  const sentToken = result.meta?.request.headers.has('Authorization') ?? false;
  if (result.error?.status === 401 && sentToken) expireSession();
  return result;
};

/** The one way the web app calls the API. Features add their endpoints with `api.injectEndpoints`. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Me', 'Category', 'SellerProduct', 'SellerProductList', 'ProductImages', 'SellerOrder', 'SellerDashboard', 'AdminUser', 'AdminOrder', 'AdminProduct', 'Commission', 'Cart', 'Wishlist', 'CheckoutSummary', 'BuyerOrder', 'Address', 'Profile', 'Shipment', 'PaymentAccount', 'Payout', 'PayoutStats', 'ShippedOrder', 'Seller', 'Chat', 'Review'],
  endpoints: () => ({}),
});
