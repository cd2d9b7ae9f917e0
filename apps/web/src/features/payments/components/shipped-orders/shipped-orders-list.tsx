import { Eye, Wallet } from 'lucide-react';
import type { ShippedOrderItem } from '@marketplace/contracts/payouts';
import { shortId } from '@marketplace/domain/short-id';
import { Button } from '../../../../components/button';
import { DataTable, type DataColumn } from '../../../../components/data-table';
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
      {/* docs/product/statuses.md: once the seller is paid the payout action is hidden. */}
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
  const columns: DataColumn<ShippedOrderItem>[] = [
    { header: '#', className: 'text-slate-500 tabular-nums', cell: (_item, index) => firstRowNumber + index },
    { header: 'Order ID', className: 'font-mono text-xs text-slate-700', cell: (item) => <span title={item.orderId}>{shortId(item.orderId)}</span> },
    { header: 'Item', className: 'max-w-40', cell: (item) => <ItemSummary item={item} /> },
    { header: 'Customer', className: 'max-w-36', cell: (item) => <Person name={item.buyer.fullName} detail={item.buyer.email} /> },
    { header: 'Seller', className: 'max-w-36', cell: (item) => <Person name={item.seller.fullName} detail={item.seller.companyName} /> },
    { header: 'Amount', align: 'right', className: 'font-medium text-slate-900 tabular-nums', cell: (item) => formatDollars(item.grandTotal) },
    { header: 'Order Status', cell: (item) => <StatusBadge status={item.orderStatus} /> },
    { header: 'Seller Payout', cell: (item) => <SellerPayoutBadge isPaid={item.seller_paid} /> },
    { header: 'Date', className: 'min-w-20 text-slate-600', cell: (item) => formatDate(item.orderDate) },
    { header: 'Actions', cell: (item) => <RowActions item={item} onViewDetails={onViewDetails} onProcessPayout={onProcessPayout} isStacked /> },
  ];
  return (
    <DataTable
      caption="Shipped orders"
      columns={columns}
      rows={items}
      rowKey={(item) => item.orderItemId}
      className="hidden shadow-sm xl:block"
      density="compact"
      rowClassName="align-top"
    />
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
              <dd>
                <Person name={item.buyer.fullName} detail={item.buyer.email} />
              </dd>
            </div>
            <div className="min-w-0">
              <dt className="text-xs font-medium text-slate-500">Seller</dt>
              <dd>
                <Person name={item.seller.fullName} detail={item.seller.companyName} />
              </dd>
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

/** docs/product/payouts.md: a table on laptops and wider (ten columns need the room), cards on phones and tablets. */
export function ShippedOrdersList(props: ShippedOrdersListProps) {
  return (
    <>
      <ShippedOrdersTable {...props} />
      <ShippedOrderCards {...props} />
    </>
  );
}
