import { z } from 'zod';
import { vacationSchema } from './shops';
import { PRODUCT_CONDITIONS, PRODUCT_STATUSES } from '@marketplace/domain/enums';
import { MAX_LISTINGS_PER_SELLER } from '@marketplace/domain/user-content-limits';
import { DEFAULT_PERSONALIZATION_LENGTH, MAX_PERSONALIZATION_INSTRUCTIONS_LENGTH, MAX_PERSONALIZATION_LENGTH } from '@marketplace/domain/personalization';
import { MAX_VARIANT_SKU_LENGTH, MAX_VARIATION_OPTIONS, MAX_VARIATIONS, variantsProblem } from '@marketplace/domain/variations';
import { dollarsSchema, emptyAsAbsent, errorResponseSchema, hasAtMostTwoDecimals, pageQueryWith, plainTextSchema, visibleNameSchema } from './common';

// Catalog, listings, product images and phone uploads (docs/product/uploads.md, api.md).
// Dollars are numbers with at most 2 decimals on the wire; the API keeps integer cents inside.

// ── shared pieces ───────────────────────────────────────────────────────────────────────────────
export { PRODUCT_CONDITIONS, PRODUCT_STATUSES };
export const productConditionSchema = z.enum(PRODUCT_CONDITIONS, { error: 'Condition must be new, like_new, good or fair' });
export type ProductCondition = z.infer<typeof productConditionSchema>;

export const productStatusSchema = z.enum(PRODUCT_STATUSES, { error: 'Status must be active or hidden' });
export type ProductStatus = z.infer<typeof productStatusSchema>;

/** `rating`: highest average first (as shown, one decimal), then the most reviews (docs/product/reviews.md). */
export const PRODUCT_SORTS = ['relevance', 'price_asc', 'price_desc', 'newest', 'rating'] as const;
export const productSortSchema = z.enum(PRODUCT_SORTS, { error: 'Sort must be relevance, price_asc, price_desc, newest or rating' });
export type ProductSort = z.infer<typeof productSortSchema>;

export const MAX_PRODUCT_IMAGES = 10;
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const UPLOAD_LINK_TTL_MINUTES = 30;
export const DEFAULT_PAGE_SIZE = 24;
export const MAX_PAGE_SIZE = 100;
export const MAX_PRICE_DOLLARS = 1_000_000;
export const MAX_QUANTITY = 1_000_000;

/** Texts both sides show (docs/product/validation.md, errors.md). */
export const INVALID_UPLOAD_LINK_MESSAGE = 'This upload link has expired or is invalid.';
export const VALID_UPLOAD_LINK_MESSAGE = 'Upload link is valid.';
// docs/product/errors.md writes 'Successfully uploaded N image(s)'; it is shown with the plural the count needs
// ("1 image", "3 images"), never a literal "(s)". The API and the phone page share it.
export const uploadSuccessMessage = (count: number) => `Successfully uploaded ${count} ${count === 1 ? 'image' : 'images'}`;

// Money in a request: the one dollars rule (docs/product/money.md), up to $1,000,000 for a listing's prices
// and the catalogue's price filters, well inside integer cents.
const listingDollars = (label: string, min: number) => dollarsSchema(label, { min, max: MAX_PRICE_DOLLARS });
/** A price bound in a query, read from its text: from $0, in whole cents; empty means absent. */
const queryPrice = (label: string) =>
  z.preprocess((value) => {
    const present = emptyAsAbsent(value);
    return typeof present === 'string' ? Number(present) : present;
  }, listingDollars(label, 0).optional());
const queryText = z.preprocess(emptyAsAbsent, z.string().trim().max(200, 'Search text must be at most 200 characters').optional());

const catalogPageQuerySchema = pageQueryWith({ defaultLimit: DEFAULT_PAGE_SIZE, maxLimit: MAX_PAGE_SIZE });

// ── products ────────────────────────────────────────────────────────────────────────────────────
export const productImageSchema = z.object({
  id: z.string(),
  url: z.string(),
  thumbnailUrl: z.string(),
  /**
   * The sizes the photo is kept in (the thumbnail, a medium size for phones, the photo), narrowest first,
   * with their widths in pixels: a `srcset`. Empty when the photo's size is not known.
   */
  variants: z.array(z.object({ url: z.string(), width: z.number().int() })),
  name: z.string(),
  position: z.number().int(),
});
export type ProductImage = z.infer<typeof productImageSchema>;

