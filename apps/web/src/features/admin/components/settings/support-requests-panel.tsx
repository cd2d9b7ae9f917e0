import { useEffect, useState } from 'react';
import { CheckCircle2, Mail } from 'lucide-react';
import { toast } from '../../../../components/toast';
import { SUPPORT_TOPIC_LABELS, type SupportRequest, type SupportRequestStatus } from '@marketplace/contracts/workspace';
import { Button, buttonClasses } from '../../../../components/button';
import { DataTable, type DataColumn } from '../../../../components/data-table';
import { ListResult } from '../../../../components/list-result';
import { Pagination } from '../../../../components/pagination';
import { SelectField } from '../../../../components/select-field';
import { SlideOver } from '../../../../components/slide-over';
import { StatusBadge } from '../../../../components/status-badge';
import { describeApiError } from '../../../../lib/api-error';
import { formatDate, formatDateTime } from '../../../../lib/format';
import { useCloseSupportRequestMutation, useListAdminSupportRequestsQuery } from './settings-api';

const STATUS_OPTIONS = [
  { value: '', label: 'All requests' },
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Closed' },
];

function RequestStatus({ status }: { status: SupportRequestStatus }) {
  return <StatusBadge kind="supportRequest" status={status} />;
}

function Sender({ request }: { request: SupportRequest }) {
  return (
    <div className="min-w-0">
      <p className="truncate text-slate-900">{request.seller.companyName ?? request.seller.name}</p>
      <p className="truncate text-xs text-slate-500">{request.seller.email}</p>
    </div>
  );
}

function RequestDrawer({ request, onClose }: { request: SupportRequest; onClose: () => void }) {
  const [closeRequest, { isLoading }] = useCloseSupportRequestMutation();

  async function close() {
    try {
      await closeRequest(request.id).unwrap();
      toast.success('Support request closed');
      onClose();
    } catch (error) {
      toast.error(describeApiError(error).message);
    }
  }

  const replyLink = `mailto:${request.seller.email}?subject=${encodeURIComponent(`Re: ${request.subject}`)}`;
  return (
    <SlideOver
      title={request.subject}
      onClose={onClose}
      footer={
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
          <a href={replyLink} className={buttonClasses({ variant: 'secondary' })}>
            <Mail className="size-4" aria-hidden />
            Reply by email
          </a>
          {request.status === 'open' && (
            <Button onClick={() => void close()} isBusy={isLoading}>
              <CheckCircle2 className="size-4" aria-hidden />
              Close request
            </Button>
          )}
        </div>
      }
    >
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
        <dt className="text-slate-500">Status</dt>
        <dd>
          <RequestStatus status={request.status} />
        </dd>
        <dt className="text-slate-500">Topic</dt>
        <dd className="text-slate-900">{SUPPORT_TOPIC_LABELS[request.topic]}</dd>
        <dt className="text-slate-500">From</dt>
        <dd className="text-slate-900">
          {request.seller.name}
          {request.seller.companyName && <span className="text-slate-600"> · {request.seller.companyName}</span>}
          <span className="block break-all text-slate-600">{request.seller.email}</span>
        </dd>
        <dt className="text-slate-500">Sent</dt>
        <dd className="text-slate-900">{formatDateTime(request.createdAt)}</dd>
        {request.closedAt && (
          <>
            <dt className="text-slate-500">Closed</dt>
            <dd className="text-slate-900">{formatDateTime(request.closedAt)}</dd>
          </>
        )}
      </dl>
      <h3 className="mt-5 text-sm font-semibold text-slate-900">Message</h3>
      <p className="mt-2 rounded-lg bg-slate-50 p-3 text-sm break-words whitespace-pre-line text-slate-700">{request.message}</p>
    </SlideOver>
  );
}

const PAGE_SIZE = 20;

