import { z } from 'zod';
import { MAX_RATING, MIN_RATING } from '@marketplace/domain/ratings';
import { emptyAsAbsent, pageQueryWith, plainTextSchema } from './common';

// Reviews and ratings (docs/product/reviews.md): a buyer reviews an item once it was delivered, once per
// order item, and may change or delete the review for 30 days; the item's seller replies once, publicly;
// signed-in people vote a review helpful; admins hide a review with a reason (it then leaves the averages
// and the lists). Every review is a verified purchase: only the buyer of the order item can write it.

export const REVIEW_TITLE_MAX = 120;
export const REVIEW_BODY_MAX = 5000;
export const REVIEW_REPLY_MAX = 2000;
export const REVIEW_HIDE_REASON_MAX = 500;
export const REVIEW_MAX_PHOTOS = 3;
/** The author may edit or delete a review for this long after writing it. */
export const REVIEW_EDIT_WINDOW_DAYS = 30;
export const PRODUCT_REVIEWS_DEFAULT_PAGE_SIZE = 10;
export const PRODUCT_REVIEWS_MAX_PAGE_SIZE = 50;

/** The `code` of each refusal the reviews API gives besides the generic ones (docs/product/errors.md). */
export const REVIEW_ERROR_CODES = {
  /** 403: the order item is someone else's purchase. */
  notYourItem: 'not_your_item',
  /** 403: the item has not been delivered (yet). */
  notDelivered: 'not_delivered',
  /** 409: the order item already has a review (`reviewId` names it). */
  reviewExists: 'review_exists',
  /** 403: the 30 days in which the author may edit or delete the review are over. */
  editWindowOver: 'review_edit_window_over',
  /** 403: only the review's author edits or deletes it. */
  notYourReview: 'not_your_review',
  /** 403: only the seller of the reviewed item replies. */
  notYourSale: 'not_your_sale',
  /** 409: the seller has replied already (once). */
  replyExists: 'reply_exists',
  /** 403: the author cannot vote their own review helpful. */
  ownReview: 'own_review',
  /** 409: an admin hid it already / it is not hidden. */
  alreadyHidden: 'review_already_hidden',
  notHidden: 'review_not_hidden',
  /** 400: the review would have more than REVIEW_MAX_PHOTOS photos. */
  tooManyPhotos: 'too_many_photos',
} as const;
export type ReviewErrorCode = (typeof REVIEW_ERROR_CODES)[keyof typeof REVIEW_ERROR_CODES];

export const REVIEW_MESSAGES = {
  rating: `Rating must be a whole number of stars from ${MIN_RATING} to ${MAX_RATING}`,
  titleRequired: 'Give your review a title',
  titleTooLong: `The title can be at most ${REVIEW_TITLE_MAX} characters`,
  bodyRequired: 'Write a few words about the item',
  bodyTooLong: `The review can be at most ${REVIEW_BODY_MAX} characters`,
  orderItem: 'Choose the item you are reviewing',
  nothingToChange: 'Change the rating, the title or the text',
  replyRequired: 'Write your reply',
  replyTooLong: `The reply can be at most ${REVIEW_REPLY_MAX} characters`,
  reasonRequired: 'Say why the review is hidden: the author is told',
  reasonTooLong: `The reason can be at most ${REVIEW_HIDE_REASON_MAX} characters`,
} as const;

// ── inputs ───────────────────────────────────────────────────────────────────────────────────────
export const reviewRatingSchema = z
  .number({ error: REVIEW_MESSAGES.rating })
  .int(REVIEW_MESSAGES.rating)
  .min(MIN_RATING, REVIEW_MESSAGES.rating)
  .max(MAX_RATING, REVIEW_MESSAGES.rating);
export const reviewTitleSchema = plainTextSchema({ error: REVIEW_MESSAGES.titleRequired })
  .trim()
  .min(1, REVIEW_MESSAGES.titleRequired)
  .max(REVIEW_TITLE_MAX, REVIEW_MESSAGES.titleTooLong);
export const reviewBodyTextSchema = plainTextSchema({ error: REVIEW_MESSAGES.bodyRequired })
  .trim()
  .min(1, REVIEW_MESSAGES.bodyRequired)
  .max(REVIEW_BODY_MAX, REVIEW_MESSAGES.bodyTooLong);

/** POST /api/reviews as JSON (no photos). */
export const createReviewBodySchema = z.object({
  orderItemId: z.guid(REVIEW_MESSAGES.orderItem),
  rating: reviewRatingSchema,
  title: reviewTitleSchema,
  body: reviewBodyTextSchema,
});
export type CreateReviewBody = z.infer<typeof createReviewBodySchema>;

