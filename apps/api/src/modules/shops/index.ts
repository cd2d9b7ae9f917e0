// The shops module's public surface: a seller's public shop page.

export { shopRoutes } from './shops.routes';
export { createShopsService, shopNameOf, type ShopsService } from './shops.service';
