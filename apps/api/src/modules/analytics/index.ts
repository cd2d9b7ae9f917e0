// The analytics module's public surface for other modules: the dashboard's own sales totals, so a
// report elsewhere (the seller's weekly e-mail) shows the same figures the dashboard does.

export { sumSales, type AnalyticsScope } from './analytics.repository';