/** Form fields arrive as text: "4" is 4 stars; anything but a plain whole number stays text and is refused. */
const ratingFromText = (value: unknown) => (typeof value === 'string' && /^\s*\d{1,2}\s*$/.test(value) ? Number(value) : value);

/** POST /api/reviews as multipart/form-data: the same fields as text, and up to 3 image `files`. */
export const createReviewFieldsSchema = createReviewBodySchema.extend({ rating: z.preprocess(ratingFromText, reviewRatingSchema) });

/** PATCH /api/reviews/:id: any of the three, at least one. */
export const updateReviewBodySchema = z
  .object({ rating: reviewRatingSchema.optional(), title: reviewTitleSchema.optional(), body: reviewBodyTextSchema.optional() })
  .refine((value) => value.rating !== undefined || value.title !== undefined || value.body !== undefined, { message: REVIEW_MESSAGES.nothingToChange });
export type UpdateReviewBody = z.infer<typeof updateReviewBodySchema>;

/** POST /api/reviews/:id/reply (the item's seller, once). */
export const replyToReviewBodySchema = z.object({
  body: plainTextSchema({ error: REVIEW_MESSAGES.replyRequired })
    .trim()
    .min(1, REVIEW_MESSAGES.replyRequired)
    .max(REVIEW_REPLY_MAX, REVIEW_MESSAGES.replyTooLong),
});
export type ReplyToReviewBody = z.infer<typeof replyToReviewBodySchema>;

/** POST /api/admin/reviews/:id/hide: the reason is required (the author receives it). */
export const hideReviewBodySchema = z.object({
  reason: plainTextSchema({ error: REVIEW_MESSAGES.reasonRequired })
    .trim()
    .min(1, REVIEW_MESSAGES.reasonRequired)
    .max(REVIEW_HIDE_REASON_MAX, REVIEW_MESSAGES.reasonTooLong),
});
export type HideReviewBody = z.infer<typeof hideReviewBodySchema>;

export const reviewIdParamsSchema = z.object({ id: z.guid('Review not found') });
export const reviewPhotoParamsSchema = z.object({ id: z.guid('Review not found'), photoId: z.guid('Photo not found') });

export const PRODUCT_REVIEW_SORTS = ['newest', 'helpful'] as const;
export type ProductReviewSort = (typeof PRODUCT_REVIEW_SORTS)[number];

/** GET /api/products/:productId/reviews: newest first or most helpful first, 10 a page (at most 50). */
export const productReviewsQuerySchema = pageQueryWith({ defaultLimit: PRODUCT_REVIEWS_DEFAULT_PAGE_SIZE, maxLimit: PRODUCT_REVIEWS_MAX_PAGE_SIZE }).extend({
  sort: z.preprocess(emptyAsAbsent, z.enum(PRODUCT_REVIEW_SORTS, { error: 'Sort must be newest or helpful' }).default('newest')),
});
export type ProductReviewsQuery = z.input<typeof productReviewsQuerySchema>;

const booleanText = (label: string) =>
  z.preprocess(
    emptyAsAbsent,
    z
      .enum(['true', 'false'], { error: `${label} must be true or false` })
      .transform((value) => value === 'true')
      .optional(),
  );

/** GET /api/reviews/mine: the buyer's own reviews, newest first; `orderId` keeps one order's. */
export const myReviewsQuerySchema = pageQueryWith({ defaultLimit: 20, maxLimit: 100 }).extend({
  orderId: z.preprocess(emptyAsAbsent, z.guid('Unknown order').optional()),
});
export type MyReviewsQuery = z.input<typeof myReviewsQuerySchema>;

/** GET /api/seller/reviews: reviews of the seller's items (visible ones), newest first; `replied=false` keeps those still to answer. */
export const sellerReviewsQuerySchema = pageQueryWith({ defaultLimit: 20, maxLimit: 100 }).extend({ replied: booleanText('Replied') });
export type SellerReviewsQuery = z.input<typeof sellerReviewsQuerySchema>;

/** GET /api/admin/reviews: every review, newest first; `hidden=true|false` filters. */
export const adminReviewsQuerySchema = pageQueryWith({ defaultLimit: 20, maxLimit: 100 }).extend({
  hidden: booleanText('Hidden'),
  productId: z.preprocess(emptyAsAbsent, z.guid('Unknown product').optional()),
});
export type AdminReviewsQuery = z.input<typeof adminReviewsQuerySchema>;

