import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { DISPUTE_REASON_LABELS, type DisputeCase as DisputeCaseData } from '@marketplace/contracts/disputes';
import { shortId } from '@marketplace/domain/short-id';
import { Alert } from '../../../components/alert';
import { LoadError, LoadingState } from '../../../components/list-states';
import { PageHeader } from '../../../components/page-header';
import { StatusBadge, statusLabel } from '../../../components/status-badge';
import { formatDate, formatDateTime, formatDollars } from '../../../lib/format';
import { useGetDisputeQuery } from '../api';
import { DisputeActions } from './dispute-actions';
import { DisputeStatusBadge } from './dispute-status-badge';

type DisputeEvent = DisputeCaseData['timeline'][number];

const ROLE_LABELS: Record<DisputeEvent['actor']['role'], string> = { buyer: 'Buyer', seller: 'Seller', admin: 'Marketplace' };

// What each step of the case means, in words; a type the page does not know is shown as its own text.
const EVENT_LABELS: Record<string, string> = {
  opened: 'Opened the dispute',
  offer_refund: 'Offered a refund',
  offered_refund: 'Offered a refund',
  refund_offered: 'Offered a refund',
  seller_offered_refund: 'Offered a refund',
  contest: 'Contested the claim',
  contested: 'Contested the claim',
  seller_contested: 'Contested the claim',
  escalated: 'Asked the marketplace to decide',
  buyer_accepted_offer: "Accepted the seller's offer: refunded",
  buyer_declined_offer: "Declined the seller's offer",
  review: 'Started the review',
  review_started: 'Started the review',
  under_review: 'Started the review',
  refund: 'Refunded the buyer',
  refunded: 'Refunded the buyer',
  resolved_refunded: 'Refunded the buyer',
  reject: 'Rejected the claim',
  rejected: 'Rejected the claim',
  resolved_rejected: 'Rejected the claim',
  adjustment_settled: "Deducted from the seller's payout",
};

function eventLabel(type: string): string {
  return EVENT_LABELS[type] ?? statusLabel(type);
}

