// The shops module's public surface: a seller's public shop page.

export { shopRoutes } from './shops.routes';
export { createShopsService, shopNameOf, type ShopsService } from './shops.service';
// The open shops with something for sale (the sitemap lists them).
export { findListedShopRuns, findListedShopsInRange } from './shop-directory.repository';
