import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { FullScreenLoader } from '../components/spinner';
import { GuestGuard, LoginGuard, RoleGuard } from './guards';
import { BuyerLayout } from './layouts/buyer-layout';
import { UploadLayout } from './layouts/upload-layout';
import { RootErrorPage } from './pages/root-error-page';
import { RootLayout } from './root-layout';

/** A route-level lazy page: its code downloads the first time the route is visited (SPEC §2.1). */
function page<Module>(load: () => Promise<Module>, pick: (module: Module) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

/**
 * A lazy area layout (the public pages' header and footer, the seller and admin dashboards with their
 * role check): downloaded with the area's first page, in parallel with it, so a visitor of the shop
 * never loads the other areas' chrome (issue #8).
 */
const area = page;

const sellerPages: RouteObject[] = [
  { path: 'dashboard', lazy: page(() => import('../features/analytics/pages/seller-dashboard-page'), (m) => m.SellerDashboardPage) },
  { path: 'inventory', lazy: page(() => import('../features/catalog/pages/seller-inventory-page'), (m) => m.SellerInventoryPage) },
  { path: 'product-list', lazy: page(() => import('../features/catalog/pages/seller-product-list-page'), (m) => m.SellerProductListPage) },
  { path: 'product-list/edit/:id', lazy: page(() => import('../features/catalog/pages/seller-product-edit-page'), (m) => m.SellerProductEditPage) },
  { path: 'product-list/view/:id', lazy: page(() => import('../features/catalog/pages/seller-product-view-page'), (m) => m.SellerProductViewPage) },
  { path: 'listing', lazy: page(() => import('../features/catalog/pages/seller-listing-page'), (m) => m.SellerListingPage) },
  { path: 'listing/add', lazy: page(() => import('../features/catalog/pages/seller-add-listing-page'), (m) => m.SellerAddListingPage) },
  { path: 'listing/inventory/:listingId', lazy: page(() => import('../features/catalog/pages/listing-inventory-page'), (m) => m.ListingInventoryPage) },
  { path: 'listing/addInventory/:listingId', lazy: page(() => import('../features/catalog/pages/add-listing-inventory-page'), (m) => m.AddListingInventoryPage) },
  { path: 'orders', lazy: page(() => import('../features/orders/pages/seller-orders-page'), (m) => m.SellerOrdersPage) },
  { path: 'orders/items/:orderId', lazy: page(() => import('./pages/seller-order-detail-page'), (m) => m.SellerOrderDetailPage) },
  { path: 'orders/items/:orderId/shipments', lazy: page(() => import('../features/shipping/pages/shipment-management-page'), (m) => m.ShipmentManagementPage) },
  { path: 'orders/items/view/:itemId', lazy: page(() => import('../features/orders/pages/seller-order-item-page'), (m) => m.SellerOrderItemPage) },
  { path: 'shipments', lazy: page(() => import('../features/shipping/pages/shipment-dashboard-page'), (m) => m.ShipmentDashboardPage) },
  { path: 'chats', lazy: page(() => import('../features/chat/pages/seller-chats-page'), (m) => m.SellerChatsPage) },
  { path: 'disputes', lazy: page(() => import('../features/disputes/pages/seller-disputes-page'), (m) => m.SellerDisputesPage) },
  { path: 'disputes/:disputeId', lazy: page(() => import('../features/disputes/pages/dispute-case-page'), (m) => m.SellerDisputeCasePage) },
  // Beyond SPEC §2.1 (decision 0010): the returns buyers asked for.
  { path: 'returns', lazy: page(() => import('../features/orders/pages/seller-returns-page'), (m) => m.SellerReturnsPage) },
  { path: 'onboarding', lazy: page(() => import('../features/payments/pages/stripe-setup-page'), (m) => m.StripeSetupPage) },
  { path: 'settings', lazy: page(() => import('../features/seller/pages/seller-settings-page'), (m) => m.SellerSettingsPage) },
  { path: 'support', lazy: page(() => import('../features/help/pages/seller-support-page'), (m) => m.SellerSupportPage) },
  { path: 'help-and-support', lazy: page(() => import('../features/help/pages/help-and-support-page'), (m) => m.HelpAndSupportPage) },
  { path: 'profile', lazy: page(() => import('../features/profile/pages/seller-profile-page'), (m) => m.SellerProfilePage) },
];

const adminPages: RouteObject[] = [
  { path: 'dashboard', lazy: page(() => import('../features/analytics/pages/admin-dashboard-page'), (m) => m.AdminDashboardPage) },
  { path: 'users', lazy: page(() => import('../features/admin/pages/users-page'), (m) => m.UsersPage) },
  { path: 'users/insights/:userId', lazy: page(() => import('../features/analytics/pages/user-insights-page'), (m) => m.UserInsightsPage) },
  { path: 'orders', lazy: page(() => import('../features/orders/pages/admin-orders-page'), (m) => m.AdminOrdersPage) },
  { path: 'orders/orderItems/:orderId', lazy: page(() => import('../features/orders/pages/admin-order-items-page'), (m) => m.AdminOrderItemsPage) },
  { path: 'rejected-orders', lazy: page(() => import('../features/orders/pages/rejected-orders-page'), (m) => m.RejectedOrdersPage) },
  { path: 'refunded-orders', lazy: page(() => import('../features/orders/pages/refunded-orders-page'), (m) => m.RefundedOrdersPage) },
  { path: 'shipped-orders', lazy: page(() => import('../features/payments/pages/shipped-orders-page'), (m) => m.ShippedOrdersPage) },
  { path: 'products', lazy: page(() => import('../features/catalog/pages/admin-products-page'), (m) => m.AdminProductsPage) },
  { path: 'products/view/:id', lazy: page(() => import('../features/catalog/pages/admin-product-view-page'), (m) => m.AdminProductViewPage) },
  { path: 'commission', lazy: page(() => import('../features/payments/pages/commission-page'), (m) => m.CommissionPage) },
  { path: 'disputes', lazy: page(() => import('../features/disputes/pages/admin-disputes-page'), (m) => m.AdminDisputesPage) },
  { path: 'disputes/:disputeId', lazy: page(() => import('../features/disputes/pages/dispute-case-page'), (m) => m.AdminDisputeCasePage) },
  { path: 'settings', lazy: page(() => import('../features/admin/pages/admin-settings-page'), (m) => m.AdminSettingsPage) },
  { path: 'payouts', lazy: page(() => import('../features/payments/pages/payout-management-page'), (m) => m.PayoutManagementPage) },
];

/** For any non-seller role (SPEC §6: buyer = any non-seller role). */
const buyerPages: RouteObject[] = [
  { path: 'products/checkout', lazy: page(() => import('../features/checkout/pages/checkout-page'), (m) => m.CheckoutPage) },
  { path: 'profile', lazy: page(() => import('../features/profile/pages/profile-page'), (m) => m.ProfilePage) },
  { path: 'myorders', lazy: page(() => import('../features/orders/pages/my-orders-page'), (m) => m.MyOrdersPage) },
  // Beyond SPEC §2.1 (decision 0009): one order followed item by item, and its confirmation / printable receipt.
  { path: 'myorders/:orderId', lazy: page(() => import('../features/orders/pages/buyer-order-page'), (m) => m.BuyerOrderPage) },
  { path: 'myorders/:orderId/receipt', lazy: page(() => import('../features/orders/pages/order-receipt-page'), (m) => m.OrderReceiptPage) },
  { path: 'user/chats', lazy: page(() => import('../features/chat/pages/buyer-chats-page'), (m) => m.BuyerChatsPage) },
  { path: 'orderDisputes', lazy: page(() => import('../features/disputes/pages/order-disputes-page'), (m) => m.OrderDisputesPage) },
  { path: 'orderDisputes/:disputeId', lazy: page(() => import('../features/disputes/pages/dispute-case-page'), (m) => m.BuyerDisputeCasePage) },
];

/** For every signed-in role. */
const productPages: RouteObject[] = [
  { path: 'products', lazy: page(() => import('../features/catalog/pages/products-page'), (m) => m.ProductsPage) },
  { path: 'products/:productId', lazy: page(() => import('../features/catalog/pages/product-details-page'), (m) => m.ProductDetailsPage) },
];

/** The route table of SPEC §2.1, with its guards. Exported for tests, which mount it in a memory router. */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    ErrorBoundary: RootErrorPage,
    HydrateFallback: () => <FullScreenLoader />,
    children: [
      {
        lazy: area(() => import('./layouts/public-layout'), (m) => m.PublicLayout),
        children: [
          { index: true, lazy: page(() => import('../features/catalog/pages/home-page'), (m) => m.HomePage) },
          { path: 'ai-search-results', lazy: page(() => import('../features/search/pages/ai-search-results-page'), (m) => m.AiSearchResultsPage) },
          {
            Component: GuestGuard,
            children: [
              { path: 'login', lazy: page(() => import('../features/auth/pages/login-page'), (m) => m.LoginPage) },
              { path: 'signup', lazy: page(() => import('../features/auth/pages/signup-page'), (m) => m.SignupPage) },
            ],
          },
          { path: '*', lazy: page(() => import('./pages/not-found-page'), (m) => m.NotFoundPage) },
        ],
      },
      {
        path: 'seller',
        children: [
          // SPEC §2.1: the area's index redirects to /login (the guest guard then sends a seller home).
          { index: true, element: <Navigate to="/login" replace /> },
          { Component: LoginGuard, children: [{ lazy: area(() => import('./layouts/seller-layout'), (m) => m.SellerArea), children: sellerPages }] },
        ],
      },
      {
        path: 'admin',
        children: [
          { index: true, element: <Navigate to="/login" replace /> },
          { Component: LoginGuard, children: [{ lazy: area(() => import('./layouts/admin-layout'), (m) => m.AdminArea), children: adminPages }] },
        ],
      },
      {
        Component: LoginGuard,
        children: [
          {
            Component: BuyerLayout,
            children: [...productPages, { element: <RoleGuard area="buyer" />, children: buyerPages }],
          },
        ],
      },
      {
        // Public: the phone holds only an upload token, no login (SPEC §2.5).
        path: 'mobile-upload/:token',
        Component: UploadLayout,
        children: [{ index: true, lazy: page(() => import('../features/uploads/pages/mobile-upload-page'), (m) => m.MobileUploadPage) }],
      },
      {
        // Public: the embedded payment sandbox's hosted onboarding and dashboard; the link token is the credential.
        path: 'sandbox/connect/:token',
        lazy: page(() => import('../features/sandbox-connect/pages/sandbox-connect-page'), (m) => m.SandboxConnectPage),
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
