import { useId, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import type { AdminOrderDetailResponse, AdminOrderItem } from '@marketplace/contracts/admin-orders';
import { shortId } from '@marketplace/domain/short-id';
import { LoadError, LoadingState } from '../../../components/list-states';
import { PageHeader } from '../../../components/page-header';
import { ProductImage } from '../../../components/product-image';
import { StatusBadge, statusLabel } from '../../../components/status-badge';
import { describeApiError } from '../../../lib/api-error';
import { formatDateTime, formatDollars } from '../../../lib/format';
import { useGetAdminOrderQuery } from '../admin-api';
import { AdminOrderBooks } from '../components/admin-order-books';
import { PostalAddress } from '../../../components/postal-address';

type AdminOrder = AdminOrderDetailResponse['order'];

function BackToOrders() {
  return (
    <Link to="/admin/orders" className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:text-brand-800">
      <ArrowLeft className="size-4" aria-hidden />
      Back to orders
    </Link>
  );
}

function Section({ title, children, className = '' }: { title: string; children: ReactNode; className?: string }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={`rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 ${className}`}>
      <h2 id={id} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid gap-2 text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="flex justify-between gap-4">
          <dt className="shrink-0 text-slate-500">{term}</dt>
          <dd className="min-w-0 text-right font-medium break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function OrderSummary({ order }: { order: AdminOrder }) {
  const payment = order.payment;
  return (
    <Section title="Order summary">
      <Facts
        rows={[
          [
            'Order ID',
            <span className="font-mono text-xs break-all" key="id">
              {order.id}
            </span>,
          ],
          ['Status', <StatusBadge status={order.status} key="status" />],
          ['Placed', formatDateTime(order.createdAt)],
          [
            'Buyer',
            <span key="buyer">
              <Link to={`/admin/users/insights/${order.buyer.id}`} className="text-brand-700 hover:text-brand-800">
                {order.buyer.fullName}
              </Link>
              <span className="block font-normal text-slate-500">{order.buyer.email}</span>
            </span>,
          ],
          ...(payment
            ? ([
                [
                  'Payment',
                  `${payment.cardBrand ? `${statusLabel(payment.cardBrand)} ` : ''}${payment.cardLast4 ? `•••• ${payment.cardLast4}` : payment.provider}`,
                ],
                ['Payment status', <StatusBadge kind="payment" status={payment.status} key="payment" />],
              ] as [string, ReactNode][])
            : []),
        ]}
      />
    </Section>
  );
}

function ShippingAddress({ address }: { address: AdminOrder['shippingAddress'] }) {
  return (
    <Section title="Shipping address">
      <PostalAddress address={{ ...address, postalCode: address.postal_code }} />
    </Section>
  );
}

function Amounts({ amounts }: { amounts: AdminOrder['amounts'] }) {
  return (
    <Section title="Amounts">
      <dl className="grid gap-2 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-slate-500">Items total</dt>
          <dd className="tabular-nums">{formatDollars(amounts.itemsTotal)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-slate-500">Shipping</dt>
          <dd className="tabular-nums">{amounts.shipping === 0 ? 'Free' : formatDollars(amounts.shipping)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-slate-500">Add-on services</dt>
          <dd className="tabular-nums">{formatDollars(amounts.retipTotal)}</dd>
        </div>
        <div className="flex justify-between gap-4 border-t border-slate-200 pt-2 text-base font-semibold text-slate-900">
          <dt>Order total</dt>
          <dd className="tabular-nums">{formatDollars(amounts.total)}</dd>
        </div>
        {amounts.refunded > 0 && (
          <div className="flex justify-between gap-4 text-emerald-800">
            <dt>Refunded to buyer</dt>
            <dd className="tabular-nums">−{formatDollars(amounts.refunded)}</dd>
          </div>
        )}
      </dl>
    </Section>
  );
}

function SellerPayout({ isPaid }: { isPaid: boolean }) {
  return <StatusBadge kind="sellerPayout" status={isPaid ? 'paid' : 'unpaid'} />;
}

function ItemStatus({ item }: { item: AdminOrderItem }) {
  return (
    <div className="grid justify-items-start gap-1">
      <StatusBadge status={item.status} />
      {item.rejectionReason && <p className="text-xs text-red-800">Reason: {item.rejectionReason}</p>}
      {item.refundedAmount !== null && item.refundedAmount > 0 && <p className="text-xs text-slate-500">Refunded {formatDollars(item.refundedAmount)}</p>}
    </div>
  );
}

function ItemTitle({ item }: { item: AdminOrderItem }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <ProductImage src={item.image} alt="" className="size-12 shrink-0 rounded-lg" />
      <div className="min-w-0">
        <Link to={`/admin/products/view/${item.productId}`} className="line-clamp-2 font-medium text-slate-900 hover:text-brand-700">
          {item.title}
        </Link>
        <p className="text-xs text-slate-500">
          {item.quantity} × {formatDollars(item.price)}
          {item.retipAdded && ` + add-on ${formatDollars(item.retipPrice)}`}
        </p>
      </div>
    </div>
  );
}

function SellerName({ seller }: { seller: AdminOrderItem['seller'] }) {
  return (
    <div className="min-w-0">
      <Link to={`/admin/users/insights/${seller.id}`} className="font-medium text-slate-900 hover:text-brand-700">
        {seller.fullName}
      </Link>
      {seller.companyName && <p className="text-xs text-slate-500">{seller.companyName}</p>}
    </div>
  );
}

function ItemsTable({ items }: { items: AdminOrderItem[] }) {
  return (
    <div className="hidden overflow-x-auto md:block">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Items in this order</caption>
        <thead className="border-b border-slate-200 text-xs font-semibold tracking-wide text-slate-500 uppercase">
          <tr>
            <th scope="col" className="py-2 pr-4">
              Item
            </th>
            <th scope="col" className="px-4 py-2">
              Seller
            </th>
            <th scope="col" className="px-4 py-2 text-right">
              Amount
            </th>
            <th scope="col" className="px-4 py-2">
              Status
            </th>
            <th scope="col" className="py-2 pl-4">
              Seller payout
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {items.map((item) => (
            <tr key={item.id} className="align-top">
              <td className="max-w-80 py-3 pr-4">
                <ItemTitle item={item} />
              </td>
              <td className="px-4 py-3">
                <SellerName seller={item.seller} />
              </td>
              <td className="px-4 py-3 text-right font-medium tabular-nums">{formatDollars(item.total)}</td>
              <td className="max-w-56 px-4 py-3">
                <ItemStatus item={item} />
              </td>
              <td className="py-3 pl-4">
                <SellerPayout isPaid={item.sellerPaid} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ItemCards({ items }: { items: AdminOrderItem[] }) {
  return (
    <ul className="grid divide-y divide-slate-100 md:hidden" aria-label="Items in this order">
      {items.map((item) => (
        <li key={item.id} className="grid gap-3 py-3 first:pt-0 last:pb-0">
          <ItemTitle item={item} />
          <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
            <div>
              <dt className="text-xs text-slate-500">Seller</dt>
              <dd>
                <SellerName seller={item.seller} />
              </dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">Amount</dt>
              <dd className="font-medium tabular-nums">{formatDollars(item.total)}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">Status</dt>
              <dd>
                <ItemStatus item={item} />
              </dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">Seller payout</dt>
              <dd>
                <SellerPayout isPaid={item.sellerPaid} />
              </dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}

export function AdminOrderItemsPage() {
  const { orderId = '' } = useParams();
  const { data, error, isLoading, isFetching, refetch } = useGetAdminOrderQuery(orderId);

  if (isLoading) {
    return (
      <div className="grid gap-6">
        <BackToOrders />
        <LoadingState label="Loading order…" />
      </div>
    );
  }

  if (!data) {
    const isMissing = describeApiError(error).status === 404;
    return (
      <div className="grid gap-6">
        <BackToOrders />
        <PageHeader title="Order details" description="The order, where it ships, and each seller's items." />
        {isMissing ? (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">
            This order does not exist. Check the link, or find it in the orders list.
          </p>
        ) : (
          <LoadError title="The order could not be loaded" error={error} onRetry={() => void refetch()} isRetrying={isFetching} />
        )}
      </div>
    );
  }

  const { order, items } = data;

  return (
    <div className="grid gap-6">
      <BackToOrders />
      <PageHeader
        title={`Order #${shortId(order.id)}`}
        description={`Placed ${formatDateTime(order.createdAt)} by ${order.buyer.fullName} · ${order.itemsCount} ${order.itemsCount === 1 ? 'item' : 'items'} · ${formatDollars(order.amounts.total)}`}
        actions={<StatusBadge status={order.status} />}
      />
      <div className="grid gap-4 lg:grid-cols-3">
        <OrderSummary order={order} />
        <ShippingAddress address={order.shippingAddress} />
        <Amounts amounts={order.amounts} />
      </div>
      <Section title="Items">
        <ItemsTable items={items} />
        <ItemCards items={items} />
      </Section>
      <AdminOrderBooks orderId={order.id} />
    </div>
  );
}
