import type { AdminUserResponse, AdminUsersQuery, AdminUsersResponse, UpdateUserStatusRequest } from '@marketplace/contracts/users';
import { api } from '../../lib/api';

export const adminUsersApi = api.injectEndpoints({
  endpoints: (build) => ({
    listAdminUsers: build.query<AdminUsersResponse, AdminUsersQuery>({
      query: (params) => ({ url: '/admin/users', params }),
      providesTags: ['AdminUser'],
    }),
    updateAdminUserStatus: build.mutation<AdminUserResponse, UpdateUserStatusRequest & { id: string }>({
      query: ({ id, ...body }) => ({ url: `/admin/users/${encodeURIComponent(id)}`, method: 'PATCH', body }),
      invalidatesTags: ['AdminUser'],
    }),
  }),
});

export const { useListAdminUsersQuery, useUpdateAdminUserStatusMutation } = adminUsersApi;
