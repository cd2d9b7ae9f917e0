/**
 * Every page of the app as data: its path, the area it sits in and the module that draws it
 * (the contract of paths is docs/product/routes.md). The shop's pages are here, the dashboards' in
 * `dashboard-routes.ts`; together they are the route manifest. Two readers:
 * - `router.tsx` builds the route table from them: the area gives the layout and the guard, the module
 *   is downloaded the first time the page is opened, and a dashboard's routes the first time a
 *   navigation enters it;
 * - the web build (`vite.config.ts`) lists each page's chunks in `dist/route-preloads.json`, which the
 *   server turns into preload hints (and `scripts/check-bundle.mjs` checks each page is its own chunk).
 * So neither file imports anything but `route` and the types from this one: Vite's config loader and
 * Node scripts read them as they are.
 */

/**
 * - `public`: the shop's header and footer, open to anyone; `guest`: the same, only when signed out.
 * - `catalogue`: the shop's header, open to anyone (guests browse; what needs an account asks them to log in);
 *   `buyer`: the same header behind login, for any role but seller.
 * - `seller`, `admin`: the dashboards, behind login and the role check.
 * - `upload`: the phone's upload page (its link token is the credential); `bare`: no layout at all.
 */
export type RouteArea = 'public' | 'guest' | 'catalogue' | 'buyer' | 'seller' | 'admin' | 'upload' | 'bare';

/** A module under `src/` (no extension) and the component it exports. */
export interface ModuleExport {
  module: string;
  component: string;
}

export interface PageRoute extends ModuleExport {
  /** The full path, in react-router's syntax; `/*` is the catch-all. */
  path: string;
  area: RouteArea;
}

/**
 * The layout each area's pages need, downloaded with the area's first page and in parallel with it, so
 * a visitor of the shop never loads the dashboards' chrome. (`guest` pages sit inside the public layout.)
 * The shop's buyer layout, drawn by the first page most visitors open, loads with the app instead.
 */
export const LAZY_LAYOUTS: Partial<Record<RouteArea, ModuleExport>> = {
  public: { module: 'app/layouts/public-layout', component: 'PublicLayout' },
  guest: { module: 'app/layouts/public-layout', component: 'PublicLayout' },
  seller: { module: 'app/layouts/seller-layout', component: 'SellerArea' },
  admin: { module: 'app/layouts/admin-layout', component: 'AdminArea' },
  upload: { module: 'app/layouts/upload-layout', component: 'UploadLayout' },
};

export const route = (area: RouteArea, path: string, module: string, component: string): PageRoute => ({ path, area, module, component });

/** The areas whose pages are listed in `dashboard-routes.ts`, each under its own first path segment. */
export const DASHBOARD_AREAS = ['seller', 'admin'] as const satisfies readonly RouteArea[];
export type DashboardArea = (typeof DASHBOARD_AREAS)[number];

/** The shop's pages (every area but the dashboards): the route table the app starts with. */
export const SHOP_ROUTES: readonly PageRoute[] = [
  route('public', '/', 'features/catalog/pages/home-page', 'HomePage'),
  route('public', '/ai-search-results', 'features/search/pages/ai-search-results-page', 'AiSearchResultsPage'),
  route('guest', '/login', 'features/auth/pages/login-page', 'LoginPage'),
  route('guest', '/signup', 'features/auth/pages/signup-page', 'SignupPage'),
  // The account lifecycle (docs/product/accounts.md): reset links for the signed out; a verification link works for anyone.
  route('guest', '/forgot-password', 'features/auth/pages/forgot-password-page', 'ForgotPasswordPage'),
  route('guest', '/reset-password/:token', 'features/auth/pages/reset-password-page', 'ResetPasswordPage'),
  route('public', '/verify-email/:token', 'features/auth/pages/verify-email-page', 'VerifyEmailPage'),
  route('public', '/*', 'app/pages/not-found-page', 'NotFoundPage'),

  // Public although the spec puts them behind login: a product decision (docs/product/routes.md, "The catalogue is public").
  route('catalogue', '/products', 'features/catalog/pages/products-page', 'ProductsPage'),
  route('catalogue', '/products/:productId', 'features/catalog/pages/product-details-page', 'ProductDetailsPage'),
  // A seller's shop: their card and their listings, public like the catalogue (docs/product/shops.md).
  route('catalogue', '/shop/:sellerId', 'features/catalog/pages/shop-page', 'ShopPage'),

  route('buyer', '/products/checkout', 'features/checkout/pages/checkout-page', 'CheckoutPage'),
  route('buyer', '/profile', 'features/profile/pages/profile-page', 'ProfilePage'),
  route('buyer', '/myorders', 'features/orders/pages/my-orders-page', 'MyOrdersPage'),
  // Beyond the original route list (decision 0009): one order followed item by item, and its receipt.
  route('buyer', '/myorders/:orderId', 'features/orders/pages/buyer-order-page', 'BuyerOrderPage'),
  route('buyer', '/myorders/:orderId/receipt', 'features/orders/pages/order-receipt-page', 'OrderReceiptPage'),
  route('buyer', '/user/chats', 'features/chat/pages/buyer-chats-page', 'BuyerChatsPage'),
  route('buyer', '/orderDisputes', 'features/disputes/pages/order-disputes-page', 'OrderDisputesPage'),
  route('buyer', '/orderDisputes/:disputeId', 'features/disputes/pages/dispute-case-page', 'BuyerDisputeCasePage'),

  route('upload', '/mobile-upload/:token', 'features/uploads/pages/mobile-upload-page', 'MobileUploadPage'),
  // The embedded payment sandbox's hosted onboarding and dashboard; the link token is the credential.
  route('bare', '/sandbox/connect/:token', 'features/sandbox-connect/pages/sandbox-connect-page', 'SandboxConnectPage'),
];
