import type { ProductDetail } from '@marketplace/contracts/catalog';
import type { ShopResponse } from '@marketplace/contracts/shops';
import { APP_NAME } from '../lib/document-title';
import { conditionLabel } from '../lib/stock';

/**
 * What a search engine or a link preview reads in a server-rendered page's <head> (docs/product/seo.md):
 * the title, a description, the canonical address, Open Graph and Twitter card tags with the cover photo,
 * and schema.org JSON-LD. Built from the same answers the page was drawn with.
 */
export interface PageHead {
  /** The whole <title>, as the page's own `useDocumentTitle` sets it in the browser. */
  title: string;
  description: string;
  /** An absolute URL. */
  canonical: string;
  /** The Open Graph type. */
  type: 'website' | 'product' | 'profile';
  /** An absolute URL of the picture a link preview shows, if the page has one. */
  image: string | null;
  /** schema.org objects, each its own <script type="application/ld+json">. */
  jsonLd: object[];
  /** Pages that must not be indexed (a product that does not exist). */
  noIndex: boolean;
}

const SITE_DESCRIPTION = 'Marketplace — buy from independent sellers, with tracked UPS shipping, secure payouts and live chat.';
/** Search engines show about 155 characters of a description. */
const DESCRIPTION_LENGTH = 155;

export const documentTitle = (title: string) => (title ? `${title} · ${APP_NAME}` : APP_NAME);

/** One line of at most `DESCRIPTION_LENGTH` characters, cut at a word with an ellipsis. */
export function summarise(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= DESCRIPTION_LENGTH) return line;
  const cut = line.slice(0, DESCRIPTION_LENGTH - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > DESCRIPTION_LENGTH / 2 ? cut.slice(0, atWord) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

const absolute = (origin: string, path: string) => new URL(path, origin).toString();

const breadcrumbs = (origin: string, trail: ReadonlyArray<{ name: string; path: string }>) => ({
  '@context': 'https://schema.org',
  '@type': 'BreadcrumbList',
  itemListElement: trail.map((step, index) => ({ '@type': 'ListItem', position: index + 1, name: step.name, item: absolute(origin, step.path) })),
});

/** schema.org's item conditions for the listing's condition (new, or one of the used grades). */
const ITEM_CONDITION: Record<ProductDetail['condition'], string> = {
  new: 'https://schema.org/NewCondition',
  like_new: 'https://schema.org/UsedCondition',
  good: 'https://schema.org/UsedCondition',
  fair: 'https://schema.org/UsedCondition',
};

export function homeHead(origin: string): PageHead {
  return {
    title: documentTitle('Shop from independent sellers'),
    description: SITE_DESCRIPTION,
    canonical: absolute(origin, '/'),
    type: 'website',
    image: null,
    noIndex: false,
    jsonLd: [
      { '@context': 'https://schema.org', '@type': 'Organization', name: APP_NAME, url: absolute(origin, '/'), logo: absolute(origin, '/favicon.svg') },
      {
        '@context': 'https://schema.org',
        '@type': 'WebSite',
        name: APP_NAME,
        url: absolute(origin, '/'),
        potentialAction: {
          '@type': 'SearchAction',
          target: `${absolute(origin, '/products')}?q={search_term_string}`,
          'query-input': 'required name=search_term_string',
        },
      },
    ],
  };
}

/** /products: the canonical address keeps the category and the page, not the search words or the order. */
export function productsHead(origin: string, search: URLSearchParams): PageHead {
  const canonical = new URL('/products', origin);
  const category = search.get('category');
  const page = Number(search.get('page') ?? '1');
  if (category) canonical.searchParams.set('category', category);
  if (Number.isInteger(page) && page > 1) canonical.searchParams.set('page', String(page));
  return {
    title: documentTitle('Products'),
    description: 'Browse products from independent sellers across every category.',
    canonical: canonical.toString(),
    type: 'website',
    image: null,
    noIndex: false,
    jsonLd: [breadcrumbs(origin, [{ name: 'Products', path: '/products' }])],
  };
}

export function productHead(origin: string, product: ProductDetail): PageHead {
  const path = `/products/${product.id}`;
  const images = product.images.map((image) => absolute(origin, image.url));
  const offer = {
    '@type': 'Offer',
    url: absolute(origin, path),
    price: product.price.toFixed(2),
    priceCurrency: 'USD',
    availability: product.quantity > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    itemCondition: ITEM_CONDITION[product.condition],
    seller: { '@type': 'Organization', name: product.seller.companyName ?? 'An independent seller', url: absolute(origin, `/shop/${product.seller.id}`) },
  };
  const rating =
    product.averageRating !== null && product.reviewCount > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: product.averageRating.toFixed(1),
            reviewCount: product.reviewCount,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {};
  return {
    title: documentTitle(product.title),
    description: summarise(`${product.description || product.title}`) || SITE_DESCRIPTION,
    canonical: absolute(origin, path),
    type: 'product',
    image: images[0] ?? null,
    noIndex: false,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: product.title,
        description: product.description,
        sku: product.id,
        image: images,
        category: product.category.name,
        // The listing's own words for its condition, as the page shows them.
        additionalProperty: [{ '@type': 'PropertyValue', name: 'Condition', value: conditionLabel(product.condition) }],
        offers: offer,
        ...rating,
      },
      breadcrumbs(origin, [
        { name: 'Products', path: '/products' },
        { name: product.category.name, path: `/products?category=${encodeURIComponent(product.category.slug)}` },
        { name: product.title, path },
      ]),
    ],
  };
}

export function shopHead(origin: string, shop: ShopResponse): PageHead {
  const { seller, listingCount } = shop;
  const path = `/shop/${seller.id}`;
  const rated =
    seller.rating.average !== null && seller.rating.count > 0
      ? `, rated ${seller.rating.average.toFixed(1)} out of 5 over ${seller.rating.count} review${seller.rating.count === 1 ? '' : 's'}`
      : '';
  const from = seller.shipsFromState ? ` Ships from ${seller.shipsFromState}.` : '';
  return {
    title: documentTitle(seller.name),
    description: summarise(`${seller.name} on ${APP_NAME}: ${listingCount} listing${listingCount === 1 ? '' : 's'}${rated}.${from}`),
    canonical: absolute(origin, path),
    type: 'profile',
    image: null,
    noIndex: false,
    jsonLd: [
      breadcrumbs(origin, [
        { name: 'Products', path: '/products' },
        { name: seller.name, path },
      ]),
    ],
  };
}

export function notFoundHead(origin: string, pathname: string, what: string): PageHead {
  return {
    title: documentTitle(what),
    description: SITE_DESCRIPTION,
    canonical: absolute(origin, pathname),
    type: 'website',
    image: null,
    noIndex: true,
    jsonLd: [],
  };
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON inside a <script>: `<` escaped so no "</script>" or "<!--" in user text can end or bend the element. */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The tags for <head>; the <title> and description replace index.html's own. */
export function headTags(head: PageHead): string {
  const meta = (attribute: 'name' | 'property', key: string, value: string) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}">`;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeHtml(head.canonical)}">`,
    ...(head.noIndex ? [meta('name', 'robots', 'noindex')] : []),
    meta('property', 'og:site_name', APP_NAME),
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.canonical),
    ...(head.image ? [meta('property', 'og:image', head.image)] : []),
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    ...(head.image ? [meta('name', 'twitter:image', head.image)] : []),
    ...head.jsonLd.map((data) => `<script type="application/ld+json">${scriptJson(data)}</script>`),
  ];
  return tags.join('\n    ');
}
