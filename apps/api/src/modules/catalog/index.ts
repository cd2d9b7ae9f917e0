// The catalog module's public surface for other modules.

export { coverKeyOf, findCoverImageKeys } from './cover-images.repository';
export { findProductFacts, type ProductFacts } from './product-facts.repository';
export { toProductSummary, type ProductsService } from './products.service';
export { giveStockBack, takeStock, type StockRequest, type StockShortage, type StockTaken, type TakenListing } from './stock.repository';