/**
 * One combination of a listing's variations on offer: its options (`{ Size: 'M' }`), price, stock, SKU, and
 * `available`, the seller's switch (a combination switched off is not sold). `label` is "Size: M, Colour: Red".
 */
export const productVariantSchema = z.object({
  id: z.string(),
  options: z.record(z.string(), z.string()),
  label: z.string(),
  price: z.number(),
  quantity: z.number().int(),
  sku: z.string().nullable(),
  available: z.boolean(),
  /** The listing's photo (its `images[].id`) shown for this combination, or null (decision 0043, "Later"). */
  imageId: z.string().nullable(),
});
export type ProductVariant = z.infer<typeof productVariantSchema>;

export const productSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  price: z.number(),
  quantity: z.number().int(),
  condition: productConditionSchema,
  status: productStatusSchema,
  category: z.object({ id: z.string(), name: z.string(), slug: z.string() }),
  seller: z.object({ id: z.string(), companyName: z.string().nullable() }),
  /** The cover (first image), or null when the listing has no photo yet. */
  image: z.object({ url: z.string(), thumbnailUrl: z.string() }).nullable(),
  /** The spec's "retip": an optional paid add-on service priced by the seller. */
  retip: z.object({ label: z.string(), price: z.number() }).nullable(),
  createdAt: z.string(),
  /** The visible reviews' average with one decimal (packages/domain/src/ratings.ts), null with none. */
  averageRating: z.number().nullable(),
  reviewCount: z.number().int(),
  /** The listing has variants (decision 0043): `price` is the lowest of them on sale, shown as "from $X". */
  hasVariants: z.boolean(),
});
export type ProductSummary = z.infer<typeof productSummarySchema>;

