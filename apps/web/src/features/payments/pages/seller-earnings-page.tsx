import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { CalendarClock, CalendarDays, Download } from 'lucide-react';
import type { EarningRow, EarningState, EarningsMonthTotals, LabelLine } from '@marketplace/contracts/earnings';
import { describeEarningState } from '@marketplace/domain/earnings';
import { formatCents } from '@marketplace/domain/money';
import { describeLabelLine } from '@marketplace/domain/shop-shipping-money';
import { shortId } from '@marketplace/domain/short-id';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { FilterBar } from '../../../components/filter-bar';
import { ListResult } from '../../../components/list-result';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { SelectField } from '../../../components/select-field';
import { StatusBadge } from '../../../components/status-badge';
import { toast } from '../../../components/toast';
import { formatDate } from '../../../lib/format';
import { useListParams } from '../../../lib/use-list-params';
import { downloadEarningsCsv, EARNINGS_CSV_MESSAGES, useGetSellerEarningsQuery } from '../earnings-api';

// /seller/earnings (docs/product/payouts.md, "Earnings page"): every item the seller sold, its payout laid out
// figure by figure as the payout rule computes it (the server sends the figures; nothing is added up here
// but the page's own totals, which come from the server too), where it stands, and a CSV of it all.

const PAGE_SIZE = 10;
const FILTER_KEYS = ['month'] as const;
const MONTHS_OFFERED = 12;

/** Each state's badge: a short label, coloured as the status word of the same meaning is everywhere. */
const STATE_BADGES: Record<EarningState, { word: string; label: string }> = {
  waiting_for_delivery: { word: 'in_transit', label: 'Waiting for delivery' },
  on_hold: { word: 'under_review', label: 'On hold' },
  scheduled: { word: 'scheduled', label: 'Scheduled' },
  ready: { word: 'pending', label: 'Ready' },
  processing: { word: 'processing', label: 'Being paid' },
  paid: { word: 'paid', label: 'Paid' },
  adjusted: { word: 'partially_refunded', label: 'Paid, then refunded' },
  failed: { word: 'failed', label: 'Payout failed' },
  not_payable: { word: 'cancelled', label: 'Not payable' },
};

const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** YYYY-MM of the UTC month `back` months before this one. */
function monthKey(now: Date, back: number): string {
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

function monthLabel(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number);
  return monthFormat.format(new Date(Date.UTC(year ?? 1970, (monthNumber ?? 1) - 1, 1)));
}

function monthOptions(now: Date, selected: string) {
  const months = Array.from({ length: MONTHS_OFFERED }, (_, back) => monthKey(now, back));
  // A month picked by a shared link stays choosable even when it is older than the list.
  if (selected && !months.includes(selected)) months.push(selected);
  return [{ value: '', label: 'All months' }, ...months.map((month) => ({ value: month, label: monthLabel(month) }))];
}

/** 1250 → "12.5%". */
function formatRate(basisPoints: number): string {
  return `${(basisPoints / 100).toFixed(2).replace(/\.?0+$/, '')}%`;
}

/** A change to the transfer: "+$1.50" added, "−$1.50" taken off, or a dash when there is none. */
function formatChange(cents: number): string {
  if (cents === 0) return '—';
  return cents > 0 ? `+${formatCents(cents)}` : `−${formatCents(-cents)}`;
}

/** A deduction: "−$1.50", or a dash when there is none. */
function formatDeduction(cents: number): string {
  return formatChange(-Math.abs(cents));
}

/** The state in the reader's words (the same sentences the CSV writes, with dates as this app shows them). */
function stateText(row: EarningRow): string {
  return describeEarningState(
    {
      state: row.state,
      holdReason: row.holdReason,
      notPayableReason: row.notPayableReason,
      scheduledFor: row.scheduledFor ? new Date(row.scheduledFor) : null,
      paidAt: row.paidAt ? new Date(row.paidAt) : null,
      transferId: row.transferId,
      clawbackCents: row.clawbackCents,
    },
    (date) => formatDate(date.toISOString()),
  );
}

