import { defineModule, type ModuleContext } from '../define-module';
import { catalogueSearchRoutes } from './catalogue-search.routes';
import { createCatalogueSearchService } from './catalogue-search.service';
import { embeddingProviderFrom } from './embedding-provider';
import { searchRoutes } from './search.routes';
import { createSearchService } from './search.service';

/** Finding listings: the catalogue's search and browse (the public lists, a seller's and the admin's), and AI search. */
export const searchModule = defineModule({
  name: 'search',
  async register(app, { config, database, files, clock, events, cacheBus }: ModuleContext) {
    // The catalogue's lists are the search module's, over the catalog's listings (decision 0031).
    const catalogueSearch = createCatalogueSearchService({ db: database.db, files, clock, searchCacheTtlMs: config.searchCacheSeconds * 1000 });
    // Its public pages follow the same events as the catalog's product pages (catalog.module.ts, which
    // also tells the other instances); another instance's announcement drops them here.
    events.subscribe('listing.changed', () => catalogueSearch.dropSearchCache());
    events.subscribe('user.changed', () => catalogueSearch.dropSearchCache());
    cacheBus.onChange('catalog', () => catalogueSearch.dropSearchCache());
    await app.register(catalogueSearchRoutes, { prefix: '/api', catalogueSearch });
    // AI search: plain-language queries read into filters, ranked, optionally re-ranked by meaning.
    const search = createSearchService({
      db: database.db,
      files,
      embeddings: embeddingProviderFrom(config.embeddings),
      warn: (message, error) => app.log.warn({ err: error }, message),
    });
    await app.register(searchRoutes, { prefix: '/api/search', search });
    // A seller's shop page lists their listings through it.
    return { catalogueSearch };
  },
});