export const productDetailSchema = productSummarySchema.extend({
  /** "Sold by": the seller, with their rating over the visible reviews of all their items, and their vacation while the shop is away (null when open). */
  seller: z.object({
    id: z.string(),
    companyName: z.string().nullable(),
    rating: z.object({ average: z.number().nullable(), count: z.number().int() }),
    vacation: vacationSchema.nullable(),
  }),
  description: z.string(),
  weightOunces: z.number().int(),
  /** images[0] is the cover. */
  images: z.array(productImageSchema),
  /** Its variations, in the seller's order ([] without), and each combination offered (decision 0043). */
  variations: z.array(z.object({ name: z.string(), options: z.array(z.string()) })),
  variants: z.array(productVariantSchema),
  /** What the listing asks its buyers to write (a name to engrave…), or null when it asks nothing. */
  personalization: z.object({ required: z.boolean(), instructions: z.string(), maxLength: z.number().int() }).nullable(),
  /** The seller's shipping profile it ships with, or null for the seller's default (docs/product/shipping.md). */
  shippingProfileId: z.string().nullable(),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

/**
 * The draft mark (docs/product/listings.md): `isDraft` is true for a listing that is hidden only because it
 * is not ready yet (`products.is_draft`), false for a live one and for one the marketplace hid. Only the
 * listing's seller and admins are told; the public catalogue never carries it.
 */
const draftMark = { isDraft: z.boolean() };

/** A listing as its seller gets it: the answers to their writes, and `GET /products/:id` asked by them. */
export const sellerProductDetailSchema = productDetailSchema.extend(draftMark);
export type SellerProductDetail = z.infer<typeof sellerProductDetailSchema>;

/** A listing as an admin gets it: the answer to hiding or restoring it, and `GET /products/:id` asked by one. */
export const adminProductDetailSchema = productDetailSchema.extend(draftMark);
export type AdminProductDetail = z.infer<typeof adminProductDetailSchema>;

/** `GET /products/:id`: `isDraft` only when the listing's seller or an admin asks; anyone else never gets it. */
export const productDetailForViewerSchema = productDetailSchema.extend({ isDraft: z.boolean().optional() });
export type ProductDetailForViewer = z.infer<typeof productDetailForViewerSchema>;

export const productIdParamsSchema = z.object({ id: z.uuid('Unknown product') });

export const productSearchQuerySchema = catalogPageQuerySchema.extend({
  q: queryText,
  category: z.preprocess(emptyAsAbsent, z.string().trim().max(100).optional()),
  minPrice: queryPrice('Minimum price'),
  maxPrice: queryPrice('Maximum price'),
  sort: z.preprocess(emptyAsAbsent, productSortSchema.default('relevance')),
  /** One seller's live listings (their shop page, docs/product/shops.md). */
  sellerId: z.preprocess(emptyAsAbsent, z.uuid('Unknown seller').optional()),
});
export type ProductSearchQuery = z.input<typeof productSearchQuerySchema>;

/**
 * How far the public catalogue counts a filtered list it does not keep counted (a price range): past this
 * many matches the answer says `total: CATALOG_COUNT_CAP, isTotalExact: false`, shown as "1,000+", and its
 * pages reach that far (docs/product/catalogue-speed.md). The whole catalogue, a category, a shop and a word
 * search are always counted exactly.
 */
export const CATALOG_COUNT_CAP = 1000;

export const productPageSchema = z.object({
  items: z.array(productSummarySchema),
  /** Every match, or at least this many when `isTotalExact` is false. */
  total: z.number().int(),
  isTotalExact: z.boolean(),
  page: z.number().int(),
  totalPages: z.number().int(),
});
export type ProductPage = z.infer<typeof productPageSchema>;

const titleSchema = visibleNameSchema('Title').min(3, 'Title must be at least 3 characters').max(150, 'Title must be at most 150 characters');
// Line breaks and tabs are welcome in a description (the seed's have them), not other control characters.
const descriptionSchema = plainTextSchema({ error: 'Description is required' })
  .trim()
  .min(1, 'Description is required')
  .max(5000, 'Description must be at most 5000 characters');
const categorySlugSchema = z.string({ error: 'Category is required' }).trim().min(1, 'Category is required').max(100);
const quantitySchema = z
  .number({ error: 'Quantity must be a number' })
  .int('Quantity must be a whole number')
  .min(0, 'Quantity cannot be negative')
  .max(MAX_QUANTITY, `Quantity must be at most ${MAX_QUANTITY.toLocaleString('en-US')}`);
const retipLabelSchema = visibleNameSchema('Add-on name').min(1, 'Add-on name is required').max(100, 'Add-on name must be at most 100 characters').nullable();
const weightOuncesSchema = z
  .number({ error: 'Weight must be a number' })
  .int('Weight must be a whole number of ounces')
  .min(1, 'Weight must be at least 1 ounce')
  .max(2400, 'Weight must be at most 2400 ounces (150 lbs)');

const variationNameSchema = visibleNameSchema('Variation name').min(1, 'Variation name is required').max(40, 'Variation name must be at most 40 characters');
const variationOptionSchema = visibleNameSchema('Option').min(1, 'Option is required').max(40, 'Option must be at most 40 characters');
/** A variation as a seller names it: "Size" with its options, in their order (decision 0043). */
export const variationInputSchema = z.object({
  name: variationNameSchema,
  options: z
    .array(variationOptionSchema, { error: 'Options must be a list' })
    .min(1, 'Give the variation at least one option')
    .max(MAX_VARIATION_OPTIONS, `A variation can have at most ${MAX_VARIATION_OPTIONS} options`),
});
/** A combination a seller offers: its options by variation name, with its own price, stock and SKU. */
export const variantInputSchema = z.object({
  options: z.record(variationNameSchema, variationOptionSchema, { error: 'Options must name each variation and its option' }),
  price: listingDollars('Price', 0.01),
  quantity: quantitySchema,
  /** Empty means none. */
  sku: visibleNameSchema('SKU').max(MAX_VARIANT_SKU_LENGTH, `SKU must be at most ${MAX_VARIANT_SKU_LENGTH} characters`).nullable().optional(),
  /** The seller's switch; true unless sent false. */
  available: z.boolean({ error: 'Available must be true or false' }).optional(),
  /** One of the listing's photos, shown when a buyer chooses this combination; none when left out. */
  imageId: z.guid({ error: 'imageId must be one of the listing’s photos' }).nullable().optional(),
});
export type VariantInput = z.input<typeof variantInputSchema>;
/**
 * A combination in an edit: its stock may be left out to keep the stock it has now (a form sends only the
 * stock its seller changed, so sales made while it was open are not written over); a new one needs its stock.
 */
export const variantUpdateInputSchema = variantInputSchema.extend({ quantity: quantitySchema.optional() });
export type VariantUpdateInput = z.input<typeof variantUpdateInputSchema>;
const variationsFieldSchema = z
  .array(variationInputSchema, { error: 'Variations must be a list' })
  .max(MAX_VARIATIONS, `A listing can have at most ${MAX_VARIATIONS} variations`);
// Up to every combination of two variations of 30 options.
const variantsFieldSchema = z
  .array(variantInputSchema, { error: 'Variants must be a list' })
  .max(MAX_VARIATION_OPTIONS * MAX_VARIATION_OPTIONS, 'Too many variants');

/** The variations and variants sent together, checked against each other (packages/domain/src/variations.ts). */
function checkVariants(
  value: { variations?: { name: string; options: string[] }[]; variants?: { options: Record<string, string> }[] },
  context: z.RefinementCtx,
) {
  if (value.variations === undefined && value.variants === undefined) return;
  if (value.variations === undefined || value.variants === undefined) {
    const path = value.variations === undefined ? 'variations' : 'variants';
    context.addIssue({ code: 'custom', path: [path], message: VARIATIONS_TOGETHER_MESSAGE });
    return;
  }
  const problem = variantsProblem(value.variations, value.variants);
  if (problem)
    context.addIssue({ code: 'custom', path: problem.path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)), message: problem.message });
}

