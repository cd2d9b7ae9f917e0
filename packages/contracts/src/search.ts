import { z } from 'zod';
import { PRODUCT_SORTS, productSortSchema, productSummarySchema } from './catalog';
import { emptyAsAbsent, pageQueryWith } from './common';
import { paginationSchema } from './users';

// AI search (docs/product/routes.md public route /ai-search-results): a plain-language query is read
// into filters the buyer can see as chips and remove, then ranked over the catalogue.

export const AI_SEARCH_DEFAULT_PAGE_SIZE = 24;
export const AI_SEARCH_MAX_QUERY_LENGTH = 200;

/** `exclude` lists chip ids the buyer removed, comma-separated (`max_price:6000,condition:used`). */
export const aiSearchQuerySchema = z.object({
  q: z.preprocess(
    (value) => (value === undefined ? '' : value),
    z.string().trim().max(AI_SEARCH_MAX_QUERY_LENGTH, `Search text must be at most ${AI_SEARCH_MAX_QUERY_LENGTH} characters`),
  ),
  exclude: z.preprocess(
    emptyAsAbsent,
    z
      .string()
      .max(500)
      .optional()
      .transform((value) =>
        value
          ? value
              .split(',')
              .map((id) => id.trim())
              .filter(Boolean)
          : [],
      ),
  ),
  /** A sort chosen on the page (`rating`: highest average first); without it, the one the words ask for ("cheapest"), else relevance. */
  sort: z.preprocess(emptyAsAbsent, productSortSchema.optional()),
  ...pageQueryWith({ defaultLimit: AI_SEARCH_DEFAULT_PAGE_SIZE, maxLimit: 100 }).shape,
});
export type AiSearchQuery = z.input<typeof aiSearchQuerySchema>;

export const SEARCH_CHIP_KINDS = ['min_price', 'max_price', 'category', 'condition', 'attribute', 'sort', 'recipient'] as const;
/** Who a gift is for ("gift for her", "something for dad", "for my nephew"). */
export const SEARCH_RECIPIENTS = ['women', 'men', 'children'] as const;
export const searchChipSchema = z.object({
  /** Send it back in `exclude` to search without this part of the query. */
  id: z.string(),
  kind: z.enum(SEARCH_CHIP_KINDS),
  label: z.string(),
  value: z.string(),
});
export type SearchChip = z.infer<typeof searchChipSchema>;

export const aiSearchInterpretationSchema = z.object({
  chips: z.array(searchChipSchema),
  keywords: z.array(z.string()),
  relatedTerms: z.array(z.string()),
  /** Dollars, or null when the query sets no bound. */
  minPrice: z.number().nullable(),
  maxPrice: z.number().nullable(),
  category: z.object({ slug: z.string(), name: z.string() }).nullable(),
  condition: z.enum(['new', 'like_new', 'used']).nullable(),
  sort: z.enum(PRODUCT_SORTS),
  attributes: z.array(z.object({ kind: z.enum(['size', 'colour', 'material']), value: z.string() })),
  /** Misspelt words searched as the catalogue word they most likely mean ("lether" → "leather"). */
  corrections: z.array(z.object({ from: z.string(), to: z.string() })),
  /** True when the top results were re-ordered by meaning (an embeddings service is configured). */
  isSemanticallyRanked: z.boolean(),
  /** Who the gift is for, when the query says so; its chip can be removed like the others. */
  recipient: z.enum(SEARCH_RECIPIENTS).nullable().optional(),
  /** Words the search also looked for, by the typed word they stand for ("frying pan" → skillet). */
  expansions: z.array(z.object({ word: z.string(), terms: z.array(z.string()) })).optional(),
});
export type AiSearchInterpretation = z.infer<typeof aiSearchInterpretationSchema>;

/**
 * Where to look when nothing matched well (the answer's items are then empty, never filler):
 * `without_filters` — the same words find `totalItems` listings once the price, condition or category is
 * dropped; `category` — nothing of the kind is listed, and this category holds the nearest kinds.
 */
export const aiSearchSuggestionSchema = z.object({
  reason: z.enum(['without_filters', 'category']),
  /** A search that finds something: run it as the new query. */
  query: z.string(),
  category: z.object({ slug: z.string(), name: z.string() }).nullable(),
  totalItems: z.number().int().nonnegative().nullable(),
});
export type AiSearchSuggestion = z.infer<typeof aiSearchSuggestionSchema>;

export const aiSearchResponseSchema = z.object({
  interpretation: aiSearchInterpretationSchema,
  /** Product cards, as the catalogue search returns them. */
  items: z.array(productSummarySchema),
  pagination: paginationSchema,
  /** Set only when `items` is empty; absent from older servers. */
  suggestion: aiSearchSuggestionSchema.nullable().optional(),
});
export type AiSearchResponse = z.infer<typeof aiSearchResponseSchema>;