function Section({ title, children, className = '' }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section aria-label={title} className={`rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 ${className}`}>
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid gap-2 text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="flex justify-between gap-3">
          <dt className="text-slate-500">{term}</dt>
          <dd className="min-w-0 text-right font-medium break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ClaimSection({ dispute }: { dispute: DisputeCaseData }) {
  return (
    <Section title="The buyer's claim">
      <p className="text-sm font-medium text-slate-900">{DISPUTE_REASON_LABELS[dispute.reason]}</p>
      <p className="mt-1 text-sm whitespace-pre-line text-slate-700">{dispute.description}</p>
      {dispute.photos.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label="The buyer's photos">
          {dispute.photos.map((photo) => (
            <li key={photo.id}>
              <a
                href={photo.url}
                target="_blank"
                rel="noreferrer"
                className="block rounded-lg focus-visible:outline-2 focus-visible:outline-brand-600"
                aria-label={`Open photo ${photo.name}`}
              >
                <img
                  src={photo.thumbnailUrl}
                  alt={photo.name}
                  className="size-20 rounded-lg border border-slate-200 object-cover hover:opacity-90 sm:size-24"
                  loading="lazy"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function ResponseSection({ dispute }: { dispute: DisputeCaseData }) {
  if (dispute.sellerResponse === null && dispute.sellerOffer === null) {
    return (
      <Section title="The seller's response">
        <p className="text-sm text-slate-500">The seller has not responded yet.</p>
      </Section>
    );
  }
  return (
    <Section title="The seller's response">
      {dispute.sellerOffer !== null ? (
        <p className="text-sm font-medium text-slate-900">Offered a refund of {formatDollars(dispute.sellerOffer)}</p>
      ) : (
        <p className="text-sm font-medium text-slate-900">Contested the claim</p>
      )}
      {dispute.sellerResponse && <p className="mt-1 text-sm whitespace-pre-line text-slate-700">{dispute.sellerResponse}</p>}
    </Section>
  );
}

function ResolutionSection({ dispute }: { dispute: DisputeCaseData }) {
  const isRefunded = dispute.status === 'resolved_refunded';
  if (!isRefunded && dispute.status !== 'resolved_rejected') return null;
  const adjustment = dispute.adjustment;
  return (
    <Section title="Resolution">
      <Alert
        tone={isRefunded ? 'success' : 'info'}
        title={isRefunded ? `Refunded ${formatDollars(dispute.refund ?? 0)} to the buyer` : 'The claim was rejected'}
      >
        {dispute.resolutionNote ?? (isRefunded ? 'The refund went back to the buyer’s card.' : 'No refund was made.')}
      </Alert>
      {adjustment && (
        <p className="mt-3 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700" aria-label="Payout adjustment">
          {adjustment.settled
            ? `Settled: ${formatDollars(Math.abs(adjustment.amount))} was deducted from the seller's payout${adjustment.settledAt ? ` on ${formatDate(adjustment.settledAt)}` : ''}.`
            : `Deducted from the seller's next payout: ${formatDollars(Math.abs(adjustment.amount))}`}
        </p>
      )}
    </Section>
  );
}

function MessagesSection({ dispute }: { dispute: DisputeCaseData }) {
  const nameOf = (senderId: string) =>
    senderId === dispute.buyer.id
      ? `${dispute.buyer.name} (buyer)`
      : senderId === dispute.seller.id
        ? `${dispute.seller.companyName || dispute.seller.name} (seller)`
        : 'Someone else';
  return (
    <Section title="Messages between buyer and seller">
      {dispute.messages.length === 0 ? (
        <p className="text-sm text-slate-500">The buyer and the seller have not exchanged messages.</p>
      ) : (
        <ol className="grid max-h-96 gap-3 overflow-y-auto pr-1">
          {dispute.messages.map((message) => (
            <li key={message.id} className={`rounded-lg px-3 py-2 text-sm ${message.senderId === dispute.buyer.id ? 'bg-slate-100' : 'bg-brand-50'}`}>
              <p className="text-xs text-slate-500">
                <span className="font-medium text-slate-700">{nameOf(message.senderId)}</span> · {formatDateTime(message.createdAt)}
              </p>
              <p className="mt-0.5 whitespace-pre-line text-slate-800">{message.content}</p>
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}

function TimelineSection({ timeline }: { timeline: DisputeEvent[] }) {
  return (
    <Section title="Timeline">
      <ol className="relative grid gap-4 border-l border-slate-200 pl-5">
        {timeline.map((event) => (
          <li key={event.id} className="relative">
            <span className="absolute top-1.5 -left-[1.6rem] size-2.5 rounded-full bg-brand-600 ring-4 ring-white" aria-hidden />
            <p className="text-sm font-medium text-slate-900">
              {eventLabel(event.type)}
              {event.amount !== null && <span className="ml-1 text-slate-700">· {formatDollars(Math.abs(event.amount))}</span>}
            </p>
            <p className="text-xs text-slate-500">
              {event.actor.name} ({ROLE_LABELS[event.actor.role]}) · <time dateTime={event.createdAt}>{formatDateTime(event.createdAt)}</time>
            </p>
            {event.note && <p className="mt-1 text-sm whitespace-pre-line text-slate-700">{event.note}</p>}
          </li>
        ))}
      </ol>
    </Section>
  );
}

function ItemSection({ dispute }: { dispute: DisputeCaseData }) {
  const { item } = dispute;
  return (
    <Section title="Item">
      <div className="flex gap-3">
        {item.image && <img src={item.image} alt="" className="size-16 shrink-0 rounded-lg border border-slate-200 object-cover" />}
        <div className="min-w-0">
          <p className="font-medium text-slate-900">{item.title}</p>
          <p className="text-sm text-slate-600">
            {item.quantity} × {formatDollars(item.price)}
          </p>
          <div className="mt-1">
            <StatusBadge status={item.status} />
          </div>
        </div>
      </div>
      <div className="mt-3 border-t border-slate-100 pt-3">
        <Facts
          rows={[
            ['Refundable', formatDollars(dispute.refundable)],
            ...(dispute.refund !== null ? ([['Refunded', formatDollars(dispute.refund)]] as [string, ReactNode][]) : []),
          ]}
        />
      </div>
    </Section>
  );
}

function OrderSection({ dispute }: { dispute: DisputeCaseData }) {
  const { order } = dispute;
  return (
    <Section title="Order">
      <Facts
        rows={[
          ['Order', `#${shortId(order.id)}`],
          ['Placed', formatDate(order.createdAt)],
          ['Status', <StatusBadge key="status" status={order.status} />],
          ['Total', formatDollars(order.total)],
          ['Buyer', dispute.buyer.name],
          ['Seller', dispute.seller.companyName || dispute.seller.name],
        ]}
      />
    </Section>
  );
}

function ShipmentSection({ shipment }: { shipment: DisputeCaseData['shipment'] }) {
  if (!shipment) {
    return (
      <Section title="Shipment">
        <p className="text-sm text-slate-500">No shipment was recorded for this item.</p>
      </Section>
    );
  }
  return (
    <Section title="Shipment">
      <Facts
        rows={[
          ['Carrier', shipment.carrier.toUpperCase()],
          ['Tracking', shipment.trackingNumber ?? 'Not yet assigned'],
          ['Status', <StatusBadge key="status" status={shipment.status} />],
        ]}
      />
      <h3 className="mt-4 text-sm font-medium text-slate-800">Tracking history</h3>
      {shipment.events.length === 0 ? (
        <p className="mt-1 text-sm text-slate-500">No tracking events yet.</p>
      ) : (
        <ol className="mt-2 grid gap-2" aria-label="Tracking history">
          {shipment.events.map((event, index) => (
            <li key={`${event.occurredAt}-${index}`} className="text-sm">
              <p className="text-slate-800">{event.description}</p>
              <p className="text-xs text-slate-500">
                {statusLabel(event.status)} · {formatDateTime(event.occurredAt)}
                {event.location ? ` · ${event.location}` : ''}
              </p>
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}

function CaseBody({ dispute, backTo, backLabel }: { dispute: DisputeCaseData; backTo: string; backLabel: string }) {
  return (
    <div className="grid gap-6">
      <Link to={backTo} className="inline-flex w-fit items-center gap-1 text-sm font-medium text-brand-700 hover:text-brand-800">
        <ArrowLeft className="size-4" aria-hidden />
        {backLabel}
      </Link>
      <PageHeader
        title={`Dispute about ${dispute.itemTitle}`}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <DisputeStatusBadge status={dispute.status} />
            <span>
              {DISPUTE_REASON_LABELS[dispute.reason]} · opened {formatDate(dispute.createdAt)}
            </span>
          </span>
        }
      />
      <DisputeActions dispute={dispute} />
      <div className="grid gap-4 lg:grid-cols-3 lg:items-start">
        <div className="grid gap-4 lg:col-span-2">
          <ClaimSection dispute={dispute} />
          <ResponseSection dispute={dispute} />
          <ResolutionSection dispute={dispute} />
          <TimelineSection timeline={dispute.timeline} />
          <MessagesSection dispute={dispute} />
        </div>
        <div className="grid gap-4">
          <ItemSection dispute={dispute} />
          <OrderSection dispute={dispute} />
          <ShipmentSection shipment={dispute.shipment} />
        </div>
      </div>
    </div>
  );
}

interface DisputeCaseProps {
  disputeId: string;
  /** The list this case belongs to, for the back link. */
  backTo: string;
  backLabel: string;
}

/** The case page every party shares; what each may do comes from the API's `actions`. */
export function DisputeCase({ disputeId, backTo, backLabel }: DisputeCaseProps) {
  const { data, error, isLoading, isFetching, refetch } = useGetDisputeQuery(disputeId);
  if (isLoading) return <LoadingState label="Loading the dispute…" />;
  if (!data) {
    return (
      <div className="grid gap-4">
        <Link to={backTo} className="inline-flex w-fit items-center gap-1 text-sm font-medium text-brand-700 hover:text-brand-800">
          <ArrowLeft className="size-4" aria-hidden />
          {backLabel}
        </Link>
        <PageHeader title="Dispute" description="The case of a problem with an order item." />
        <LoadError title="The dispute could not be loaded" error={error} onRetry={() => void refetch()} isRetrying={isFetching} />
      </div>
    );
  }
  return <CaseBody dispute={data} backTo={backTo} backLabel={backLabel} />;
}
