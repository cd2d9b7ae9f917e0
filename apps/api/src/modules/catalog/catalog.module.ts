import { defineModule, type ModuleContext } from '../define-module';
import { categoryRoutes } from './categories.routes';
import { createListingDraftReactions } from './listing-draft-reactions';
import { listingsCsvRoutes } from './listings-csv.routes';
import { createListingsCsvService } from './listings-csv.service';
import { productRoutes } from './products.routes';
import { createProductsService } from './products.service';
import { shippingProfileRoutes } from './shipping-profiles.routes';
import { createShippingProfilesService } from './shipping-profiles.service';

/** Listings, categories and stock. */
export const catalogModule = defineModule({
  name: 'catalog',
  async register(app, { config, database, files, clock, events, cacheBus }: ModuleContext) {
    const products = createProductsService({
      db: database.db,
      files,
      clock,
      searchCacheTtlMs: config.searchCacheSeconds * 1000,
      events,
    });
    // The product pages follow the domain events: this instance drops its copies at once, and the cache
    // bus tells the others to. A seller's company name is shown on their listings, so a user's change
    // drops them too. (The search module drops its own pages on the same events.)
    const dropCatalogCache = () => {
      products.dropCatalogCache();
      cacheBus.announce('catalog');
    };
    events.subscribe('listing.changed', dropCatalogCache);
    events.subscribe('user.changed', dropCatalogCache);
    // A seller's drafts that got photos before their address was verified go live once it is (docs/product/listings.md).
    const listingDraftReactions = createListingDraftReactions({
      db: database.db,
      clock,
      events,
      onError: (error, event) => app.log.error({ err: error, event }, 'putting drafts live failed'),
    });
    app.addHook('onClose', () => listingDraftReactions.settled());
    cacheBus.onChange('catalog', () => products.dropCatalogCache());
    await app.register(categoryRoutes, { prefix: '/api/categories', db: database.db });
    await app.register(productRoutes, { prefix: '/api', products });
    // Bulk listing by CSV: the same rules as one listing at a time (listing-rules.ts), many listings per transaction.
    const listingsCsv = createListingsCsvService({ db: database.db, clock, catalogChanged: products.catalogChanged });
    await app.register(listingsCsvRoutes, { prefix: '/api/seller/products', listingsCsv });
    // How the seller's listings ship: their profiles (the delivery module quotes with them).
    await app.register(shippingProfileRoutes, {
      prefix: '/api/seller/shipping-profiles',
      shippingProfiles: createShippingProfilesService({ db: database.db, clock, events }),
    });
    // Uploads puts a draft live through it.
    return { products };
  },
});