// ── answers ──────────────────────────────────────────────────────────────────────────────────────
export const reviewPhotoSchema = z.object({ id: z.string(), url: z.string(), thumbnailUrl: z.string() });
export type ReviewPhoto = z.infer<typeof reviewPhotoSchema>;

export const sellerReplySchema = z.object({ body: z.string(), createdAt: z.string() });

/** A review as everyone sees it (product pages). */
export const reviewSchema = z.object({
  id: z.string(),
  productId: z.string(),
  rating: z.number().int(),
  title: z.string(),
  body: z.string(),
  photos: z.array(reviewPhotoSchema),
  /** The author's first name and last initial: "Jane D." */
  authorName: z.string(),
  /** Always true: only the buyer of the order item can review it. */
  verifiedPurchase: z.literal(true),
  createdAt: z.string(),
  /** Last change by the author (rating, title, text or photos); equals createdAt until then. */
  updatedAt: z.string(),
  isEdited: z.boolean(),
  sellerReply: sellerReplySchema.nullable(),
  helpfulCount: z.number().int(),
  /** Whether the caller voted it helpful; false without a token. */
  votedByMe: z.boolean(),
});
export type Review = z.infer<typeof reviewSchema>;

const reviewedProductSchema = z.object({ id: z.string(), title: z.string() });

/** The author's own review: where it came from, whether an admin hid it (and why), and until when it can change. */
export const myReviewSchema = reviewSchema.extend({
  orderId: z.string(),
  orderItemId: z.string(),
  product: reviewedProductSchema,
  isHidden: z.boolean(),
  hiddenReason: z.string().nullable(),
  /** createdAt + 30 days. */
  editableUntil: z.string(),
  /** Still inside the window: PATCH, DELETE and the photo routes are allowed. */
  canEdit: z.boolean(),
});
export type MyReview = z.infer<typeof myReviewSchema>;

/** A review of the seller's item, in their list. */
export const sellerReviewSchema = reviewSchema.extend({ product: reviewedProductSchema, canReply: z.boolean() });
export type SellerReview = z.infer<typeof sellerReviewSchema>;

/** A review in the admins' moderation list. */
export const adminReviewSchema = reviewSchema.extend({
  orderId: z.string(),
  orderItemId: z.string(),
  product: reviewedProductSchema,
  buyer: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  seller: z.object({ id: z.string(), name: z.string(), companyName: z.string().nullable() }),
  hidden: z.object({ at: z.string(), reason: z.string(), byName: z.string() }).nullable(),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;

/** How many visible reviews gave each number of stars. */
export const ratingDistributionSchema = z.object({
  '1': z.number().int(),
  '2': z.number().int(),
  '3': z.number().int(),
  '4': z.number().int(),
  '5': z.number().int(),
});
export type RatingDistribution = z.infer<typeof ratingDistributionSchema>;

/** An average with one decimal (null with no reviews) and how many reviews it is over: products and sellers. */
export const ratingSummarySchema = z.object({ average: z.number().nullable(), count: z.number().int() });
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

export const productReviewsPageSchema = z.object({
  items: z.array(reviewSchema),
  /** Over every visible review of the product, not just this page. */
  average: z.number().nullable(),
  count: z.number().int(),
  distribution: ratingDistributionSchema,
  page: z.number().int(),
  limit: z.number().int(),
  /** Reviews the list holds in all (= count). */
  total: z.number().int(),
});
export type ProductReviewsPage = z.infer<typeof productReviewsPageSchema>;

const pageOf = <Item extends z.ZodType>(item: Item) =>
  z.object({ items: z.array(item), page: z.number().int(), limit: z.number().int(), total: z.number().int() });
export const myReviewsPageSchema = pageOf(myReviewSchema);
export type MyReviewsPage = z.infer<typeof myReviewsPageSchema>;
export const sellerReviewsPageSchema = pageOf(sellerReviewSchema);
export type SellerReviewsPage = z.infer<typeof sellerReviewsPageSchema>;
export const adminReviewsPageSchema = pageOf(adminReviewSchema);
export type AdminReviewsPage = z.infer<typeof adminReviewsPageSchema>;

export const myReviewResponseSchema = z.object({ review: myReviewSchema });
export const sellerReviewResponseSchema = z.object({ review: sellerReviewSchema });
export const adminReviewResponseSchema = z.object({ review: adminReviewSchema });

/** POST and DELETE /api/reviews/:id/helpful. */
export const helpfulVoteResponseSchema = z.object({ helpfulCount: z.number().int(), votedByMe: z.boolean() });
export type HelpfulVoteResponse = z.infer<typeof helpfulVoteResponseSchema>;
