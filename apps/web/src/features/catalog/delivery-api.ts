import type { ProductDeliveryResponse } from '@marketplace/contracts/delivery';
import { api } from '../../lib/api';

// A product page's delivery promise: what one unit costs to ship and the days it would arrive between. Only the
// page's delivery box asks for it, and it injects this endpoint from its own lazily loaded chunk, so the page's
// first load carries none of it.

export interface ProductDeliveryArgs {
  productId: string;
  /** The ZIP code the visitor typed; null lets the API quote to a signed-in buyer's default address (a guest gets no dates). */
  postalCode: string | null;
  /** Who is asking (the session's user, null for a guest). Not sent: it keeps a guest's answer apart from a buyer's. */
  viewerId: string | null;
}

export const deliveryApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProductDelivery: build.query<ProductDeliveryResponse, ProductDeliveryArgs>({
      query: ({ productId, postalCode }) => ({
        url: `/products/${encodeURIComponent(productId)}/delivery`,
        ...(postalCode === null ? {} : { params: { postal_code: postalCode } }),
      }),
      // Without a typed ZIP code the buyer's default address decides, so a change to their addresses asks again.
      providesTags: (_result, _error, { postalCode }) => (postalCode === null ? ['Address'] : []),
    }),
  }),
});

export const { useGetProductDeliveryQuery } = deliveryApi;
