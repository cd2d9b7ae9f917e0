// The payouts module's public surface: what other modules and app.ts may use. Everything else in this
// folder is its own business.

export { createConnectAccountsService, type ConnectAccountsService } from './connect-accounts.service';
export { createEarningsService, type EarningsService } from './earnings.service';
export { sellerEarningsRoutes } from './earnings.routes';
export { findAdjustmentOfDispute, type DisputeAdjustment } from './dispute-adjustments.repository';
export { PAYOUT_MESSAGES } from './payout-messages';
export { createPayoutReportsService, type PayoutReportsService } from './payout-reports.service';
// Paid payouts per day, as the payout stats count them (the seller's weekly e-mail sums a week of it).
export { paidPerDay, type PaidTotals } from './payout-reports.repository';
export { pendingAdjustmentsOf, type PayoutAdjustmentRecord } from './payouts.repository';
export { payoutAdminRoutes, sandboxConnectRoutes, stripeConnectRoutes } from './payouts.routes';
export { createPayoutsService, type PayoutsService, type PickupChargeSource } from './payouts.service';
export { createStripeWebhooksService, type StripeWebhooksService } from './stripe-webhooks.service';
