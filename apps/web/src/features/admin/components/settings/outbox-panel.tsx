import { useState } from 'react';
import type { OutboxSummary } from '@marketplace/contracts/mail';
import { Button } from '../../../../components/button';
import { DataTable, type DataColumn } from '../../../../components/data-table';
import { LoadError, LoadingState } from '../../../../components/list-states';
import { ListResult } from '../../../../components/list-result';
import { Pagination } from '../../../../components/pagination';
import { SlideOver } from '../../../../components/slide-over';
import { StatusBadge } from '../../../../components/status-badge';
import { formatDateTime } from '../../../../lib/format';
import { useGetOutboxMessageQuery, useListOutboxQuery } from './outbox-api';

const PAGE_SIZE = 20;

const STATUS_LABELS: Record<OutboxSummary['status'], string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  kept: 'Outbox only',
};

function MailStatus({ message }: { message: OutboxSummary }) {
  return <StatusBadge status={message.status} label={STATUS_LABELS[message.status]} />;
}

/** One message whole: its HTML in a sandboxed frame (no scripts, no same-origin), or its plain text. */
function MessageDrawer({ id, onClose }: { id: string; onClose: () => void }) {
  const { data, error, isLoading, isFetching, refetch } = useGetOutboxMessageQuery(id);
  const [view, setView] = useState<'html' | 'text'>('html');
  return (
    <SlideOver title={data?.subject ?? 'E-mail'} onClose={onClose}>
      {isLoading && <LoadingState label="Loading the e-mail…" />}
      {error && !data && <LoadError title="The e-mail could not be loaded" error={error} onRetry={() => void refetch()} isRetrying={isFetching} />}
      {data && (
        <div className="grid gap-4">
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
            <dt className="text-slate-500">To</dt>
            <dd className="break-all text-slate-900">{data.to}</dd>
            <dt className="text-slate-500">From</dt>
            <dd className="break-all text-slate-900">{data.from}</dd>
            <dt className="text-slate-500">Status</dt>
            <dd>
              <MailStatus message={data} />
              {data.attempts > 0 && <span className="ml-2 text-slate-600">{`${data.attempts} ${data.attempts === 1 ? 'attempt' : 'attempts'}`}</span>}
            </dd>
            {data.lastError && (
              <>
                <dt className="text-slate-500">Last error</dt>
                <dd className="break-words text-red-700">{data.lastError}</dd>
              </>
            )}
            <dt className="text-slate-500">Written</dt>
            <dd className="text-slate-900">{formatDateTime(data.createdAt)}</dd>
            {data.sentAt && (
              <>
                <dt className="text-slate-500">Sent</dt>
                <dd className="text-slate-900">{formatDateTime(data.sentAt)}</dd>
              </>
            )}
          </dl>
          <div className="flex gap-2" role="group" aria-label="Show the e-mail as">
            <Button size="sm" variant={view === 'html' ? 'primary' : 'secondary'} aria-pressed={view === 'html'} onClick={() => setView('html')}>
              HTML
            </Button>
            <Button size="sm" variant={view === 'text' ? 'primary' : 'secondary'} aria-pressed={view === 'text'} onClick={() => setView('text')}>
              Text
            </Button>
          </div>
          {view === 'html' ? (
            <iframe title="E-mail as HTML" sandbox="" srcDoc={data.html} className="h-[32rem] w-full rounded-lg border border-slate-200 bg-white" />
          ) : (
            <pre className="max-h-[32rem] overflow-auto rounded-lg bg-slate-50 p-3 text-sm break-words whitespace-pre-wrap text-slate-700">{data.text}</pre>
          )}
        </div>
      )}
    </SlideOver>
  );
}

/** Every e-mail the marketplace wrote, newest first; without SMTP_URL this is where they stay. */
export function OutboxPanel() {
  const [page, setPage] = useState(1);
  const { data, error, isLoading, isFetching, refetch } = useListOutboxQuery({ page, limit: PAGE_SIZE });
  const [openId, setOpenId] = useState<string | null>(null);
  const messages = data?.messages ?? [];

  const openButton = (message: OutboxSummary) => (
    <Button variant="secondary" size="sm" onClick={() => setOpenId(message.id)} aria-label={`Open “${message.subject}” to ${message.to}`}>
      Open
    </Button>
  );

  const columns: DataColumn<OutboxSummary>[] = [
    {
      header: 'Subject',
      className: 'max-w-80',
      cell: (message) => (
        <>
          <p className="truncate font-medium text-slate-900">{message.subject}</p>
          <p className="truncate text-xs text-slate-500">{message.template}</p>
        </>
      ),
    },
    { header: 'To', className: 'max-w-56 truncate text-slate-700', cell: (message) => message.to },
    { header: 'Written', className: 'whitespace-nowrap text-slate-600', cell: (message) => formatDateTime(message.createdAt) },
    { header: 'Status', cell: (message) => <MailStatus message={message} /> },
    { header: 'Actions', hideHeader: true, align: 'right', cell: openButton },
  ];

  return (
    <section aria-labelledby="outbox-title" className="space-y-4">
      <div>
        <h2 id="outbox-title" className="text-lg font-semibold text-slate-900">
          Outbox
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Every e-mail the marketplace wrote, newest first. Without an SMTP server they stay here instead of being sent.
        </p>
      </div>
      <ListResult
        noun="e-mails"
        isLoading={isLoading}
        isFetching={isFetching}
        error={error}
        hasData={Boolean(data)}
        isEmpty={messages.length === 0}
        onRetry={() => void refetch()}
        emptyText="Receipts, order and payout e-mails appear here as they are written."
      >
        <DataTable caption="Outbox" columns={columns} rows={messages} rowKey={(message) => message.id} />
        <ul className="grid gap-3 md:hidden" aria-label="Outbox">
          {messages.map((message) => (
            <li key={message.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <div className="flex items-start justify-between gap-2">
                <p className="min-w-0 font-medium break-words text-slate-900">{message.subject}</p>
                <MailStatus message={message} />
              </div>
              <p className="mt-1 truncate text-sm text-slate-600">{message.to}</p>
              <p className="mt-1 text-xs text-slate-500">{formatDateTime(message.createdAt)}</p>
              <div className="mt-3 border-t border-slate-100 pt-3">{openButton(message)}</div>
            </li>
          ))}
        </ul>
        {data && (
          <Pagination
            page={page}
            totalPages={Math.max(1, Math.ceil(data.total / PAGE_SIZE))}
            totalItems={data.total}
            pageSize={PAGE_SIZE}
            onPageChange={setPage}
            label="Outbox pages"
          />
        )}
      </ListResult>
      {openId && <MessageDrawer id={openId} onClose={() => setOpenId(null)} />}
    </section>
  );
}
