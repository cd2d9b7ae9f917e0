import type { Browser, ConsoleMessage } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, logIn, newPage, PHONE, waitForInteractive, waitForPath } from './support/browser';

// The public catalogue's pages come rendered by the server (docs/product/seo.md): a browser without
// JavaScript, a search engine or a link preview reads the product; a guest's browser hydrates the same
// HTML without redrawing it; a signed-in buyer's browser draws their own page over it.

interface ProductSummary {
  id: string;
  title: string;
  price: number;
  reviewCount: number;
  seller: { id: string; companyName: string | null };
}

let browser: Browser;
let product: ProductSummary;
beforeAll(async () => {
  browser = await launchBrowser();
  // A reviewed product, so the page carries a rating.
  const answer = (await (await fetch(`${baseUrl()}/api/products?sort=rating&limit=5`)).json()) as { items: ProductSummary[] };
  product = answer.items.find((item) => item.reviewCount > 0) ?? answer.items[0]!;
});
afterAll(async () => {
  await browser?.close();
});

/** Console errors, and React's hydration complaints in particular, collected while a page is open. */
function collectErrors(messages: string[]) {
  return (message: ConsoleMessage) => {
    if (message.type() === 'error' || /hydrat/i.test(message.text())) messages.push(message.text());
  };
}

