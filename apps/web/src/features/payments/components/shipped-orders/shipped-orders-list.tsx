import { Eye, Wallet } from 'lucide-react';
import type { ShippedOrderItem } from '@marketplace/contracts/payouts';
import { shortId } from '@marketplace/domain/short-id';
import { Button } from '../../../../components/button';
import { StatusBadge } from '../../../../components/status-badge';
import { formatDate, formatDollars } from '../../../../lib/format';
import { SellerPayoutBadge } from './seller-payout-badge';

interface ShippedOrdersListProps {
  items: ShippedOrderItem[];
  /** The row number of the first item on this page (1 on page 1, 11 on page 2 with 10 per page). */
  firstRowNumber: number;
  onViewDetails: (item: ShippedOrderItem) => void;
  onProcessPayout: (item: ShippedOrderItem) => void;
}

function RowActions({
  item,
  onViewDetails,
  onProcessPayout,
  isStacked = false,
}: { item: ShippedOrderItem; isStacked?: boolean } & Pick<ShippedOrdersListProps, 'onViewDetails' | 'onProcessPayout'>) {
  return (
    // In the table the buttons stack without icons, so ten columns fit a 1366-wide laptop.
    <div className={`flex gap-2 ${isStacked ? 'flex-col items-stretch' : 'flex-wrap items-center'}`}>
      <Button variant="secondary" size="sm" className="whitespace-nowrap" onClick={() => onViewDetails(item)}>
        {!isStacked && <Eye className="size-4" aria-hidden />}
        View Details
      </Button>
      {/* SPEC §4.7: once the seller is paid the payout action is hidden. */}
      {!item.seller_paid && (
        <Button size="sm" className="whitespace-nowrap" onClick={() => onProcessPayout(item)}>
          {!isStacked && <Wallet className="size-4" aria-hidden />}
          Process Payout
        </Button>
      )}
    </div>
  );
}

function ItemSummary({ item }: { item: ShippedOrderItem }) {
  return (
    <div className="min-w-0">
      <p className="truncate font-medium text-slate-900" title={item.itemTitle}>
        {item.itemTitle}
      </p>
      <p className="truncate text-xs text-slate-500">{item.category}</p>
      <p className="text-xs text-slate-500 tabular-nums">{`${item.quantity} x ${formatDollars(item.price)}`}</p>
    </div>
  );
}

function Person({ name, detail }: { name: string; detail: string | null }) {
  return (
    <div className="min-w-0">
      <p className="truncate text-slate-900" title={name}>
        {name}
      </p>
      {detail && (
        <p className="truncate text-xs text-slate-500" title={detail}>
          {detail}
        </p>
      )}
    </div>
  );
}

function ShippedOrdersTable({ items, firstRowNumber, onViewDetails, onProcessPayout }: ShippedOrdersListProps) {
  return (
    <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm xl:block">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Shipped orders</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase">
          <tr>
            <th scope="col" className="px-2.5 py-3">#</th>
            <th scope="col" className="px-2.5 py-3">Order ID</th>
            <th scope="col" className="px-2.5 py-3">Item</th>
            <th scope="col" className="px-2.5 py-3">Customer</th>
            <th scope="col" className="px-2.5 py-3">Seller</th>
            <th scope="col" className="px-2.5 py-3 text-right">Amount</th>
            <th scope="col" className="px-2.5 py-3">Order Status</th>
            <th scope="col" className="px-2.5 py-3">Seller Payout</th>
            <th scope="col" className="px-2.5 py-3">Date</th>
            <th scope="col" className="px-2.5 py-3">Actions</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {items.map((item, index) => (
            <tr key={item.orderItemId} className="align-top">
              <td className="px-2.5 py-3 text-slate-500 tabular-nums">{firstRowNumber + index}</td>
              <td className="px-2.5 py-3 font-mono text-xs text-slate-700" title={item.orderId}>
                {shortId(item.orderId)}
              </td>
              <td className="max-w-40 px-2.5 py-3"><ItemSummary item={item} /></td>
              <td className="max-w-36 px-2.5 py-3"><Person name={item.buyer.fullName} detail={item.buyer.email} /></td>
              <td className="max-w-36 px-2.5 py-3"><Person name={item.seller.fullName} detail={item.seller.companyName} /></td>
              <td className="px-2.5 py-3 text-right font-medium text-slate-900 tabular-nums">{formatDollars(item.grandTotal)}</td>
              <td className="px-2.5 py-3"><StatusBadge status={item.orderStatus} /></td>
              <td className="px-2.5 py-3"><SellerPayoutBadge isPaid={item.seller_paid} /></td>
              <td className="min-w-20 px-2.5 py-3 text-slate-600">{formatDate(item.orderDate)}</td>
              <td className="px-2.5 py-3">
                <RowActions item={item} onViewDetails={onViewDetails} onProcessPayout={onProcessPayout} isStacked />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ShippedOrderCards({ items, firstRowNumber, onViewDetails, onProcessPayout }: ShippedOrdersListProps) {
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:hidden" aria-label="Shipped orders">
      {items.map((item, index) => (
        <li key={item.orderItemId} className="flex min-w-0 flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <div className="flex items-start justify-between gap-3">
            <p className="text-xs text-slate-500">
              <span className="tabular-nums">#{firstRowNumber + index}</span> · Order <span className="font-mono text-slate-700">{shortId(item.orderId)}</span>
            </p>
            <p className="font-semibold text-slate-900 tabular-nums">{formatDollars(item.grandTotal)}</p>
          </div>
          <div className="mt-2">
            <ItemSummary item={item} />
          </div>
          <div className="mt-3 flex flex-wrap items-center gap-2">
            <StatusBadge status={item.orderStatus} />
            <SellerPayoutBadge isPaid={item.seller_paid} />
            <span className="text-xs text-slate-500">{formatDate(item.orderDate)}</span>
          </div>
          <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
            <div className="min-w-0">
              <dt className="text-xs font-medium text-slate-500">Customer</dt>
              <dd><Person name={item.buyer.fullName} detail={item.buyer.email} /></dd>
            </div>
            <div className="min-w-0">
              <dt className="text-xs font-medium text-slate-500">Seller</dt>
              <dd><Person name={item.seller.fullName} detail={item.seller.companyName} /></dd>
            </div>
          </dl>
          {/* mt-auto keeps the actions on one line across a row of cards of different heights. */}
          <div className="mt-auto pt-3">
            <div className="border-t border-slate-100 pt-3">
              <RowActions item={item} onViewDetails={onViewDetails} onProcessPayout={onProcessPayout} />
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** SPEC §2.4: a table on laptops and wider (ten columns need the room), cards on phones and tablets. */
export function ShippedOrdersList(props: ShippedOrdersListProps) {
  return (
    <>
      <ShippedOrdersTable {...props} />
      <ShippedOrderCards {...props} />
    </>
  );
}
