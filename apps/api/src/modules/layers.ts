// The API's modules in layers, lowest first (docs/decisions/0032-module-layers.md). A module may import
// the modules of its own layer and of the layers below it, never one above; and no import goes round,
// inside a layer either. What a module needs from above it is handed in at boot (a port: a function or
// an object of its own type, filled by the module above as it registers, define-module.ts), and what it
// wants others to react to it publishes as a domain event after commit (lib/domain-events.ts). app.ts
// registers the modules layer by layer, lowest first (docs/decisions/0036-modules-register-themselves.md).
//
// This list is the one place the layers are written. eslint.config.js reads it: an import of a module
// in a higher layer fails `import-x/no-restricted-paths`, and an import cycle fails `import-x/no-cycle`
// (type-only imports aside, as madge counts them). security/house-rules-layers.test.ts proves both on
// snippets and checks that every module folder sits in exactly one layer; house-rules-no-cycles.test.ts
// asks madge for the cycles of apps/api/src.

export const MODULE_LAYERS = [
  // Who is who, the marketplace's own settings and liveness: they import no module. Users needs the
  // password rules (auth) and a person's sales (analytics) and gets them as ports.
  ['users', 'workspace', 'health'],
  // Sessions, sign-up, sign-in and the account lifecycle, over the users table; its e-mails leave
  // through a sender app.ts hands in, so auth never imports mail.
  ['auth'],
  // Listings, categories, stock and the photos that put a draft live (uploads reads catalog).
  ['catalog', 'uploads'],
  // Finding listings (the catalogue's word search and browse, AI search): it reads the catalogue, the
  // catalogue never reads it.
  ['search'],
  // What a buyer keeps before buying.
  ['cart', 'wishlist'],
  // What a shop's parcel costs and when it arrives: the carrier's quotes over the sellers' shipping profiles
  // (which the catalog keeps). The carrier is made here, for the checkout above and the shipping module.
  ['delivery'],
  // Orders and the one lifecycle every order item moves through.
  ['orders'],
  // A cart paid for becomes an order.
  ['checkout'],
  // What happens to an item once sold. Inside the layer imports go one way: payouts reads returns and
  // disputes, returns reads disputes, disputes reads shipping; a dispute's case reads a return, the
  // seller's debt and the chat through ports.
  ['shipping', 'disputes', 'returns', 'payouts'],
  // What buyers and sellers say about a sale: reviews of delivered items, and the chat.
  ['reviews', 'chat'],
  // Read-only views over the layers below: a seller's shop page, the sitemap, the dashboards and reports.
  ['shops', 'seo', 'analytics'],
  // Leaves: nothing imports them. Domain events feed them the facts, and they write e-mails and the bell.
  ['notifications', 'mail'],
] as const satisfies ReadonlyArray<readonly string[]>;

export type ModuleName = (typeof MODULE_LAYERS)[number][number];