/** Every seller's support requests, open first, a page at a time; the admin reads one and closes it. */
export function SupportRequestsPanel() {
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const { data, error, isLoading, isFetching, refetch } = useListAdminSupportRequestsQuery({
    ...(status ? { status: status as SupportRequestStatus } : {}),
    page,
    limit: PAGE_SIZE,
  });
  const [openId, setOpenId] = useState<string | null>(null);
  const requests = data?.requests ?? [];
  const openRequest = requests.find((request) => request.id === openId) ?? null;
  const totalPages = data?.pagination.totalPages ?? 1;
  // Closing the last request of the last "Open" page leaves that page empty: step back to the last one.
  useEffect(() => {
    if (page > totalPages) setPage(totalPages);
  }, [page, totalPages]);

  const readButton = (request: SupportRequest) => (
    <Button variant="secondary" size="sm" onClick={() => setOpenId(request.id)} aria-label={`Read “${request.subject}”`}>
      Read
    </Button>
  );

  const columns: DataColumn<SupportRequest>[] = [
    {
      header: 'Subject',
      className: 'max-w-72',
      cell: (request) => (
        <>
          <p className="truncate font-medium text-slate-900">{request.subject}</p>
          <p className="truncate text-xs text-slate-500">{request.message}</p>
        </>
      ),
    },
    { header: 'Seller', className: 'max-w-56', cell: (request) => <Sender request={request} /> },
    { header: 'Topic', className: 'text-slate-700', cell: (request) => SUPPORT_TOPIC_LABELS[request.topic] },
    { header: 'Sent', className: 'whitespace-nowrap text-slate-600', cell: (request) => formatDate(request.createdAt) },
    { header: 'Status', cell: (request) => <RequestStatus status={request.status} /> },
    { header: 'Actions', hideHeader: true, align: 'right', cell: readButton },
  ];

  return (
    <section aria-labelledby="support-requests-title" className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="support-requests-title" className="text-lg font-semibold text-slate-900">
            Support requests
          </h2>
          <p className="mt-1 text-sm text-slate-600">Messages from sellers, open ones first.{data ? ` ${data.openCount} open.` : ''}</p>
        </div>
        <SelectField
          label="Show"
          className="sm:w-48"
          options={STATUS_OPTIONS}
          value={status}
          onChange={(event) => {
            setStatus(event.target.value);
            setPage(1);
          }}
        />
      </div>
      <ListResult
        noun="support requests"
        isLoading={isLoading}
        isFetching={isFetching}
        error={error}
        hasData={Boolean(data)}
        isEmpty={requests.length === 0}
        onRetry={() => void refetch()}
        emptyText={status ? 'Try showing all requests.' : 'Sellers’ messages from their Support page appear here.'}
      >
        <DataTable caption="Support requests" columns={columns} rows={requests} rowKey={(request) => request.id} />
        <ul className="grid gap-3 md:hidden" aria-label="Support requests">
          {requests.map((request) => (
            <li key={request.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <div className="flex items-start justify-between gap-2">
                <p className="min-w-0 font-medium break-words text-slate-900">{request.subject}</p>
                <RequestStatus status={request.status} />
              </div>
              <div className="mt-2 text-sm">
                <Sender request={request} />
              </div>
              <p className="mt-2 text-xs text-slate-500">
                {SUPPORT_TOPIC_LABELS[request.topic]} · {formatDate(request.createdAt)}
              </p>
              <div className="mt-3 border-t border-slate-100 pt-3">{readButton(request)}</div>
            </li>
          ))}
        </ul>
      </ListResult>
      {data && data.pagination.totalItems > 0 && (
        <Pagination
          page={data.pagination.page}
          totalPages={data.pagination.totalPages}
          totalItems={data.pagination.totalItems}
          pageSize={data.pagination.limit}
          onPageChange={setPage}
          label="Support request pages"
        />
      )}
      {openRequest && <RequestDrawer request={openRequest} onClose={() => setOpenId(null)} />}
    </section>
  );
}
