import type { ConnectProvider } from '../../providers/payment/connect-port';
import type { SandboxConnectProvider } from '../../providers/payment/connect-sandbox';
import { createConnectProvider } from '../../providers/payment/create-connect-provider';
import { defineModule, type ModuleContext } from '../define-module';
import { createConnectAccountsService } from './connect-accounts.service';
import { findAdjustmentOfDispute } from './dispute-adjustments.repository';
import { sellerEarningsRoutes } from './earnings.routes';
import { createEarningsService } from './earnings.service';
import { createOrderBooksService } from './order-books.service';
import { createPayoutReportsService } from './payout-reports.service';
import { payoutAdminRoutes, sandboxConnectRoutes, stripeConnectRoutes } from './payouts.routes';
import { createPayoutsService } from './payouts.service';
import { createStripeWebhooksService } from './stripe-webhooks.service';

type PayoutsDependencies = Parameters<typeof createPayoutsService>[0];
type WebhooksDependencies = Parameters<typeof createStripeWebhooksService>[0];
type EarningsDependencies = Parameters<typeof createEarningsService>[0];

/** Getting sellers paid: Connect accounts, payouts, webhooks, the seller's earnings and the admin's reports. */
export const payoutsModule = defineModule({
  name: 'payouts',
  async register(
    app,
    {
      config,
      database,
      clock,
      events,
      cacheBus,
      wrapConnect,
      orders,
      pickupCharges,
      workspace,
      checkout,
      labelAccount,
    }: ModuleContext<{
      /** Tests put a fake in front of the payouts provider (e.g. to fail a transfer). */
      wrapConnect: ((provider: ConnectProvider) => ConnectProvider) | undefined;
      orders: PayoutsDependencies['orderItems'] & WebhooksDependencies['orderItems'];
      /** The shipping module's pickup charges, which a payout deducts. */
      pickupCharges: PayoutsDependencies['pickupCharges'] & EarningsDependencies['pickupCharges'];
      /** The workspace's settings: payout on delivery or not. */
      workspace: { payoutSchedule: EarningsDependencies['payoutSchedule'] };
      checkout: NonNullable<WebhooksDependencies['checkout']>;
      /** The shipping module's labels, whose money is the seller's label account. */
      labelAccount: NonNullable<PayoutsDependencies['labelAccount']>;
    }>,
  ) {
    const baseConnect = createConnectProvider(config, clock, database.db);
    const connect = wrapConnect ? wrapConnect(baseConnect) : baseConnect;
    // The admin's payout stats are cached; a payout written here drops them on every instance.
    const payoutReports = createPayoutReportsService({ db: database.db, clock, announceStatsChange: () => cacheBus.announce('payout-stats') });
    cacheBus.onChange('payout-stats', payoutReports.dropCachedStats);
    const connectAccounts = createConnectAccountsService({ db: database.db, clock, connect, publicUrl: config.publicUrl });
    const payouts = createPayoutsService({
      db: database.db,
      clock,
      connect,
      pickupCharges,
      orderItems: orders,
      claimStaleAfterMs: config.payoutClaimStaleSeconds * 1000,
      onPayoutsChanged: payoutReports.payoutsChanged,
      events,
      // Payout on delivery reads the admin's setting each round.
      payoutSchedule: () => workspace.payoutSchedule(),
      log: app.log,
      labelAccount,
    });
    const stripeWebhooks = createStripeWebhooksService({
      db: database.db,
      clock,
      connect,
      orderItems: orders,
      onPayoutsChanged: payoutReports.payoutsChanged,
      log: app.log,
      checkout,
    });
    await app.register(stripeConnectRoutes, {
      prefix: '/api/stripe-connect',
      accounts: connectAccounts,
      payouts,
      reports: payoutReports,
      webhooks: stripeWebhooks,
    });
    // The books of an order: where every cent the buyer paid went, shop by shop.
    const books = createOrderBooksService({ db: database.db, pickupCharges });
    await app.register(payoutAdminRoutes, { prefix: '/api', reports: payoutReports, books });
    const sandboxConnect = baseConnect.name === 'sandbox' ? (baseConnect as SandboxConnectProvider) : null;
    if (sandboxConnect) await app.register(sandboxConnectRoutes, { prefix: '/api/sandbox/connect', sandbox: sandboxConnect });
    // A seller's earnings: each sold item's payout laid out, where it stands, and a CSV of it.
    const earnings = createEarningsService({ db: database.db, clock, pickupCharges, payoutSchedule: () => workspace.payoutSchedule() });
    await app.register(sellerEarningsRoutes, { prefix: '/api/seller', earnings });
    // A dispute's case shows what the seller owes back for it; the jobs pay and resume payouts, and
    // clean the embedded sandbox's links when it is the provider.
    return { payouts, sandboxConnect, adjustmentOfDispute: (disputeId: string) => findAdjustmentOfDispute(database.db, disputeId) };
  },
});
