import type { ChangeEmailRequest, ChangeEmailResponse } from '@marketplace/contracts/auth';
import type {
  Address,
  AddressListResponse,
  ChangePasswordRequest,
  ChangePasswordResponse,
  CreateAddressRequest,
  ProfileResponse,
  UpdateAddressRequest,
  UpdateProfileRequest,
} from '@marketplace/contracts/users';
import { api } from '../../lib/api';

export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProfile: build.query<ProfileResponse, void>({
      query: () => '/users/me',
      providesTags: ['Profile'],
    }),
    updateProfile: build.mutation<ProfileResponse, UpdateProfileRequest>({
      query: (body) => ({ url: '/users/me', method: 'PUT', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['Profile', 'Me']),
    }),
    // Answers a new token: the change ends every other session (docs/product/accounts.md); the form saves it.
    changePassword: build.mutation<ChangePasswordResponse, ChangePasswordRequest>({
      query: (body) => ({ url: '/users/me/password', method: 'PUT', body }),
    }),
    // docs/product/accounts.md "Changing the e-mail address": a link goes to the new address, which
    // takes over once it is opened. The e-mail verification banner reads the waiting address ('Me').
    requestEmailChange: build.mutation<ChangeEmailResponse, ChangeEmailRequest>({
      query: (body) => ({ url: '/auth/change-email', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['Me']),
    }),
    listAddresses: build.query<Address[], void>({
      query: () => '/users/me/addresses',
      transformResponse: (response: AddressListResponse) => response.addresses,
      providesTags: ['Address'],
    }),
    createAddress: build.mutation<Address, CreateAddressRequest>({
      query: (body) => ({ url: '/users/me/addresses', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['Address']),
    }),
    updateAddress: build.mutation<Address, { id: string; body: UpdateAddressRequest }>({
      query: ({ id, body }) => ({ url: `/users/me/addresses/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['Address']),
    }),
    deleteAddress: build.mutation<void, string>({
      query: (id) => ({ url: `/users/me/addresses/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : ['Address']),
    }),
  }),
});

export const {
  useGetProfileQuery,
  useUpdateProfileMutation,
  useChangePasswordMutation,
  useRequestEmailChangeMutation,
  useListAddressesQuery,
  useCreateAddressMutation,
  useUpdateAddressMutation,
  useDeleteAddressMutation,
} = profileApi;
