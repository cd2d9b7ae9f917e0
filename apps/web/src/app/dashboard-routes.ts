import { route, type PageRoute } from './routes';

/**
 * The pages of the seller and admin dashboards, the other half of the route manifest (`routes.ts` has
 * the shop's). Kept apart so a shop visitor never downloads them: `router.tsx` adds an area's routes
 * on the first navigation into it. Like routes.ts, data only, read by the build and the budget script.
 */
export const DASHBOARD_ROUTES: readonly PageRoute[] = [
  route('seller', '/seller/dashboard', 'features/analytics/pages/seller-dashboard-page', 'SellerDashboardPage'),
  route('seller', '/seller/inventory', 'features/catalog/pages/seller-inventory-page', 'SellerInventoryPage'),
  route('seller', '/seller/product-list', 'features/catalog/pages/seller-product-list-page', 'SellerProductListPage'),
  route('seller', '/seller/product-list/edit/:id', 'features/catalog/pages/seller-product-edit-page', 'SellerProductEditPage'),
  route('seller', '/seller/product-list/view/:id', 'features/catalog/pages/seller-product-view-page', 'SellerProductViewPage'),
  // Beyond the original route list: many listings at once, as a CSV file (docs/product/listings.md "CSV import and export").
  route('seller', '/seller/product-list/csv', 'features/catalog/pages/seller-listings-csv-page', 'SellerListingsCsvPage'),
  route('seller', '/seller/listing', 'features/catalog/pages/seller-listing-page', 'SellerListingPage'),
  route('seller', '/seller/listing/add', 'features/catalog/pages/seller-add-listing-page', 'SellerAddListingPage'),
  route('seller', '/seller/listing/inventory/:listingId', 'features/catalog/pages/listing-inventory-page', 'ListingInventoryPage'),
  route('seller', '/seller/listing/addInventory/:listingId', 'features/catalog/pages/add-listing-inventory-page', 'AddListingInventoryPage'),
  route('seller', '/seller/orders', 'features/orders/pages/seller-orders-page', 'SellerOrdersPage'),
  route('seller', '/seller/orders/items/:orderId', 'app/pages/seller-order-detail-page', 'SellerOrderDetailPage'),
  route('seller', '/seller/orders/items/:orderId/shipments', 'features/shipping/pages/shipment-management-page', 'ShipmentManagementPage'),
  route('seller', '/seller/orders/items/:orderId/packing-slip', 'features/orders/pages/packing-slip-page', 'PackingSlipPage'),
  route('seller', '/seller/orders/items/view/:itemId', 'features/orders/pages/seller-order-item-page', 'SellerOrderItemPage'),
  route('seller', '/seller/shipments', 'features/shipping/pages/shipment-dashboard-page', 'ShipmentDashboardPage'),
  route('seller', '/seller/chats', 'features/chat/pages/seller-chats-page', 'SellerChatsPage'),
  route('seller', '/seller/disputes', 'features/disputes/pages/seller-disputes-page', 'SellerDisputesPage'),
  route('seller', '/seller/disputes/:disputeId', 'features/disputes/pages/dispute-case-page', 'SellerDisputeCasePage'),
  // Beyond the original route list (decision 0010): the returns buyers asked for.
  route('seller', '/seller/returns', 'features/orders/pages/seller-returns-page', 'SellerReturnsPage'),
  route('seller', '/seller/onboarding', 'features/payments/pages/stripe-setup-page', 'StripeSetupPage'),
  // Beyond the original route list (decision 0022): what the seller is paid for each item, and when.
  route('seller', '/seller/earnings', 'features/payments/pages/seller-earnings-page', 'SellerEarningsPage'),
  // Beyond the original route list: what buyers said about the seller's items, and the seller's replies.
  route('seller', '/seller/reviews', 'features/seller/pages/seller-reviews-page', 'SellerReviewsPage'),
  route('seller', '/seller/settings', 'features/seller/pages/seller-settings-page', 'SellerSettingsPage'),
  route('seller', '/seller/support', 'features/help/pages/seller-support-page', 'SellerSupportPage'),
  route('seller', '/seller/help-and-support', 'features/help/pages/help-and-support-page', 'HelpAndSupportPage'),
  route('seller', '/seller/profile', 'features/profile/pages/seller-profile-page', 'SellerProfilePage'),

  route('admin', '/admin/dashboard', 'features/analytics/pages/admin-dashboard-page', 'AdminDashboardPage'),
  route('admin', '/admin/users', 'features/admin/pages/users-page', 'UsersPage'),
  route('admin', '/admin/users/insights/:userId', 'features/analytics/pages/user-insights-page', 'UserInsightsPage'),
  route('admin', '/admin/orders', 'features/orders/pages/admin-orders-page', 'AdminOrdersPage'),
  route('admin', '/admin/orders/orderItems/:orderId', 'features/orders/pages/admin-order-items-page', 'AdminOrderItemsPage'),
  route('admin', '/admin/rejected-orders', 'features/orders/pages/rejected-orders-page', 'RejectedOrdersPage'),
  route('admin', '/admin/refunded-orders', 'features/orders/pages/refunded-orders-page', 'RefundedOrdersPage'),
  route('admin', '/admin/shipped-orders', 'features/payments/pages/shipped-orders-page', 'ShippedOrdersPage'),
  route('admin', '/admin/products', 'features/catalog/pages/admin-products-page', 'AdminProductsPage'),
  route('admin', '/admin/products/view/:id', 'features/catalog/pages/admin-product-view-page', 'AdminProductViewPage'),
  route('admin', '/admin/commission', 'features/payments/pages/commission-page', 'CommissionPage'),
  route('admin', '/admin/disputes', 'features/disputes/pages/admin-disputes-page', 'AdminDisputesPage'),
  route('admin', '/admin/disputes/:disputeId', 'features/disputes/pages/dispute-case-page', 'AdminDisputeCasePage'),
  route('admin', '/admin/settings', 'features/admin/pages/admin-settings-page', 'AdminSettingsPage'),
  // Beyond the original route list: reviews to moderate (hide with a reason, show again).
  route('admin', '/admin/reviews', 'features/admin/pages/admin-reviews-page', 'AdminReviewsPage'),
  route('admin', '/admin/payouts', 'features/payments/pages/payout-management-page', 'PayoutManagementPage'),
];
