import { Link } from 'react-router';
import { ChevronRight } from 'lucide-react';
import { DISPUTE_REASON_LABELS, type DisputeSummary } from '@marketplace/contracts/disputes';
import { shortId } from '@marketplace/domain/short-id';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { formatDate, formatDollars } from '../../../lib/format';
import { DisputeStatusBadge } from './dispute-status-badge';

/** Whose name the list shows beside each case: the other party, or both for the marketplace. */
export type DisputeParties = 'buyer' | 'seller' | 'both';

interface DisputesListProps {
  disputes: DisputeSummary[];
  /** Where a case opens, e.g. `/admin/disputes/:id`. */
  casePath: (id: string) => string;
  parties: DisputeParties;
}

function personName(person: DisputeSummary['buyer']): string {
  return person.companyName || person.name || person.email;
}

function partiesText(dispute: DisputeSummary, parties: DisputeParties): string {
  if (parties === 'buyer') return `Buyer: ${personName(dispute.buyer)}`;
  if (parties === 'seller') return `Seller: ${personName(dispute.seller)}`;
  return `${personName(dispute.buyer)} → ${personName(dispute.seller)}`;
}

function refundText(dispute: DisputeSummary): string {
  return dispute.refund === null ? `up to ${formatDollars(dispute.refundable)}` : `${formatDollars(dispute.refund)} refunded`;
}

function CaseLink({ dispute, casePath }: { dispute: DisputeSummary; casePath: DisputesListProps['casePath'] }) {
  return (
    <Link
      to={casePath(dispute.id)}
      className="font-medium text-brand-700 hover:text-brand-800 hover:underline"
      aria-label={`Dispute about ${dispute.itemTitle}`}
    >
      {dispute.itemTitle}
    </Link>
  );
}

const PARTIES_HEADING: Record<DisputeParties, string> = { both: 'Buyer → seller', buyer: 'Buyer', seller: 'Seller' };

function DisputesTable({ disputes, casePath, parties }: DisputesListProps) {
  const columns: DataColumn<DisputeSummary>[] = [
    {
      header: 'Item',
      className: 'max-w-72',
      cell: (dispute) => (
        <>
          <CaseLink dispute={dispute} casePath={casePath} />
          <p className="truncate text-xs text-slate-500">
            {DISPUTE_REASON_LABELS[dispute.reason]} · Order #{shortId(dispute.orderId)}
          </p>
        </>
      ),
    },
    {
      header: PARTIES_HEADING[parties],
      className: 'max-w-64 text-slate-700',
      // Both names on one line were cut short on a laptop; the seller goes under the buyer instead.
      cell: (dispute) =>
        parties === 'both' ? (
          <>
            <span className="block truncate">{personName(dispute.buyer)}</span>
            <span className="block truncate text-xs text-slate-500">→ {personName(dispute.seller)}</span>
          </>
        ) : (
          <span className="block truncate">{personName(parties === 'buyer' ? dispute.buyer : dispute.seller)}</span>
        ),
    },
    { header: 'Status', cell: (dispute) => <DisputeStatusBadge status={dispute.status} /> },
    { header: 'Refund', className: 'whitespace-nowrap text-slate-700', cell: (dispute) => refundText(dispute) },
    { header: 'Opened', className: 'whitespace-nowrap text-slate-600', cell: (dispute) => formatDate(dispute.createdAt) },
    { header: 'Updated', className: 'whitespace-nowrap text-slate-600', cell: (dispute) => formatDate(dispute.updatedAt) },
  ];
  return <DataTable caption="Disputes" columns={columns} rows={disputes} rowKey={(dispute) => dispute.id} />;
}

function DisputeCards({ disputes, casePath, parties }: DisputesListProps) {
  return (
    <ul className="grid gap-3 md:hidden" aria-label="Disputes">
      {disputes.map((dispute) => (
        <li key={dispute.id}>
          <Link to={casePath(dispute.id)} className="flex items-start gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:bg-slate-50">
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-2">
                <DisputeStatusBadge status={dispute.status} />
                <span className="text-xs text-slate-500">Opened {formatDate(dispute.createdAt)}</span>
              </div>
              <p className="mt-2 font-medium text-slate-900">{dispute.itemTitle}</p>
              <p className="text-sm text-slate-600">{DISPUTE_REASON_LABELS[dispute.reason]}</p>
              <p className="mt-1 truncate text-xs text-slate-500">{partiesText(dispute, parties)}</p>
              <p className="mt-1 text-xs text-slate-500">
                {refundText(dispute)} · Updated {formatDate(dispute.updatedAt)}
              </p>
            </div>
            <ChevronRight className="mt-1 size-5 shrink-0 text-slate-400" aria-hidden />
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** A page of disputes: a table on a laptop, cards on a phone; each opens its case. */
export function DisputesList(props: DisputesListProps) {
  return (
    <>
      <DisputesTable {...props} />
      <DisputeCards {...props} />
    </>
  );
}
