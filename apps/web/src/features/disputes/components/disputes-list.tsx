import { Link } from 'react-router';
import { ChevronRight } from 'lucide-react';
import { DISPUTE_REASON_LABELS, type DisputeSummary } from '@marketplace/contracts/disputes';
import { shortId } from '@marketplace/domain/short-id';
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
    <Link to={casePath(dispute.id)} className="font-medium text-brand-700 hover:text-brand-800 hover:underline" aria-label={`Dispute about ${dispute.itemTitle}`}>
      {dispute.itemTitle}
    </Link>
  );
}

function DisputesTable({ disputes, casePath, parties }: DisputesListProps) {
  return (
    <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm md:block">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Disputes</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase">
          <tr>
            <th scope="col" className="px-4 py-3">Item</th>
            <th scope="col" className="px-4 py-3">{parties === 'both' ? 'Buyer → seller' : parties === 'buyer' ? 'Buyer' : 'Seller'}</th>
            <th scope="col" className="px-4 py-3">Status</th>
            <th scope="col" className="px-4 py-3">Refund</th>
            <th scope="col" className="px-4 py-3">Opened</th>
            <th scope="col" className="px-4 py-3">Updated</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {disputes.map((dispute) => (
            <tr key={dispute.id} className="align-middle">
              <td className="max-w-72 px-4 py-3">
                <CaseLink dispute={dispute} casePath={casePath} />
                <p className="truncate text-xs text-slate-500">
                  {DISPUTE_REASON_LABELS[dispute.reason]} · Order #{shortId(dispute.orderId)}
                </p>
              </td>
              <td className="max-w-56 truncate px-4 py-3 text-slate-700">{partiesText(dispute, parties).replace(/^(Buyer|Seller): /, '')}</td>
              <td className="px-4 py-3"><DisputeStatusBadge status={dispute.status} /></td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-700">{refundText(dispute)}</td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-600">{formatDate(dispute.createdAt)}</td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-600">{formatDate(dispute.updatedAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
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
