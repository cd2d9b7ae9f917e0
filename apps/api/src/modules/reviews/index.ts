// The reviews module's public surface (docs/product/reviews.md): verified-purchase reviews of delivered
// items, the seller's reply, helpful votes and the admins' moderation. A listing's and a seller's rating
// come from the catalog (its review totals and sellerRating), which this module keeps up to date.

export {
  createReviewsService,
  reviewerName,
  REVIEW_REQUEST_AFTER_DAYS,
  REVIEW_REQUEST_DEDUPE_PREFIX,
  REVIEW_REQUEST_UNTIL_DAYS,
  type ReviewCaller,
  type ReviewsService,
} from './reviews.service';
export { reviewRoutes } from './reviews.routes';
