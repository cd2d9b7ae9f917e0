import { useEffect, useState } from 'react';
import { SUPPORT_TOPIC_LABELS, type SupportRequest } from '@marketplace/contracts/workspace';
import { EmptyState, LoadError, LoadingState } from '../../../components/list-states';
import { Pagination } from '../../../components/pagination';
import { StatusBadge } from '../../../components/status-badge';
import { formatDate } from '../../../lib/format';
import { useListMySupportRequestsQuery } from '../api';

export function SupportRequestStatus({ request }: { request: SupportRequest }) {
  return <StatusBadge kind="supportRequest" status={request.status} />;
}

/** The seller's earlier requests, open first, each with its status, a page at a time. */
export function MySupportRequests() {
  const [page, setPage] = useState(1);
  const { data, error, isLoading, isFetching, refetch } = useListMySupportRequestsQuery({ page });
  const requests = data?.requests ?? [];
  const totalPages = data?.pagination.totalPages ?? 1;
  useEffect(() => {
    if (page > totalPages) setPage(totalPages);
  }, [page, totalPages]);
  return (
    <section aria-labelledby="my-requests-title" className="space-y-3">
      <h2 id="my-requests-title" className="text-lg font-semibold text-slate-900">
        Your requests
      </h2>
      {isLoading ? (
        <LoadingState label="Loading your requests…" />
      ) : error && !data ? (
        <LoadError title="Your requests could not be loaded" error={error} onRetry={() => void refetch()} isRetrying={isFetching} />
      ) : requests.length === 0 ? (
        <EmptyState title="No requests yet">Anything you send above shows here with its status.</EmptyState>
      ) : (
        <ul className="grid gap-3" aria-label="Your support requests">
          {requests.map((request) => (
            <li key={request.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-medium break-words text-slate-900">{request.subject}</p>
                  <p className="mt-0.5 text-xs text-slate-500">
                    {SUPPORT_TOPIC_LABELS[request.topic]} · Sent {formatDate(request.createdAt)}
                    {request.closedAt && ` · Closed ${formatDate(request.closedAt)}`}
                  </p>
                </div>
                <SupportRequestStatus request={request} />
              </div>
              <p className="mt-2 line-clamp-3 text-sm break-words whitespace-pre-line text-slate-600">{request.message}</p>
            </li>
          ))}
        </ul>
      )}
      {data && data.pagination.totalPages > 1 && (
        <Pagination
          page={data.pagination.page}
          totalPages={data.pagination.totalPages}
          totalItems={data.pagination.totalItems}
          pageSize={data.pagination.limit}
          onPageChange={setPage}
          label="Your request pages"
        />
      )}
    </section>
  );
}
