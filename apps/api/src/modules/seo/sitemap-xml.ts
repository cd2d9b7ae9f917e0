// The texts search engines read: robots.txt (robotstxt.org, RFC 9309) and sitemaps
// (sitemaps.org/protocol.html). What they expose is docs/product/seo.md.

/** The public catalogue: the home page, the catalogue, every product page and every shop page. */
export const ROBOTS_ALLOWED_PATHS: readonly string[] = ['/', '/products', '/products/', '/shop/'];

/** Personal pages, dashboards, one-time links and the API: nothing a search result should open. */
export const ROBOTS_DISALLOWED_PATHS: readonly string[] = [
  '/api/',
  '/seller',
  '/admin',
  '/profile',
  '/myorders',
  '/user/',
  '/orderDisputes',
  '/products/checkout',
  '/mobile-upload/',
  '/sandbox/',
  '/reset-password/',
  '/verify-email/',
  '/login',
  '/signup',
  '/forgot-password',
];

/** The protocol's ceiling of URLs in one sitemap file (and of sitemaps in one index). */
export const MAX_URLS_PER_SITEMAP = 50_000;

const NEEDS_ESCAPING = /[&<>"']/;
const XML_ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text safe inside an XML element or attribute. */
export function escapeXml(text: string): string {
  // Most URLs have nothing to escape; a file holds up to 50,000 of them.
  return NEEDS_ESCAPING.test(text) ? text.replace(/[&<>"']/g, (character) => XML_ENTITIES[character]!) : text;
}

/** `origin` + `path`, the origin without its trailing slashes (as the e-mails build their links). */
export function absoluteUrl(origin: string, path: string): string {
  return `${origin.replace(/\/+$/, '')}${path}`;
}

/** robots.txt: the catalogue allowed, the personal areas refused (the longest matching rule wins), and where the sitemap is. */
export function buildRobotsTxt(origin: string): string {
  return [
    'User-agent: *',
    ...ROBOTS_ALLOWED_PATHS.map((path) => `Allow: ${path}`),
    ...ROBOTS_DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${absoluteUrl(origin, '/sitemap.xml')}`,
    '',
  ].join('\n');
}

export interface SitemapUrl {
  /** Absolute URL of the page. */
  loc: string;
  /** When the page last changed, if known. */
  lastModified?: Date | undefined;
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';
const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** A `<urlset>`: one sitemap file. */
export function buildUrlSet(urls: readonly SitemapUrl[]): string {
  const entries = urls.map(({ loc, lastModified }) => {
    const lastmod = lastModified ? `<lastmod>${escapeXml(lastModified.toISOString())}</lastmod>` : '';
    return `<url><loc>${escapeXml(loc)}</loc>${lastmod}</url>`;
  });
  return [XML_DECLARATION, `<urlset xmlns="${SITEMAP_NAMESPACE}">`, ...entries, '</urlset>', ''].join('\n');
}

/** A `<sitemapindex>`: where the sitemap's files are, each given by its absolute URL. */
export function buildSitemapIndex(locations: readonly string[]): string {
  const entries = locations.map((loc) => `<sitemap><loc>${escapeXml(loc)}</loc></sitemap>`);
  return [XML_DECLARATION, `<sitemapindex xmlns="${SITEMAP_NAMESPACE}">`, ...entries, '</sitemapindex>', ''].join('\n');
}
