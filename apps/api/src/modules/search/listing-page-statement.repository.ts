import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { categories, products } from '../catalog/catalog.schema';
import { productImages } from '../uploads/uploads.schema';
import { users } from '../users/users.schema';
import { limitInText, productColumns } from '../catalog';
import { offsetOf, pageSizeOf, type ProductFilters, type ProductPageRecord } from './listing-page-plan.repository';
import type { wordPageIdsOf } from './word-page.repository';

// How a page of listings is read: its ids in order are picked on the listings (or the kept words) alone,
// then only those rows are joined with their category, seller and cover, in one statement that PostgreSQL
// keeps prepared under the page's shape.

/**
 * The ids of a page in its order, picked on the listings alone, with one figure beside each: every
 * match's count (`count(*) over ()`, for a search), or the total's scalar subquery (run once).
 */
export function pageIdsOf(executor: Executor, where: SQL | undefined, order: SQL[], filters: ProductFilters, figure: SQL<number>) {
  return executor
    .select({ id: products.id, figure: sql<number>`${figure}`.as('figure') })
    .from(products)
    .where(where)
    .orderBy(...order)
    .limit(pageSizeOf(filters).limit)
    .offset(offsetOf(filters))
    .as('page_ids');
}

/** A page's ids in order, each with the page's figure beside it (pageIdsOf, wordPageIdsOf). */
export type PageIds = ReturnType<typeof pageIdsOf> | ReturnType<typeof wordPageIdsOf>;

/** Only the page's rows are joined with their category, seller and cover (the first photo). */
function preparePage(executor: Executor, pageIds: PageIds, order: SQL[], shape: string) {
  const cover = executor
    .select({ fileKey: productImages.fileKey, thumbnailKey: productImages.thumbnailKey })
    .from(productImages)
    .where(eq(productImages.productId, products.id))
    .orderBy(asc(productImages.position), asc(productImages.createdAt), asc(productImages.id))
    .limit(limitInText(1))
    .as('cover');
  return executor
    .select({ ...productColumns, coverFileKey: cover.fileKey, coverThumbnailKey: cover.thumbnailKey, figure: sql<number>`${pageIds.figure}`.mapWith(Number) })
    .from(pageIds)
    .innerJoin(products, eq(products.id, pageIds.id))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(users, eq(users.id, products.sellerId))
    .leftJoinLateral(cover, sql`true`)
    .orderBy(...order)
    .prepare(shape);
}

type PreparedPage = ReturnType<typeof preparePage>;

function pageOf(found: Awaited<ReturnType<PreparedPage['execute']>>): { rows: ProductPageRecord[]; figure: number | null } {
  const rows = found.map(({ coverFileKey, coverThumbnailKey, figure: _figure, ...row }) => ({
    ...row,
    cover: coverFileKey === null ? null : { fileKey: coverFileKey, thumbnailKey: coverThumbnailKey },
  }));
  return { rows, figure: found[0]?.figure ?? null };
}

/** A page whose statement is built for this request alone (its values in its parameters). */
export async function readPage(
  executor: Executor,
  pageIds: PageIds,
  order: SQL[],
  shape: string,
): Promise<{ rows: ProductPageRecord[]; figure: number | null }> {
  return pageOf(await preparePage(executor, pageIds, order, shape).execute());
}

// Building a page's statement with the query builder costs more of the API's time than PostgreSQL spends
// answering it, and every page of one shape has the same text. So the pages of the catalogue's usual paths
// (browsing, and the word search) build each shape once per database handle, with placeholders where the
// values go (heldFilters), keep it, and run it with each request's values (valuesOf). A transaction is a
// handle of its own, so its pages are built for it alone.
const keptPages = new WeakMap<Executor, Map<string, PreparedPage>>();
/** Shapes kept per handle at most (there are a few hundred; the oldest go first past this). */
const KEPT_SHAPES = 2_000;

export async function readKeptPage(executor: Executor, shape: string, values: Record<string, unknown>, build: () => { pageIds: PageIds; order: SQL[] }) {
  let kept = keptPages.get(executor);
  if (!kept) keptPages.set(executor, (kept = new Map()));
  let prepared = kept.get(shape);
  if (!prepared) {
    const { pageIds, order } = build();
    prepared = preparePage(executor, pageIds, order, shape);
    if (kept.size >= KEPT_SHAPES) kept.delete(kept.keys().next().value!);
    kept.set(shape, prepared);
  }
  return pageOf(await prepared.execute(values));
}