export const VARIATIONS_TOGETHER_MESSAGE = 'Send variations and variants together';
export const PRICE_PER_VARIANT_MESSAGE = "This listing's price and stock are set per variant";
/** A combination added in an edit without its stock (400). */
export const newVariantStockMessage = (label: string) => `Give ${label} its stock: it is a new combination`;
/** A variant's photo that is not one of the listing's (400). */
export const VARIANT_PHOTO_MESSAGE = 'Choose one of this listing’s photos';

/** What a listing asks its buyers to write (docs/product/listings.md "Personalisation"); null asks nothing. */
export const personalizationSettingSchema = z.object({
  required: z.boolean({ error: 'Required must be true or false' }).default(false),
  instructions: plainTextSchema({ error: 'Instructions must be text' })
    .trim()
    .max(MAX_PERSONALIZATION_INSTRUCTIONS_LENGTH, `Instructions must be at most ${MAX_PERSONALIZATION_INSTRUCTIONS_LENGTH} characters`)
    .default(''),
  maxLength: z
    .number({ error: 'Maximum length must be a number' })
    .int('Maximum length must be a whole number')
    .min(1, 'Maximum length must be at least 1 character')
    .max(MAX_PERSONALIZATION_LENGTH, `Maximum length must be at most ${MAX_PERSONALIZATION_LENGTH.toLocaleString('en-US')} characters`)
    .default(DEFAULT_PERSONALIZATION_LENGTH),
});
export type PersonalizationSettingInput = z.input<typeof personalizationSettingSchema>;

export const SHIPPING_PROFILE_CHOICE_MESSAGE = 'Choose one of your shipping profiles';

const productFields = {
  title: titleSchema,
  description: descriptionSchema,
  /** The category's slug. */
  category: categorySlugSchema,
  price: listingDollars('Price', 0.01),
  quantity: quantitySchema,
  condition: productConditionSchema,
  /** Both or neither: an add-on needs a name and a price; null removes it. */
  retipLabel: retipLabelSchema.optional(),
  /** $0 is allowed: an add-on may be free (gift wrapping included). */
  retipPrice: listingDollars('Add-on price', 0).nullable().optional(),
  weightOunces: weightOuncesSchema.optional(),
  /** With variants, `price` and `quantity` are left out: each variant has its own (decision 0043). */
  variations: variationsFieldSchema.optional(),
  variants: variantsFieldSchema.optional(),
  /** What the listing asks its buyers to write; null asks nothing. */
  personalization: personalizationSettingSchema.nullable().optional(),
  /** One of the seller's shipping profiles (docs/product/shipping.md); null: the seller's default. */
  shippingProfileId: z.uuid(SHIPPING_PROFILE_CHOICE_MESSAGE).nullable().optional(),
};

export const RETIP_PAIR_MESSAGE = 'Give the add-on both a name and a price, or neither';

// ── drafts: a listing goes live only with a photo (docs/product/listings.md) ────────────────────
export const CATALOG_ERROR_CODES = {
  /** Making a listing live, or deleting its last photo, when it would be live without a photo (409). */
  photoRequired: 'photo_required',
  /** A listing with variants is bought and restocked by variant: none was named (400). */
  variantRequired: 'variant_required',
  /** The variant named is not one of the listing's, or not on sale (400). */
  invalidVariant: 'invalid_variant',
} as const;
export { MAX_LISTINGS_PER_SELLER };
/** The 409 of one listing too many for a seller (docs/product/limits.md). */
export const LISTING_LIMIT_CODE = 'listing_limit';
export const listingLimitMessage = (limit: number) => `A seller can have at most ${limit.toLocaleString('en-US')} listings; contact support to list more`;
export const PHOTO_REQUIRED_TO_GO_LIVE_MESSAGE = 'A listing goes live only with at least one photo. Add a photo first.';
export const LAST_PHOTO_MESSAGE = 'A listing keeps at least one photo. Add the new photo first, then delete this one.';

