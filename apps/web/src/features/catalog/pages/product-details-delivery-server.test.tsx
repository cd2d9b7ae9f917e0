// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../ssr/entry-server';
import { jsonResponse } from '../../../test/render-app';
import { makeReviewsPage } from '../../../test/review-fixtures';
import { apiRoutes, makeProductDetail } from '../../../test/shop-fixtures';

// The delivery box is the browser's alone: the server's page of a product draws none of it and asks nothing for it,
// so that page (and what the browser hydrates it with) stays as it was before the box.

const PRODUCT = makeProductDetail();

describe('the server render of a product page', () => {
  it('draws no delivery box and asks for no delivery quote', async () => {
    const asked: string[] = [];
    const routes = apiRoutes({
      [`GET /api/products/${PRODUCT.id}`]: () => jsonResponse(200, PRODUCT),
      [`GET /api/products/${PRODUCT.id}/reviews`]: () => jsonResponse(200, makeReviewsPage([])),
    });
    const fetchFromApi: typeof fetch = async (input, init) => {
      const request = input instanceof Request ? input : new Request(input, init);
      asked.push(`${request.method} ${new URL(request.url).pathname}`);
      return routes(request);
    };

    const page = (await renderPage({ url: `/products/${PRODUCT.id}`, origin: 'https://shop.example', fetch: fetchFromApi }))!;
    expect(page.root).toContain('Add to cart');
    expect(page.root).not.toMatch(/ZIP code|Arrives|Shipping|Delivery/);
    expect(page.scripts).not.toContain('delivery');
    expect(asked.some((call) => call.endsWith('/delivery'))).toBe(false);
  });
});
