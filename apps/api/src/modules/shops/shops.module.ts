import { defineModule, type ModuleContext } from '../define-module';
import { shopRoutes } from './shops.routes';
import { createShopsService, type ShopsServiceDependencies } from './shops.service';

/** A seller's public page; their listings come from the catalogue's search. */
export const shopsModule = defineModule({
  name: 'shops',
  async register(
    app,
    {
      database,
      clock,
      catalogueSearch,
      returns,
    }: ModuleContext<{
      catalogueSearch: ShopsServiceDependencies['products'];
      /** The returns module: the seller's return policy. */
      returns: { policy: ShopsServiceDependencies['returnPolicyOf'] };
    }>,
  ) {
    await app.register(shopRoutes, {
      prefix: '/api/shops',
      shops: createShopsService({ db: database.db, clock, products: catalogueSearch, returnPolicyOf: (sellerId) => returns.policy(sellerId) }),
    });
    return {};
  },
});
