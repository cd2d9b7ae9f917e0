// The analytics module's public surface for other modules: the dashboard's own sales totals, so a
// report elsewhere (the seller's weekly e-mail) shows the same figures the dashboard does.

export { sumSales, type AnalyticsScope } from './analytics.repository';
// A seller's week for the summary e-mail: app.ts hands it to the mail module.
export { findSellerWeekFigures, type SellerWeekFigures } from './weekly-figures';
// A buyer's purchases and a seller's sales for the admin's insights page: app.ts hands it to the users module.
export { createUserInsightsService } from './user-insights.service';