function StateCell({ row }: { row: EarningRow }) {
  const badge = STATE_BADGES[row.state];
  const sentence = stateText(row);
  return (
    <div className="grid justify-items-start gap-1">
      <StatusBadge status={badge.word} label={badge.label} />
      {sentence !== badge.label && <p className="max-w-64 text-xs break-words text-slate-600">{sentence}</p>}
      {row.clawbackCents < 0 && row.clawbackSettled && <p className="text-xs text-slate-500">Already deducted.</p>}
    </div>
  );
}

function ItemCell({ row }: { row: EarningRow }) {
  return (
    <div className="min-w-0">
      <p className="font-medium break-words text-slate-900">{row.title}</p>
      <p className="text-sm text-slate-600 tabular-nums">
        {row.quantity} × {formatCents(row.unitPriceCents)}
        {row.refundedCents > 0 && <span className="text-amber-800"> · {formatCents(row.refundedCents)} refunded</span>}
      </p>
      <p className="text-xs text-slate-500">
        Sold {formatDate(row.soldAt)} ·{' '}
        <Link to={`/seller/orders/items/${row.orderId}`} className="hover:text-brand-700">
          Order #{shortId(row.orderId)}
        </Link>
      </p>
      {row.commissionWarning && <p className="mt-1 text-xs text-amber-800">{row.commissionWarning}</p>}
    </div>
  );
}

const COLUMNS: DataColumn<EarningRow>[] = [
  { header: 'Item', className: 'max-w-72', cell: (row) => <ItemCell row={row} /> },
  { header: 'Item total', align: 'right', className: 'whitespace-nowrap tabular-nums', cell: (row) => formatCents(row.itemTotalCents) },
  {
    header: 'Commission',
    align: 'right',
    className: 'whitespace-nowrap tabular-nums',
    cell: (row) => (
      <>
        {formatDeduction(row.commissionCents)}
        <span className="block text-xs text-slate-500">{formatRate(row.commissionRateBasisPoints)}</span>
      </>
    ),
  },
  { header: 'Pickup charge', align: 'right', className: 'whitespace-nowrap tabular-nums', cell: (row) => formatDeduction(row.pickupChargeCents) },
  { header: 'Transfer fee', align: 'right', className: 'whitespace-nowrap tabular-nums', cell: (row) => formatDeduction(row.feeCents) },
  { header: 'Payout', align: 'right', className: 'whitespace-nowrap text-slate-900 tabular-nums', cell: (row) => formatCents(row.payoutCents) },
  { header: 'Shipping credited', align: 'right', className: 'whitespace-nowrap tabular-nums', cell: (row) => formatChange(row.shippingCreditCents) },
  { header: 'Labels', align: 'right', className: 'whitespace-nowrap tabular-nums', cell: (row) => formatChange(row.labelChargeCents) },
  { header: 'Adjustments', align: 'right', className: 'whitespace-nowrap tabular-nums', cell: (row) => formatDeduction(row.adjustmentCents) },
  { header: 'Net', align: 'right', className: 'font-semibold whitespace-nowrap text-slate-900 tabular-nums', cell: (row) => formatCents(row.netCents) },
  { header: 'State', cell: (row) => <StateCell row={row} /> },
];

/** Laptops: one row per item, every figure in its column. */
function EarningsTable({ rows }: { rows: EarningRow[] }) {
  return (
    <DataTable
      caption="Earnings per item"
      columns={COLUMNS}
      rows={rows}
      rowKey={(row) => row.orderItemId}
      tableClassName="min-w-[76rem]"
      density="compact"
      rowClassName="align-top"
    />
  );
}

function Figure({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-slate-600">{label}</dt>
      <dd className={`tabular-nums ${strong ? 'font-semibold text-slate-900' : 'text-slate-800'}`}>{value}</dd>
    </div>
  );
}

