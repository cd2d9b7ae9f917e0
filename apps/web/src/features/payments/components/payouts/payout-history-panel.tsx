import { LayoutGrid, RotateCcw, Table } from 'lucide-react';
import type { Payout, PayoutStatus, SellerListEntry } from '@marketplace/contracts/payouts';
import type { Pagination as PaginationInfo } from '@marketplace/contracts/users';
import { dollarsToCents, formatCents } from '@marketplace/domain/money';
import { Button } from '../../../../components/button';
import { DataTable, type DataColumn } from '../../../../components/data-table';
import { ListResult } from '../../../../components/list-result';
import { Pagination } from '../../../../components/pagination';
import { SelectField } from '../../../../components/select-field';
import { StatusBadge } from '../../../../components/status-badge';
import { formatDate, formatDollars } from '../../../../lib/format';
import { SellerSelect } from './seller-select';
import { ToggleGroup, type ToggleOption } from './toggle-group';

export type HistoryView = 'table' | 'cards';

const VIEW_OPTIONS: readonly ToggleOption<HistoryView>[] = [
  { value: 'table', label: 'Table', icon: <Table className="size-4" aria-hidden /> },
  { value: 'cards', label: 'Cards', icon: <LayoutGrid className="size-4" aria-hidden /> },
];

const STATUS_OPTIONS: readonly { value: '' | PayoutStatus; label: string }[] = [
  { value: '', label: 'All statuses' },
  { value: 'paid', label: 'Paid' },
  { value: 'pending', label: 'Pending' },
  { value: 'failed', label: 'Failed' },
];

function sellerName(payout: Payout): string {
  return `${payout.seller.first_name} ${payout.seller.last_name}`.trim() || payout.seller.email;
}

/** paid green, pending yellow, failed red, anything else neutral (docs/product/statuses.md); failed payouts say why. */
function PayoutStatusCell({ payout }: { payout: Payout }) {
  return (
    <div className="grid justify-items-start gap-1">
      <StatusBadge kind="payout" status={payout.status} />
      {payout.status === 'failed' && payout.failure_reason && <p className="max-w-56 text-xs text-red-700">{payout.failure_reason}</p>}
    </div>
  );
}

function SellerCell({ payout }: { payout: Payout }) {
  return (
    <div className="min-w-0">
      <p className="truncate font-medium text-slate-900">{sellerName(payout)}</p>
      <p className="truncate text-sm text-slate-500">{payout.seller.email}</p>
    </div>
  );
}

/** A line the transfer adds or takes off: "+$7.99", "−$12.50", or a dash when there is none. */
function formatChange(dollars: number): string {
  const cents = dollarsToCents(dollars);
  if (cents === 0) return '—';
  return cents > 0 ? `+${formatCents(cents)}` : `−${formatCents(-cents)}`;
}

/** Amount − Fee + Shipping credited + Labels + Owed back = Net: each its own figure, in the table and on the cards. */
const PAYOUT_FIGURES = [
  { label: 'Amount', value: (payout: Payout) => formatDollars(payout.amount), className: 'text-slate-900' },
  { label: 'Fee', value: (payout: Payout) => formatDollars(payout.fee_amount), className: 'text-slate-600' },
  { label: 'Shipping credited', value: (payout: Payout) => formatChange(payout.shipping_credit_amount), className: 'text-slate-600' },
  { label: 'Labels', value: (payout: Payout) => formatChange(payout.label_charge_amount), className: 'text-slate-600' },
  { label: 'Owed back', value: (payout: Payout) => formatChange(payout.adjustment_amount), className: 'text-slate-600' },
  { label: 'Net', value: (payout: Payout) => formatDollars(payout.net_amount), className: 'font-semibold text-slate-900' },
] as const;

function Description({ payout }: { payout: Payout }) {
  return payout.description ? <>{payout.description}</> : <span className="text-slate-400">—</span>;
}

const PAYOUT_COLUMNS: DataColumn<Payout>[] = [
  { header: 'Date', className: 'whitespace-nowrap text-slate-600', cell: (payout) => formatDate(payout.created_at) },
  { header: 'Seller', className: 'max-w-60', cell: (payout) => <SellerCell payout={payout} /> },
  { header: 'Description', className: 'max-w-72 text-slate-700', cell: (payout) => <Description payout={payout} /> },
  ...PAYOUT_FIGURES.map(
    (figure): DataColumn<Payout> => ({ header: figure.label, align: 'right', className: `whitespace-nowrap ${figure.className}`, cell: figure.value }),
  ),
  { header: 'Status', cell: (payout) => <PayoutStatusCell payout={payout} /> },
];

