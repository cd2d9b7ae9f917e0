import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/http-errors';
import { createMicroCache } from '../../lib/micro-cache';
import { findLiveListingRuns, findLiveListingsInRange } from '../catalog';
import { findListedShopRuns, findListedShopsInRange } from '../shops';
import { absoluteUrl, buildRobotsTxt, buildSitemapIndex, buildUrlSet, MAX_URLS_PER_SITEMAP, type SitemapUrl } from './sitemap-xml';

// robots.txt and the sitemap (docs/product/seo.md): every live product page and every open shop with
// something for sale, plus the home page and the catalogue. Past `urlsPerFile` URLs the sitemap is an
// index of files: `pages.xml`, then `products-<n>.xml` and `shops-<n>.xml`, each a run of ids in id
// order read by id range (never by OFFSET), so every URL is in exactly one file.

export const SITEMAP_NOT_FOUND_MESSAGE = 'Sitemap file not found';

/** How long browsers, crawlers and caches may keep robots.txt and the sitemap's files. */
export const SEO_CACHE_SECONDS = 600;

/** The pages that are always there. */
const STATIC_PATHS: readonly string[] = ['/', '/products'];

export interface SeoService {
  robotsTxt(): string;
  /** `<urlset>` of every URL, or, past `urlsPerFile` URLs, a `<sitemapindex>` of the files below. */
  sitemap(): Promise<string>;
  /** One file of a split sitemap (`pages.xml`, `products-<n>.xml`, `shops-<n>.xml`); 404 for any other name, or when the sitemap is not split. */
  sitemapFile(name: string): Promise<string>;
}

export interface SeoServiceDependencies {
  db: Database;
  clock: Clock;
  /** PUBLIC_URL: every link in robots.txt and the sitemap starts with it, as the e-mails' links do. */
  publicUrl: string;
  /** URLs per sitemap file (at least 2, at most the protocol's 50,000, the default). */
  urlsPerFile?: number;
  /** How long the sitemap's layout (how many files, where each begins) is reused, in ms; 0 reads it on every request. */
  layoutCacheMs?: number;
}

/** A list cut into runs of `urlsPerFile` in id order: how long it is, and the first id of each run. */
interface Runs {
  total: number;
  firstIds: string[];
}

interface SitemapLayout {
  products: Runs;
  shops: Runs;
  isSplit: boolean;
}

type FileKind = 'products' | 'shops';

const PAGES_FILE = 'pages.xml';
const RUN_FILE = /^(products|shops)-([1-9]\d{0,8})\.xml$/;

/** Where a run begins and ends: its first id (open for the first run), and the next run's first id (open for the last). */
function rangeOf(runs: Runs, index: number): { fromId: string | undefined; beforeId: string | undefined } {
  return { fromId: index === 0 ? undefined : runs.firstIds[index], beforeId: runs.firstIds[index + 1] };
}

export function createSeoService({
  db,
  clock,
  publicUrl,
  urlsPerFile = MAX_URLS_PER_SITEMAP,
  layoutCacheMs = SEO_CACHE_SECONDS * 1000,
}: SeoServiceDependencies): SeoService {
  if (!Number.isInteger(urlsPerFile) || urlsPerFile < STATIC_PATHS.length || urlsPerFile > MAX_URLS_PER_SITEMAP) {
    throw new Error(`urlsPerFile must be a whole number from ${STATIC_PATHS.length} to ${MAX_URLS_PER_SITEMAP}`);
  }
  const urlOf = (path: string) => absoluteUrl(publicUrl, path);
  const productUrl = (row: { id: string; updatedAt: Date }): SitemapUrl => ({ loc: urlOf(`/products/${row.id}`), lastModified: row.updatedAt });
  const shopUrl = (row: { sellerId: string }): SitemapUrl => ({ loc: urlOf(`/shop/${row.sellerId}`) });
  const staticUrls = (): SitemapUrl[] => STATIC_PATHS.map((path) => ({ loc: urlOf(path) }));

  // Counting and cutting reads every live id once; the files a crawler then fetches read only their own range.
  const layoutCache = createMicroCache<SitemapLayout>({ ttlMs: layoutCacheMs, maxEntries: 1, clock });
  const layout = () =>
    layoutCache.getOrLoad('layout', async () => {
      const [products, shops] = await Promise.all([findLiveListingRuns(db, urlsPerFile), findListedShopRuns(db, urlsPerFile)]);
      return { products, shops, isSplit: STATIC_PATHS.length + products.total + shops.total > urlsPerFile };
    });

  const readRun = async (kind: FileKind, runs: Runs, index: number): Promise<SitemapUrl[]> => {
    const range = { ...rangeOf(runs, index), limit: urlsPerFile };
    return kind === 'products' ? (await findLiveListingsInRange(db, range)).map(productUrl) : (await findListedShopsInRange(db, range)).map(shopUrl);
  };

  const missingFile = () => notFound(SITEMAP_NOT_FOUND_MESSAGE);

  return {
    robotsTxt() {
      return buildRobotsTxt(publicUrl);
    },

    async sitemap() {
      const { products, shops, isSplit } = await layout();
      if (isSplit) {
        const files = [
          PAGES_FILE,
          ...products.firstIds.map((_id, index) => `products-${index + 1}.xml`),
          ...shops.firstIds.map((_id, index) => `shops-${index + 1}.xml`),
        ];
        return buildSitemapIndex(files.map((file) => urlOf(`/sitemaps/${file}`)));
      }
      // One file; never more than it may hold, even if listings went live since the layout was read.
      const room = urlsPerFile - STATIC_PATHS.length;
      const productUrls = (await findLiveListingsInRange(db, { limit: room })).map(productUrl);
      const shopUrls = room > productUrls.length ? (await findListedShopsInRange(db, { limit: room - productUrls.length })).map(shopUrl) : [];
      return buildUrlSet([...staticUrls(), ...productUrls, ...shopUrls]);
    },

    async sitemapFile(name) {
      const { products, shops, isSplit } = await layout();
      if (!isSplit) throw missingFile();
      if (name === PAGES_FILE) return buildUrlSet(staticUrls());
      const match = RUN_FILE.exec(name);
      if (!match) throw missingFile();
      const kind = match[1] as FileKind;
      const runs = kind === 'products' ? products : shops;
      const index = Number(match[2]) - 1;
      if (index >= runs.firstIds.length) throw missingFile();
      return buildUrlSet(await readRun(kind, runs, index));
    },
  };
}