/** Phones: a card per item, the calculation read top to bottom. */
function EarningsCards({ rows }: { rows: EarningRow[] }) {
  return (
    <ul className="grid gap-3 md:hidden" aria-label="Earnings per item">
      {rows.map((row) => (
        <li key={row.orderItemId} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <ItemCell row={row} />
          <dl className="mt-3 grid gap-1.5 border-t border-slate-100 pt-3 text-sm">
            <Figure label="Item total" value={formatCents(row.itemTotalCents)} />
            <Figure label={`Commission (${formatRate(row.commissionRateBasisPoints)})`} value={formatDeduction(row.commissionCents)} />
            <Figure label="Pickup charge" value={formatDeduction(row.pickupChargeCents)} />
            <Figure label="Transfer fee" value={formatDeduction(row.feeCents)} />
            <Figure label="Payout" value={formatCents(row.payoutCents)} />
            <Figure label="Shipping credited" value={formatChange(row.shippingCreditCents)} />
            <Figure label="Labels" value={formatChange(row.labelChargeCents)} />
            <Figure label="Adjustments" value={formatDeduction(row.adjustmentCents)} />
            <Figure label="Net" value={formatCents(row.netCents)} strong />
          </dl>
          <div className="mt-3 border-t border-slate-100 pt-3">
            <StateCell row={row} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The label line in the reader's words (the sentence the CSV writes, with dates as this app shows them). */
function labelText(line: LabelLine): string {
  return describeLabelLine({ ...line, settledAt: line.settledAt ? new Date(line.settledAt) : null }, (date) => formatDate(date.toISOString()));
}

/** What the open label lines will do to the next payouts, in words; null when nothing is open. */
function openLabelsText(openCents: number): string | null {
  if (openCents < 0) return `${formatCents(-openCents)} in labels will be taken from your next payouts.`;
  if (openCents > 0) return `${formatCents(openCents)} in voided labels will be added to your next payouts.`;
  return null;
}

/** The seller's label account: labels bought through the marketplace and voided ones credited back, newest first. */
function LabelsSection({ lines, openCents, month }: { lines: LabelLine[]; openCents: number; month: string | undefined }) {
  const open = openLabelsText(openCents);
  return (
    <section aria-labelledby="shipping-labels-heading" className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div>
        <h2 id="shipping-labels-heading" className="text-lg font-semibold text-slate-900">
          Shipping labels
        </h2>
        <p className="text-sm text-slate-600">Labels you buy are taken from your payouts; a voided label is credited back.</p>
      </div>
      {open && <p className="text-sm font-medium text-slate-900">{open}</p>}
      {lines.length === 0 ? (
        <p className="text-sm text-slate-500">
          {month ? `No shipping labels in ${monthLabel(month)}.` : 'You have not bought a shipping label through the marketplace yet.'}
        </p>
      ) : (
        <ul className="divide-y divide-slate-100 border-t border-slate-100" aria-label="Label lines">
          {lines.map((line) => (
            <li key={line.id} className="flex items-start justify-between gap-3 py-3 text-sm">
              <div className="min-w-0">
                <p className="break-words text-slate-800">{labelText(line)}</p>
                <p className="text-xs text-slate-500">{formatDate(line.createdAt)}</p>
              </div>
              <div className="grid shrink-0 justify-items-end gap-1">
                <span className="font-medium text-slate-900 tabular-nums">{formatChange(line.amountCents)}</span>
                <StatusBadge status={line.settledAt ? 'paid' : 'pending'} label={line.settledAt ? 'Settled' : 'Open'} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function MonthCard({ title, icon, totals, isLoading }: { title: string; icon: ReactNode; totals: EarningsMonthTotals | undefined; isLoading: boolean }) {
  return (
    <section aria-label={title} aria-busy={isLoading || undefined} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-sm font-medium text-slate-600">
          {title}
          {totals && <span className="text-slate-500"> · {monthLabel(totals.month)}</span>}
        </h2>
        <span className="rounded-lg bg-slate-50 p-2 text-slate-500">{icon}</span>
      </div>
      <dl className="mt-2 grid grid-cols-2 gap-3">
        <div>
          <dt className="text-xs text-slate-500">Paid</dt>
          <dd className="text-2xl font-semibold tracking-tight text-slate-900 tabular-nums">{isLoading || !totals ? '…' : formatCents(totals.paidNetCents)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Pending</dt>
          <dd className="text-2xl font-semibold tracking-tight text-slate-700 tabular-nums">
            {isLoading || !totals ? '…' : formatCents(totals.pendingNetCents)}
          </dd>
        </div>
      </dl>
    </section>
  );
}

export function SellerEarningsPage() {
  const { filters, page, hasFilters, setFilter, setPage, clearFilters } = useListParams(FILTER_KEYS);
  const month = /^\d{4}-(0[1-9]|1[0-2])$/.test(filters.month) ? filters.month : undefined;
  const { data, isLoading, isFetching, error, refetch } = useGetSellerEarningsQuery({ page, limit: PAGE_SIZE, month });
  const [isDownloading, setIsDownloading] = useState(false);
  const [now] = useState(() => new Date());

  const download = async () => {
    setIsDownloading(true);
    try {
      const { truncated } = await downloadEarningsCsv(month);
      toast.success(truncated ? EARNINGS_CSV_MESSAGES.truncated : EARNINGS_CSV_MESSAGES.downloaded);
    } catch (failure) {
      toast.error(failure instanceof Error ? failure.message : EARNINGS_CSV_MESSAGES.failed);
    } finally {
      setIsDownloading(false);
    }
  };

  // Grid items grow to their content unless told otherwise: min-w-0 keeps a long title from widening a 390 px phone.
  return (
    <div className="grid gap-6 [&>*]:min-w-0">
      <PageHeader
        title="Earnings"
        description="What you are paid for each item you sold, how it is worked out, and when."
        actions={
          <Button variant="secondary" onClick={() => void download()} isBusy={isDownloading} busyLabel="Preparing CSV…">
            <Download className="size-4" aria-hidden />
            Download CSV
          </Button>
        }
      />

      {data && (
        <Alert tone="info">
          {data.schedule.payoutOnDelivery
            ? `Items are paid automatically ${data.schedule.delayDays} ${data.schedule.delayDays === 1 ? 'day' : 'days'} after delivery, unless a dispute or return is open.`
            : 'The marketplace team pays each delivered item; until then it shows as ready.'}{' '}
          Each payout is the item total less the category’s commission, the item’s share of the pickup charge and the transfer fee (0.25% + $0.25). The shipping
          your buyer paid is added to it, and the shipping labels you buy are taken from it.
        </Alert>
      )}
      {data && !data.payoutAccountReady && (
        <Alert tone="warning" title="You cannot be paid yet">
          Finish your Stripe setup to receive payouts.{' '}
          <Link to="/seller/onboarding" className="font-medium underline">
            Go to Stripe Setup
          </Link>
        </Alert>
      )}
      {data && data.owedBackCents < 0 && (
        <Alert tone="warning">{`You owe ${formatCents(-data.owedBackCents)} back after refunds of items you were already paid for. It is deducted from your next payout.`}</Alert>
      )}

      <div className="grid gap-2">
        <div className="grid gap-3 sm:grid-cols-2 sm:gap-4">
          <MonthCard title="This month" icon={<CalendarDays className="size-5" aria-hidden />} totals={data?.totals.thisMonth} isLoading={isLoading} />
          <MonthCard title="Last month" icon={<CalendarClock className="size-5" aria-hidden />} totals={data?.totals.lastMonth} isLoading={isLoading} />
        </div>
        <p className="text-xs text-slate-500">Paid: transferred that month. Pending: still to come for the items sold that month.</p>
      </div>

      <FilterBar className="sm:grid-cols-[minmax(0,16rem)_auto]" hasFilters={hasFilters} onClear={clearFilters}>
        <SelectField
          label="Month sold"
          options={monthOptions(now, month ?? '')}
          value={month ?? ''}
          onChange={(event) => setFilter('month', event.target.value)}
        />
      </FilterBar>

      <ListResult
        noun="earnings"
        isLoading={isLoading}
        isFetching={isFetching}
        error={error}
        hasData={data !== undefined}
        isEmpty={(data?.items.length ?? 0) === 0}
        onRetry={() => void refetch()}
        emptyText={month ? `You sold nothing in ${monthLabel(month)}.` : 'When you sell an item, its payout shows here.'}
      >
        {data && (
          <>
            <EarningsTable rows={data.items} />
            <EarningsCards rows={data.items} />
            <Pagination
              page={data.pagination.page}
              totalPages={data.pagination.totalPages}
              totalItems={data.pagination.totalItems}
              pageSize={PAGE_SIZE}
              onPageChange={setPage}
              label="Earnings pages"
            />
          </>
        )}
      </ListResult>

      {data && <LabelsSection lines={data.labels} openCents={data.labelsOpenCents} month={month} />}
    </div>
  );
}
