// The search module's public surface for other modules. It sits above the catalog module: it reads the
// catalogue's listings (the catalogue's lists and AI search), and the catalog module imports nothing from it.

// The shops module counts a seller's live listings with the same search their shop page lists them with.
export type { CatalogueSearchService } from './catalogue-search.service';