export const createProductRequestSchema = z
  .object({ ...productFields, price: productFields.price.optional(), quantity: productFields.quantity.optional() })
  .superRefine((value, context) => {
    const hasLabel = value.retipLabel != null;
    const hasPrice = value.retipPrice != null;
    if (hasLabel !== hasPrice) {
      context.addIssue({ code: 'custom', path: [hasLabel ? 'retipPrice' : 'retipLabel'], message: RETIP_PAIR_MESSAGE });
    }
    checkVariants(value, context);
    const withVariants = (value.variants?.length ?? 0) > 0;
    // Without variants the listing has one price and one stock; with them, each variant has its own.
    if (!withVariants && value.price === undefined) context.addIssue({ code: 'custom', path: ['price'], message: 'Price must be a number' });
    if (!withVariants && value.quantity === undefined) context.addIssue({ code: 'custom', path: ['quantity'], message: 'Quantity must be a number' });
    if (withVariants && (value.price !== undefined || value.quantity !== undefined)) {
      context.addIssue({ code: 'custom', path: [value.price !== undefined ? 'price' : 'quantity'], message: PRICE_PER_VARIANT_MESSAGE });
    }
  });
export type CreateProductRequest = z.input<typeof createProductRequestSchema>;

/** Every field optional; the add-on pair is checked against the stored listing by the API. */
export const updateProductRequestSchema = z
  .object({
    title: titleSchema.optional(),
    description: descriptionSchema.optional(),
    category: categorySlugSchema.optional(),
    price: productFields.price.optional(),
    quantity: quantitySchema.optional(),
    condition: productConditionSchema.optional(),
    retipLabel: productFields.retipLabel,
    retipPrice: productFields.retipPrice,
    weightOunces: weightOuncesSchema.optional(),
    personalization: productFields.personalization,
    shippingProfileId: productFields.shippingProfileId,
    /** The whole set, replacing the listing's; `variations: [], variants: []` takes them away (decision 0043). */
    variations: productFields.variations,
    variants: z
      .array(variantUpdateInputSchema, { error: 'Variants must be a list' })
      .max(MAX_VARIATION_OPTIONS * MAX_VARIATION_OPTIONS, 'Too many variants')
      .optional(),
  })
  .superRefine(checkVariants);
export type UpdateProductRequest = z.input<typeof updateProductRequestSchema>;

// ── seller listings and inventory ───────────────────────────────────────────────────────────────
export const sellerProductsQuerySchema = catalogPageQuerySchema.extend({
  q: queryText,
  status: z.preprocess(emptyAsAbsent, productStatusSchema.optional()),
  lowStock: z.preprocess(
    emptyAsAbsent,
    z
      .enum(['true', 'false'])
      .transform((value) => value === 'true')
      .optional(),
  ),
});
export type SellerProductsQuery = z.input<typeof sellerProductsQuerySchema>;

export const sellerProductSummarySchema = productSummarySchema.extend({ isLowStock: z.boolean(), ...draftMark });
export type SellerProductSummary = z.infer<typeof sellerProductSummarySchema>;

export const sellerProductPageSchema = productPageSchema.extend({ items: z.array(sellerProductSummarySchema) });
export type SellerProductPage = z.infer<typeof sellerProductPageSchema>;

export const INVENTORY_CHOICE_MESSAGE = 'Send either quantity (the new stock) or restock (units to add)';

/** `{ quantity }` sets the stock; `{ restock }` adds units to it; of the variant `variantId` for a listing with variants. */
export const updateInventoryRequestSchema = z
  .object({
    variantId: z.uuid("Choose one of the listing's variants").optional(),
    quantity: quantitySchema.optional(),
    restock: z
      .number({ error: 'Restock must be a number' })
      .int('Restock must be a whole number')
      .min(1, 'Restock must be at least 1')
      .max(MAX_QUANTITY, `Restock must be at most ${MAX_QUANTITY.toLocaleString('en-US')}`)
      .optional(),
  })
  .refine((value) => (value.quantity === undefined) !== (value.restock === undefined), { message: INVENTORY_CHOICE_MESSAGE });
export type UpdateInventoryRequest = z.input<typeof updateInventoryRequestSchema>;

