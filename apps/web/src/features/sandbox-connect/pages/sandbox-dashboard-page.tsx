import { ArrowLeft, Landmark } from 'lucide-react';
import type { SandboxLinkResponse } from '@marketplace/contracts/payouts';
import { EmptyState } from '../../../components/list-states';
import { StatusBadge } from '../../../components/status-badge';
import { formatDate, formatDollars } from '../../../lib/format';
import { SandboxChrome } from './sandbox-chrome';

type Transfer = SandboxLinkResponse['transfers'][number];
type Payout = SandboxLinkResponse['payouts'][number];

const NO_DESCRIPTION = 'Transfer from Marketplace';

function BalanceCard({ label, amount, hint }: { label: string; amount: number; hint: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <p className="text-sm text-slate-500">{label}</p>
      <p className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums">{formatDollars(amount)}</p>
      <p className="mt-1 text-xs text-slate-500">{hint}</p>
    </div>
  );
}

function TransfersSection({ transfers }: { transfers: Transfer[] }) {
  return (
    <section aria-labelledby="sandbox-transfers-title" className="space-y-3">
      <h2 id="sandbox-transfers-title" className="font-semibold text-slate-900">
        Transfers
      </h2>
      {transfers.length === 0 ? (
        <EmptyState title="No transfers yet">Money Marketplace sends you appears here.</EmptyState>
      ) : (
        <>
          <table className="hidden w-full overflow-hidden rounded-xl border border-slate-200 bg-white text-sm shadow-sm md:table">
            <thead className="bg-slate-50 text-left text-slate-600">
              <tr>
                <th scope="col" className="px-4 py-3 font-medium">
                  Date
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Description
                </th>
                <th scope="col" className="px-4 py-3 text-right font-medium">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {transfers.map((transfer) => (
                <tr key={transfer.id}>
                  <td className="px-4 py-3 whitespace-nowrap text-slate-600">{formatDate(transfer.created_at)}</td>
                  <td className="px-4 py-3 text-slate-900">{transfer.description ?? NO_DESCRIPTION}</td>
                  <td className="px-4 py-3 text-right font-medium text-slate-900 tabular-nums">{formatDollars(transfer.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <ul className="grid gap-2 md:hidden" aria-label="Transfers">
            {transfers.map((transfer) => (
              <li key={transfer.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
                <div className="flex items-baseline justify-between gap-3">
                  <p className="min-w-0 font-medium break-words text-slate-900">{transfer.description ?? NO_DESCRIPTION}</p>
                  <p className="shrink-0 font-semibold text-slate-900 tabular-nums">{formatDollars(transfer.amount)}</p>
                </div>
                <p className="mt-1 text-sm text-slate-500">{formatDate(transfer.created_at)}</p>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function PayoutsSection({ payouts }: { payouts: Payout[] }) {
  return (
    <section aria-labelledby="sandbox-payouts-title" className="space-y-3">
      <h2 id="sandbox-payouts-title" className="font-semibold text-slate-900">
        Payouts to your bank
      </h2>
      {payouts.length === 0 ? (
        <EmptyState title="No payouts yet">Stripe pays your available balance out to your bank account.</EmptyState>
      ) : (
        <>
          <table className="hidden w-full overflow-hidden rounded-xl border border-slate-200 bg-white text-sm shadow-sm md:table">
            <thead className="bg-slate-50 text-left text-slate-600">
              <tr>
                <th scope="col" className="px-4 py-3 font-medium">
                  Arrival date
                </th>
                <th scope="col" className="px-4 py-3 text-right font-medium">
                  Amount
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Status
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {payouts.map((payout) => (
                <tr key={payout.id}>
                  <td className="px-4 py-3 whitespace-nowrap text-slate-600">{formatDate(payout.arrival_date)}</td>
                  <td className="px-4 py-3 text-right font-medium text-slate-900 tabular-nums">{formatDollars(payout.amount)}</td>
                  <td className="px-4 py-3">
                    <StatusBadge kind="bankPayout" status={payout.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <ul className="grid gap-2 md:hidden" aria-label="Payouts">
            {payouts.map((payout) => (
              <li key={payout.id} className="flex items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
                <div>
                  <p className="font-semibold text-slate-900 tabular-nums">{formatDollars(payout.amount)}</p>
                  <p className="mt-1 text-sm text-slate-500">Arrives {formatDate(payout.arrival_date)}</p>
                </div>
                <StatusBadge kind="bankPayout" status={payout.status} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** The sandbox's Express-style dashboard: the seller's balance, transfers in and payouts out. */
export function SandboxDashboardPage({ link }: { link: SandboxLinkResponse }) {
  const { account, balance, transfers, payouts, returnUrl } = link;
  return (
    <SandboxChrome title="Express dashboard" wide>
      <div className="space-y-6">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div className="min-w-0">
            <h1 className="text-2xl font-semibold tracking-tight break-words text-slate-900">{account.businessName ?? account.email}</h1>
            <p className="mt-1 text-sm text-slate-600">
              Account <span className="font-mono break-all">{account.id}</span>
            </p>
            {account.bankLast4 && (
              <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-600">
                <Landmark className="size-4" aria-hidden />
                Bank account ending in {account.bankLast4}
              </p>
            )}
          </div>
          <a
            href={returnUrl}
            className="inline-flex h-10 items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 shadow-sm hover:bg-slate-50"
          >
            <ArrowLeft className="size-4" aria-hidden />
            Back to marketplace
          </a>
        </div>

        <section aria-label="Balance" className="grid gap-3 sm:grid-cols-2">
          <BalanceCard label="Available" amount={balance?.available ?? 0} hint="On its way to your bank with the next payout." />
          <BalanceCard label="Pending" amount={balance?.pending ?? 0} hint="Not yet available to pay out." />
        </section>

        <TransfersSection transfers={transfers} />
        <PayoutsSection payouts={payouts} />
      </div>
    </SandboxChrome>
  );
}
