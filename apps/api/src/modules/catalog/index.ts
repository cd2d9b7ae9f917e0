// The catalog module's public surface for other modules.

export { coverKeyOf, findCoverImageKeys, lineImageKeyOf } from './cover-images.repository';
export { findProductFacts, type ProductFacts } from './product-facts.repository';
export { sellerRating, toProductSummary, type ProductsService } from './products.service';
// The reviews module keeps each listing's visible-review totals through this, inside its own transactions.
export { adjustReviewTotals } from './products.repository';
// The search module lists listings as the catalogue reads them (its pages join the same columns).
export { limitInText, numberInText, productColumns, type ImageRecord, type ProductRecord, type ProductStatus } from './products.repository';
// The uploads module puts a draft live in the transaction that stores its photos.
export { publishDraftListing } from './listing-drafts.repository';
// What a guest can see, for the modules that list live listings (the shops directory, the sitemap).
export { findLiveListingRuns, findLiveListingsInRange, isLiveListing, LIVE_LISTING_STATUS } from './live-listings.repository';
// A price filter as the catalogue's lists and searches apply it: a listing with variants by its variants' prices.
export { isListingPricedWithin, isPricedWithin, listingPriceParts } from './price-range.repository';
// The cart reads a listing's status as a buyer may act on it (a suspended seller's listing is not for sale).
export { liveListingStatus } from './live-listings.repository';
export { giveStockBack, takeStock, type StockRequest, type StockShortage, type StockTaken, type TakenListing } from './stock.repository';
// How listings ship (their sellers' shipping profiles), for the delivery module's quotes and the checkout.
export { findDefaultShippingProfile, findShippingOfListings, type ListingShipping, type ShippingProfileRecord } from './shipping-profiles.repository';