// ── admin ───────────────────────────────────────────────────────────────────────────────────────
export const adminProductsQuerySchema = catalogPageQuerySchema.extend({
  q: queryText,
  status: z.preprocess(emptyAsAbsent, productStatusSchema.optional()),
});
export type AdminProductsQuery = z.input<typeof adminProductsQuerySchema>;

export const adminProductSummarySchema = productSummarySchema.extend(draftMark);
export type AdminProductSummary = z.infer<typeof adminProductSummarySchema>;

export const adminProductPageSchema = productPageSchema.extend({ items: z.array(adminProductSummarySchema) });
export type AdminProductPage = z.infer<typeof adminProductPageSchema>;

export const adminUpdateProductRequestSchema = z.object({ status: productStatusSchema });
export type AdminUpdateProductRequest = z.input<typeof adminUpdateProductRequestSchema>;

export const commissionEntrySchema = z.object({
  /** The category's name (docs/product/data.md commission entry). */
  category: z.string(),
  /** Percent with at most 2 decimals. */
  commission_rate: z.number(),
  /** The category's slug, for PUT /api/admin/commission/:categorySlug. */
  slug: z.string(),
});
export type CommissionEntry = z.infer<typeof commissionEntrySchema>;

export const commissionListResponseSchema = z.object({ success: z.literal(true), data: z.array(commissionEntrySchema) });
export type CommissionListResponse = z.infer<typeof commissionListResponseSchema>;

export const updateCommissionRequestSchema = z.object({
  commission_rate: z
    .number({ error: 'Commission rate must be a number' })
    .min(0, 'Commission rate must be between 0 and 100')
    .max(100, 'Commission rate must be between 0 and 100')
    .refine(hasAtMostTwoDecimals, 'Commission rate can have at most 2 decimals'),
});
export type UpdateCommissionRequest = z.input<typeof updateCommissionRequestSchema>;

export const commissionCategoryParamsSchema = z.object({ categorySlug: z.string().min(1).max(100) });

export const commissionUpdateResponseSchema = z.object({ success: z.literal(true), data: commissionEntrySchema });
export type CommissionUpdateResponse = z.infer<typeof commissionUpdateResponseSchema>;

// ── images and phone uploads ────────────────────────────────────────────────────────────────────
export const productImagesResponseSchema = z.object({ images: z.array(productImageSchema) });
export type ProductImagesResponse = z.infer<typeof productImagesResponseSchema>;

export const productImageParamsSchema = z.object({ id: z.uuid('Unknown product'), imageId: z.uuid('Unknown image') });

export const reorderImagesRequestSchema = z.object({
  /** Every image of the product, in the new order; the first becomes the cover. */
  imageIds: z.array(z.uuid('Unknown image')).min(1, 'Send at least one image id').max(MAX_PRODUCT_IMAGES),
});
export type ReorderImagesRequest = z.input<typeof reorderImagesRequestSchema>;

export const uploadLinkResponseSchema = z.object({
  token: z.string(),
  /** `<PUBLIC_URL>/mobile-upload/<token>`, for the QR code. */
  url: z.string(),
  expiresAt: z.string(),
});
export type UploadLinkResponse = z.infer<typeof uploadLinkResponseSchema>;

export const uploadTokenParamsSchema = z.object({ token: z.string().min(1).max(200) });

export const validateUploadTokenResponseSchema = z.object({ valid: z.boolean(), message: z.string() });
export type ValidateUploadTokenResponse = z.infer<typeof validateUploadTokenResponseSchema>;

/** docs/product/data.md "Uploaded image". */
export const uploadedImageSchema = z.object({ id: z.string(), url: z.string(), name: z.string() });
export type UploadedImage = z.infer<typeof uploadedImageSchema>;

export const mobileUploadResponseSchema = z.object({
  success: z.boolean(),
  images: z.array(uploadedImageSchema),
  message: z.string(),
});
export type MobileUploadResponse = z.infer<typeof mobileUploadResponseSchema>;

/**
 * A refused upload, `{ error, code, ... }`: `file` names the photo at fault. Every refusal of the phone
 * upload also says `success: false` and repeats `error` as `message`, the field the phone page reads.
 */
export const uploadErrorResponseSchema = errorResponseSchema.extend({
  file: z.string().optional(),
  success: z.literal(false).optional(),
  message: z.string().optional(),
  maxImages: z.number().int().optional(),
  existingImages: z.number().int().optional(),
});
export type UploadErrorResponse = z.infer<typeof uploadErrorResponseSchema>;