describe('pages search engines and link previews can read', () => {
  it('without JavaScript, a shop’s search still searches: the words reach the list through the address', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE, baseURL: baseUrl() });
    const page = await context.newPage();
    await page.goto(`/shop/${product.seller.id}`);
    // A word of this product's title, as a person would type it.
    const word = product.title.split(/\s+/).find((part) => /^[a-z]{4,}$/i.test(part)) ?? product.title;
    await page.getByRole('searchbox', { name: 'Search this shop' }).fill(word);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('q') === word);
    await expect(page.getByRole('link', { name: product.title, exact: true }).first()).toBeVisibleSoon();
    await context.close();
  });

  it('without JavaScript, the price range keeps the search: the words and the range reach the list together', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1366, height: 850 }, baseURL: baseUrl() });
    const page = await context.newPage();
    const word = product.title.split(/\s+/).find((part) => /^[a-z]{4,}$/i.test(part)) ?? product.title;
    await page.goto(`/products?q=${encodeURIComponent(word)}`);
    const range = page.getByRole('form', { name: 'Price range' });
    await range.getByLabel('Min price').fill(String(Math.floor(product.price)));
    await range.getByLabel('Max price').fill(String(Math.ceil(product.price) + 1));
    await range.getByRole('button', { name: 'Apply price' }).click();
    await page.waitForURL((url) => url.searchParams.get('q') === word && url.searchParams.get('minPrice') === String(Math.floor(product.price)));
    await expect(page.getByRole('link', { name: product.title, exact: true }).first()).toBeVisibleSoon();
    await context.close();
  });

  it('without JavaScript, a product page holds its title, price, rating, seller and reviews, with its tags', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE, baseURL: baseUrl() });
    const page = await context.newPage();
    const response = await page.goto(`/products/${product.id}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisibleSoon();
    expect(
      await page
        .getByText(`$${product.price.toFixed(2)}`, { exact: true })
        .first()
        .isVisible(),
    ).toBe(true);
    expect(
      await page
        .getByRole('link', { name: product.seller.companyName ?? 'an independent seller' })
        .first()
        .getAttribute('href'),
    ).toBe(`/shop/${product.seller.id}`);
    // Styled without a script: the page links the built stylesheet (the browser keeps it for the next page).
    const stylesheet = await page.locator('link[rel="stylesheet"]').getAttribute('href');
    expect(stylesheet).toMatch(/^\/assets\/[\w-]+\.css$/);
    expect(await page.getByRole('heading', { level: 1, name: product.title }).evaluate((heading) => getComputedStyle(heading).fontWeight)).toBe('600');
    // The reviews are in the page, in place (not hidden until a script reveals them).
    expect(await page.getByRole('heading', { name: 'Reviews', exact: true }).isVisible()).toBe(true);
    expect(await page.locator('[hidden]').filter({ hasText: 'Reviews' }).count()).toBe(0);

    expect(await page.title()).toBe(`${product.title} · Marketplace`);
    const meta = (selector: string) => page.locator(selector).getAttribute('content');
    expect(await meta('meta[property="og:title"]')).toBe(`${product.title} · Marketplace`);
    expect(await meta('meta[property="og:image"]')).toMatch(/^https?:\/\/.+\/uploads\/.+/);
    expect(await meta('meta[name="twitter:card"]')).toBe('summary_large_image');
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${baseUrl()}/products/${product.id}`);
    const jsonLd = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
      (text) => JSON.parse(text) as { '@type': string; [key: string]: unknown },
    );
    const productLd = jsonLd.find((data) => data['@type'] === 'Product') as unknown as {
      name: string;
      offers: { price: string; priceCurrency: string };
      aggregateRating?: { reviewCount: number };
    };
    expect(productLd.name).toBe(product.title);
    expect(productLd.offers).toMatchObject({ price: product.price.toFixed(2), priceCurrency: 'USD' });
    expect(productLd.aggregateRating?.reviewCount).toBe(product.reviewCount);
    expect(jsonLd.map((data) => data['@type'])).toContain('BreadcrumbList');
    await context.close();
  });

  it('an unknown product answers 404 with the not-found page; the home page names the organisation', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: baseUrl() });
    const page = await context.newPage();
    const missing = await page.goto('/products/00000000-0000-4000-8000-000000000000');
    expect(missing?.status()).toBe(404);
    expect(await page.getByText('Product not found').isVisible()).toBe(true);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');

    const home = await page.goto('/');
    expect(home?.status()).toBe(200);
    const types = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
      (text) => (JSON.parse(text) as { '@type': string })['@type'],
    );
    expect(types).toContain('Organization');
    // The home page's featured products are in its HTML.
    expect(await page.getByRole('region', { name: 'Featured' }).getByRole('article').count()).toBeGreaterThan(0);
    await context.close();
  });

  it('a guest’s browser hydrates the page without redrawing it, and the page works', async () => {
    const { context, page } = await newPage(browser);
    const errors: string[] = [];
    page.on('console', collectErrors(errors));
    // The photos come slowly, as on a phone's line: the app's script must still wait for them (below).
    await page.route('**/uploads/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await page.goto(`/products/${product.id}`);
    const heading = page.getByRole('heading', { level: 1, name: product.title });
    await expect(heading).toBeVisibleSoon();
    // Mark the server's element: a browser that drew the page afresh would replace it.
    await heading.evaluate((element) => element.setAttribute('data-from-server', 'yes'));
    // Hydrated (main.tsx first loads the page's lazy modules), the app answers clicks: a guest's "Add to
    // wishlist" asks them to log in.
    await waitForInteractive(page);
    // The app's script is asked for only once the page's photo has arrived (main.tsx): on a slow line the photo
    // has the bandwidth to itself, and the app's start comes after the page is painted with it.
    const order = await page.evaluate(() => {
      const photo = document.querySelector<HTMLImageElement>('#root img[fetchpriority="high"]');
      const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      return {
        photoArrived: entries.find((entry) => photo !== null && entry.name === photo.currentSrc)?.responseEnd,
        appAskedFor: entries.find((entry) => /\/assets\/app-[\w-]+\.js$/.test(entry.name))?.startTime,
      };
    });
    expect(order.photoArrived).toBeGreaterThan(0);
    expect(order.appAskedFor).toBeGreaterThanOrEqual(order.photoArrived ?? Number.POSITIVE_INFINITY);
    await page.getByRole('button', { name: 'Add to wishlist' }).click();
    await expect(page.getByRole('dialog')).toBeVisibleSoon();
    expect(await heading.getAttribute('data-from-server')).toBe('yes');
    expect(errors).toEqual([]);

    // Moving on inside the app still works: the seller's shop, drawn by the browser.
    await page.keyboard.press('Escape');
    await page
      .getByRole('link', { name: product.seller.companyName ?? 'an independent seller' })
      .first()
      .click();
    await waitForPath(page, `/shop/${product.seller.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisibleSoon();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a slow phone the app’s script is asked for only after the first paint has reached the screen', async () => {
    const { context, page } = await newPage(browser);
    // A phone's CPU (Lighthouse's mobile preset): a frame asked for reaches the screen later than on a desktop.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(`/products/${product.id}`);
    await waitForInteractive(page);
    const order = await page.evaluate(() => {
      const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      return {
        firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
        appAskedFor: entries.find((entry) => /\/assets\/app-[\w-]+\.js$/.test(entry.name))?.startTime,
        scriptsBeforePaint: entries
          .filter((entry) => /\/assets\/[\w-]+\.js$/.test(entry.name))
          .filter((entry) => entry.startTime < (performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0))
          .map((entry) => new URL(entry.name).pathname.replace(/-[\w-]+\.js$/, '')),
      };
    });
    expect(order.firstPaint).toBeGreaterThan(0);
    expect(order.appAskedFor).toBeGreaterThanOrEqual(order.firstPaint ?? Number.POSITIVE_INFINITY);
    // Before the first paint the page asks for one script, its own, which imports nothing: a chunk it imported
    // (Vite's preload helper was one) is a request chained behind it that a phone's largest paint waited for.
    expect(order.scriptsBeforePaint).toEqual(['/assets/index']);
    expect(await page.evaluate(() => performance.getEntriesByName('marketplace:start-capped').length)).toBe(0);

    // A page the server does not draw (an empty root until the app draws it) has no paint to wait for: its
    // start never waits for the 2 s cap.
    await page.goto('/login');
    await waitForInteractive(page);
    expect(await page.evaluate(() => performance.getEntriesByName('marketplace:start-capped').length)).toBe(0);
    await context.close();
  });

  it('a guest who scrolled before the app started stays where they were, and the card they click opens', async () => {
    const { context, page } = await newPage(browser);
    // The app's start is held until the guest has scrolled, as on a phone whose script comes late.
    let releaseApp = () => {};
    const appHeld = new Promise<void>((resolve) => {
      releaseApp = resolve;
    });
    await page.route(/\/assets\/app-[\w-]+\.js$/, async (route) => {
      await appHeld;
      await route.continue();
    });
    await page.goto('/');
    const card = page.getByRole('region', { name: 'Featured' }).getByRole('article').first();
    await expect(card).toBeVisibleSoon();
    await card.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(0);
    expect(await page.locator('html[data-interactive]').count()).toBe(0);

    releaseApp();
    await waitForInteractive(page);
    // The start does not send the guest back to the top (a click begun on the card would end elsewhere).
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    await card
      .getByRole('link')
      .filter({ hasNotText: /^Sold by/ })
      .first()
      .click();
    await waitForPath(page, /^\/products\/[0-9a-f-]{36}$/);
    // Back on the home page, the guest is where they left it.
    await page.goBack();
    await waitForPath(page, '/');
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 10_000 }).toBe(scrolled);
    await context.close();
  });

  it('a tab that draws no frame (opened in the background) still takes the page over', async () => {
    const { context, page } = await newPage(browser);
    // A background tab draws no frame until it is shown: the app's start must not wait for one for ever.
    await page.addInitScript(() => {
      window.requestAnimationFrame = () => 0;
    });
    await page.goto(`/products/${product.id}`);
    await waitForInteractive(page);
    await context.close();
  });

  it('a guest’s page starts without Intl (its first formatter costs a phone 90–270 ms): every public page', async () => {
    const { context, page } = await newPage(browser, PHONE);
    // Every way into the browser's locale data, counted from before the page's first script.
    await page.addInitScript(() => {
      const uses: string[] = [];
      (window as unknown as { intlUses: string[] }).intlUses = uses;
      const count = (owner: object, name: string, label: string) => {
        const original = (owner as Record<string, unknown>)[name] as (...args: unknown[]) => unknown;
        const wrapped = function (this: unknown, ...args: unknown[]) {
          uses.push(label);
          return new.target ? Reflect.construct(original, args, new.target) : original.apply(this, args);
        };
        Object.defineProperty(owner, name, { value: wrapped, writable: true, configurable: true });
      };
      for (const name of ['NumberFormat', 'DateTimeFormat', 'PluralRules', 'Collator', 'RelativeTimeFormat', 'ListFormat', 'Segmenter'])
        count(Intl, name, `Intl.${name}`);
      count(Number.prototype, 'toLocaleString', 'Number#toLocaleString');
      for (const name of ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString']) count(Date.prototype, name, `Date#${name}`);
      count(String.prototype, 'localeCompare', 'String#localeCompare');
    });
    for (const path of ['/', '/products', `/products/${product.id}`, `/shop/${product.seller.id}`]) {
      await page.goto(path);
      await waitForInteractive(page);
      // The page shows prices, counts and dates (written by packages/domain/src/number-format.ts and lib/format.ts).
      await expect(page.getByText(/\$\d/).first()).toBeVisibleSoon();
      expect({ path, uses: await page.evaluate(() => (window as unknown as { intlUses: string[] }).intlUses) }).toEqual({ path, uses: [] });
    }
    await context.close();
  });

  it('a signed-in buyer gets their own page (their header) over the server’s guest page', async () => {
    const { context, page } = await newPage(browser);
    const errors: string[] = [];
    page.on('console', collectErrors(errors));
    await logIn(page, 'buyer3@example.com');
    await waitForPath(page, '/products');
    await page.goto(`/products/${product.id}`);
    await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisibleSoon();
    await expect(page.getByRole('button', { name: /^Cart, \d+ items?$/ })).toBeVisibleSoon();
    expect(await page.getByRole('banner').getByRole('link', { name: 'Log in' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