/** Shown on every screen (the view toggle picks it), flat inside the panel; narrow screens scroll it sideways. */
function PayoutTable({ payouts }: { payouts: Payout[] }) {
  return (
    <DataTable
      caption="Payouts"
      columns={PAYOUT_COLUMNS}
      rows={payouts}
      rowKey={(payout) => payout.id}
      className=""
      tableClassName="min-w-[72rem]"
      rowClassName="align-top"
    />
  );
}

function PayoutCards({ payouts }: { payouts: Payout[] }) {
  return (
    <ul className="grid gap-3 md:grid-cols-2" aria-label="Payouts">
      {payouts.map((payout) => (
        <li key={payout.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <div className="flex items-start justify-between gap-3">
            <SellerCell payout={payout} />
            <StatusBadge kind="payout" status={payout.status} />
          </div>
          {/* On a phone the reason gets the card's width rather than squeezing the seller's name. */}
          {payout.status === 'failed' && payout.failure_reason && <p className="mt-2 text-xs text-red-700">{payout.failure_reason}</p>}
          <p className="mt-2 text-sm text-slate-700">
            <Description payout={payout} />
          </p>
          <dl className="mt-3 grid grid-cols-3 gap-2 border-t border-slate-100 pt-3 text-sm">
            {PAYOUT_FIGURES.map((figure) => (
              <div key={figure.label}>
                <dt className="text-xs text-slate-500">{figure.label}</dt>
                <dd className={`tabular-nums ${figure.className}`}>{figure.value(payout)}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-2 text-xs text-slate-500">{formatDate(payout.created_at)}</p>
        </li>
      ))}
    </ul>
  );
}

interface PayoutHistoryPanelProps {
  sellers: readonly SellerListEntry[];
  sellerId: string;
  status: string;
  onFilterChange: (key: 'seller' | 'status', value: string) => void;
  canReset: boolean;
  onReset: () => void;
  view: HistoryView;
  onViewChange: (view: HistoryView) => void;
  payouts: Payout[];
  pagination: PaginationInfo | undefined;
  onPageChange: (page: number) => void;
  isLoading: boolean;
  isFetching: boolean;
  error: unknown;
  onRetry: () => void;
}

export function PayoutHistoryPanel({
  sellers,
  sellerId,
  status,
  onFilterChange,
  canReset,
  onReset,
  view,
  onViewChange,
  payouts,
  pagination,
  onPageChange,
  isLoading,
  isFetching,
  error,
  onRetry,
}: PayoutHistoryPanelProps) {
  return (
    <section aria-labelledby="payout-history-heading" className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="payout-history-heading" className="text-lg font-semibold text-slate-900">
          Payout History
        </h2>
        <ToggleGroup label="View" options={VIEW_OPTIONS} value={view} onChange={onViewChange} />
      </div>

      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-end">
        <SellerSelect sellers={sellers} value={sellerId} onChange={(value) => onFilterChange('seller', value)} />
        <SelectField label="Status" options={STATUS_OPTIONS} value={status} onChange={(event) => onFilterChange('status', event.target.value)} />
        <Button variant="secondary" onClick={onReset} disabled={!canReset} className="justify-self-start">
          <RotateCcw className="size-4" aria-hidden />
          Reset Filters
        </Button>
      </div>

      <ListResult
        noun="payouts"
        isLoading={isLoading}
        isFetching={isFetching}
        error={error}
        hasData={pagination !== undefined}
        isEmpty={payouts.length === 0}
        onRetry={onRetry}
        emptyText="Try adjusting your filters"
      >
        {view === 'table' ? <PayoutTable payouts={payouts} /> : <PayoutCards payouts={payouts} />}
        {pagination && (
          <Pagination
            label="Payout pages"
            page={pagination.page}
            totalPages={pagination.totalPages}
            totalItems={pagination.totalItems}
            pageSize={pagination.limit}
            onPageChange={onPageChange}
          />
        )}
      </ListResult>
    </section>
  );
}
