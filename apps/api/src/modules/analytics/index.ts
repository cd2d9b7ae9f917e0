// The analytics module's public surface for other modules: the dashboard's own sales totals, so a
// report elsewhere (the seller's weekly e-mail) shows the same figures the dashboard does.

export { sumSales, type AnalyticsScope } from './analytics.repository';
// A seller's week for the summary e-mail: the mail module hands it to its reactions (mail.module.ts).
export { findSellerWeekFigures, type SellerWeekFigures } from './weekly-figures';
// A buyer's purchases and a seller's sales for the admin's insights page: the analytics module fills the
// users module's port with it (analytics.module.ts).
export { createUserInsightsService } from './user-insights.service';
