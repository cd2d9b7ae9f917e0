import { useId, type ReactNode } from 'react';
import type { ShippedOrderItem } from '@marketplace/contracts/payouts';
import { Button } from '../../../../components/button';
import { Modal } from '../../../../components/modal';
import { PostalAddress } from '../../../../components/postal-address';
import { StatusBadge } from '../../../../components/status-badge';
import { formatDateTime, formatDollars } from '../../../../lib/format';
import { SellerPayoutBadge } from './seller-payout-badge';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="border-t border-slate-200 pt-3 first:border-t-0 first:pt-0" aria-labelledby={headingId}>
      <h3 id={headingId} className="text-sm font-semibold text-slate-900">
        {title}
      </h3>
      <div className="mt-1.5 text-sm text-slate-700">{children}</div>
    </section>
  );
}

/** Label and value pairs; a missing value reads as a dash rather than an empty gap. */
function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-500">{label}</dt>
          <dd className="break-words text-slate-900">{value ?? <span className="text-slate-400">—</span>}</dd>
        </div>
      ))}
    </dl>
  );
}

interface OrderDetailsModalProps {
  item: ShippedOrderItem;
  onClose: () => void;
  /** Offered only while the seller is unpaid. */
  onProcessPayout: (item: ShippedOrderItem) => void;
}

/** docs/product/payouts.md View Details: order info, item details, customer, seller and shipping address. */
export function OrderDetailsModal({ item, onClose, onProcessPayout }: OrderDetailsModalProps) {
  const { address } = item.shippingAddress;
  return (
    <Modal
      title="Order Details"
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          {!item.seller_paid && <Button onClick={() => onProcessPayout(item)}>Process Payout</Button>}
        </>
      }
    >
      <div className="max-h-[60vh] space-y-3 overflow-y-auto pr-1">
        <Section title="Order information">
          <Facts
            rows={[
              ['Order ID', <span className="font-mono text-xs break-all">{item.orderId}</span>],
              ['Date', formatDateTime(item.orderDate)],
              ['Status', <StatusBadge status={item.orderStatus} />],
              ['Seller payout', <SellerPayoutBadge isPaid={item.seller_paid} />],
            ]}
          />
        </Section>
        <Section title="Item details">
          <Facts
            rows={[
              ['Item', item.itemTitle],
              ['Category', item.category],
              ['Quantity', item.quantity],
              ['Unit price', formatDollars(item.price)],
              ['Amount', formatDollars(item.grandTotal)],
            ]}
          />
        </Section>
        <Section title="Customer">
          <Facts
            rows={[
              ['Name', item.buyer.fullName],
              ['Email', item.buyer.email],
              ['Phone', item.buyer.phone],
            ]}
          />
        </Section>
        <Section title="Seller">
          <Facts
            rows={[
              ['Name', item.seller.fullName],
              ['Company', item.seller.companyName],
              ['Email', item.seller.email],
              ['Phone', item.seller.phone],
            ]}
          />
        </Section>
        <Section title="Shipping address">
          <PostalAddress
            address={{
              name: item.shippingAddress.name,
              line1: address.line1,
              line2: address.line2,
              city: address.city,
              state: address.state,
              postalCode: address.postal_code,
              country: address.country,
              email: item.shippingAddress.email,
            }}
          />
        </Section>
      </div>
    </Modal>
  );
}
