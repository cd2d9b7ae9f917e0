import type { ShippingProfileListResponse } from '@marketplace/contracts/delivery';
import { api } from '../../lib/api';

// The seller's shipping profiles, for the listing form's Shipping choice. They are kept on /seller/settings
// (features/seller/shipping-profiles-api.ts): a feature does not import another, so the list is asked for
// here too, under the same tag, and a change there refreshes it.
export const shippingProfileChoicesApi = api.enhanceEndpoints({ addTagTypes: ['ShippingProfile'] }).injectEndpoints({
  endpoints: (build) => ({
    listShippingProfileChoices: build.query<ShippingProfileListResponse, void>({
      query: () => '/seller/shipping-profiles',
      providesTags: ['ShippingProfile'],
    }),
  }),
});

export const { useListShippingProfileChoicesQuery } = shippingProfileChoicesApi;
