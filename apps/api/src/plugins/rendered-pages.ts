import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, brotliDecompress, constants as zlib, gzip } from 'node:zlib';
import { acceptedEncodings, type PageEncoding, type RenderedParts } from './index-page';
import type { ServerRenderer } from './server-rendering';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const brotliDecompressAsync = promisify(brotliDecompress);

/**
 * The public pages the server renders, kept (decision 0038). A page is drawn as a guest sees it, the same for
 * everyone, so once drawn it answers every visitor until what it shows changes: a product page until that
 * listing changes, the home, catalogue and shop pages until any listing does, everything when a user (a
 * seller's name), a category or a setting changes, or another instance says the catalogue changed. Each page
 * also expires after `ttlMs` (RENDER_CACHE_SECONDS), the bound when a change reaches no one.
 *
 * A page is kept compressed with brotli, the way most visitors take it, and with gzip once a visitor asks for
 * that; one that takes neither gets it decompressed. All of them together stay within `maxBytes` (the least
 * recently used go first), so thousands of pages fit where a few hundred uncompressed would. Visitors asking
 * for the same page while it is being drawn wait for that drawing. A page React wrote a script into carries
 * the response's nonce: it is kept as text with a placeholder and compressed per response instead.
 */
export interface RenderedPagesOptions {
  renderer: ServerRenderer;
  /** index.html with a rendered page in it. */
  compose: (rendered: RenderedParts) => string;
  ttlMs: number;
  maxBytes: number;
  now?: () => number;
}

export interface RenderedAnswer {
  status: number;
  body: Buffer;
  encoding: PageEncoding;
  /** The nonce the page carries, for the response's Content-Security-Policy; null when it has no script that needs one (the usual page). */
  nonce: string | null;
}

/** What a page depends on: one listing (its product page), or the lists of listings (home, catalogue, shop pages). */
type Tag = `product:${string}` | 'lists';

interface Entry {
  key: string;
  status: number;
  /** The page as text, kept only when it carries the nonce placeholder. */
  html: string | null;
  tag: Tag;
  expiresAt: number;
  /** The page compressed (br always, unless it carries a nonce; gzip once asked for). */
  bodies: Partial<Record<'br' | 'gzip', Buffer>>;
  bytes: number;
}

const PRODUCT_PAGE = /^\/products\/([^/?#]+)\/?(?:[?#]|$)/;

function tagOf(url: string): Tag {
  const product = PRODUCT_PAGE.exec(url);
  return product?.[1] && product[1] !== 'checkout' ? `product:${decodeURIComponent(product[1])}` : 'lists';
}

export function createRenderedPages(options: RenderedPagesOptions) {
  const now = options.now ?? (() => performance.now());
  // Letters and digits only: it passes through React's attribute escaping and base64 nonces alike.
  const placeholder = `rendernonce${randomBytes(12).toString('hex')}`;
  const entries = new Map<string, Entry>();
  const drawing = new Map<string, Promise<Entry | null>>();
  let bytes = 0;
  let generation = 0;

  const remove = (entry: Entry) => {
    if (entries.get(entry.key) !== entry) return;
    entries.delete(entry.key);
    bytes -= entry.bytes;
  };
  const grow = (entry: Entry, added: number) => {
    if (entries.get(entry.key) !== entry) return;
    entry.bytes += added;
    bytes += added;
    for (const oldest of entries.values()) {
      if (bytes <= options.maxBytes || oldest === entry) break;
      remove(oldest);
    }
  };

  async function draw(key: string, url: string, origin: string, client: string): Promise<Entry | null> {
    const startedIn = generation;
    const rendered = await options.renderer.render(url, origin, placeholder, client);
    if (!rendered) return null;
    const html = options.compose(rendered);
    const hasNonce = html.includes(placeholder);
    const entry: Entry = {
      key,
      status: rendered.status,
      html: hasNonce ? html : null,
      tag: tagOf(url),
      expiresAt: now() + options.ttlMs,
      bodies: hasNonce ? {} : { br: await compress(Buffer.from(html), 'br') },
      bytes: 0,
    };
    // Kept only if nothing it shows changed while it was drawn, and only if pages are kept at all.
    if (options.ttlMs > 0 && startedIn === generation) {
      entries.set(key, entry);
      grow(entry, entry.html ? entry.html.length * 2 : entry.bodies.br!.length);
    }
    return entry;
  }

  async function bodyOf(entry: Entry, encoding: 'br' | 'gzip' | 'identity', nonce: string): Promise<Buffer> {
    if (entry.html !== null) return compress(Buffer.from(entry.html.replaceAll(placeholder, nonce)), encoding);
    const br = entry.bodies.br!;
    if (encoding === 'br') return br;
    const identity = await brotliDecompressAsync(br);
    if (encoding === 'identity') return identity;
    const kept = entry.bodies.gzip;
    if (kept) return kept;
    const body = await compress(identity, 'gzip');
    if (!entry.bodies.gzip) {
      entry.bodies.gzip = body;
      grow(entry, body.length);
    }
    return body;
  }

  return {
    /** The rendered page for `url`, kept or drawn now; null when the server does not render it (or could not). */
    /**
     * `nonce` makes the response's nonce, asked for only when the page carries one; `client` (the visitor's
     * address) is whose turn a drawing takes (./render-turns.ts).
     */
    async answer(url: string, origin: string, nonce: () => string, acceptEncoding: string | undefined, client: string): Promise<RenderedAnswer | null> {
      const key = `${origin} ${url}`;
      let entry = entries.get(key);
      if (entry && entry.expiresAt <= now()) {
        remove(entry);
        entry = undefined;
      }
      if (entry) {
        // Most recently used last: the map's order is the eviction order.
        entries.delete(key);
        entries.set(key, entry);
      } else {
        let pending = drawing.get(key);
        if (!pending) {
          pending = draw(key, url, origin, client).finally(() => drawing.delete(key));
          drawing.set(key, pending);
        }
        entry = (await pending) ?? undefined;
      }
      if (!entry) return null;
      const accepted = acceptedEncodings(acceptEncoding);
      const encoding = accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : 'identity';
      const pageNonce = entry.html === null ? null : nonce();
      return {
        status: entry.status,
        body: await bodyOf(entry, encoding, pageNonce ?? ''),
        encoding: encoding === 'identity' ? null : encoding,
        nonce: pageNonce,
      };
    },

    /** Listings changed: their product pages and every list of listings go (all pages, when which is unknown). */
    listingsChanged(productIds: readonly string[] | undefined) {
      if (!productIds) return this.dropAll();
      generation += 1;
      const gone = new Set<Tag>(['lists', ...productIds.map((id): Tag => `product:${id}`)]);
      for (const entry of [...entries.values()]) if (gone.has(entry.tag)) remove(entry);
    },

    dropAll() {
      generation += 1;
      entries.clear();
      bytes = 0;
    },

    /** What is kept (tests, metrics). */
    stats: () => ({ pages: entries.size, bytes }),
  };
}

export type RenderedPages = ReturnType<typeof createRenderedPages>;

/** A page made per request: a quick setting, not the build's highest (≈ 1 ms rather than ≈ 30 ms for 60 KB). */
function compress(identity: Buffer, encoding: 'br' | 'gzip' | 'identity'): Promise<Buffer> {
  if (encoding === 'br') return brotliAsync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length } });
  if (encoding === 'gzip') return gzipAsync(identity, { level: 6 });
  return Promise.resolve(identity);
}
