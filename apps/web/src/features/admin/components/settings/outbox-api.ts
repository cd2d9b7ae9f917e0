import type { OutboxMessage, OutboxPage } from '@marketplace/contracts/mail';
import { api } from '../../../../lib/api';

// Admin → Settings → Outbox: every e-mail the marketplace wrote, newest first (docs/decisions/0021-email-outbox.md).
export const outboxApi = api.enhanceEndpoints({ addTagTypes: ['Outbox'] }).injectEndpoints({
  endpoints: (build) => ({
    listOutbox: build.query<OutboxPage, { page: number; limit: number }>({
      query: (params) => ({ url: '/admin/outbox', params }),
      providesTags: ['Outbox'],
    }),
    getOutboxMessage: build.query<OutboxMessage, string>({
      query: (id) => `/admin/outbox/${encodeURIComponent(id)}`,
      providesTags: ['Outbox'],
    }),
  }),
});

export const { useListOutboxQuery, useGetOutboxMessageQuery } = outboxApi;
