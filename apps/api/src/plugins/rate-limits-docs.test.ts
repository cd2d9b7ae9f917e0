import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper';

// The OpenAPI document declares the 429 every limited route can answer (plugins/rate-limits.ts, docs/product/limits-abuse.md).

interface Operation {
  responses: Record<string, { description?: string; content?: Record<string, { schema: { properties?: Record<string, unknown>; required?: string[] } }> }>;
}
type Document = { paths: Record<string, Record<string, Operation>> };

describe('the OpenAPI document and the request limits', () => {
  let testApp: TestApp;
  let document: Document;
  beforeAll(async () => {
    testApp = await buildTestApp();
    const answer = await testApp.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(answer.statusCode).toBe(200);
    document = answer.json() as Document;
  });
  afterAll(async () => {
    await testApp.close();
  });

  it.each([
    ['post', '/api/auth/login'],
    ['get', '/api/products'],
    ['get', '/api/wishlist/'],
    ['get', '/api/cart/'],
  ])('%s %s lists its 429 answer with the error shape', (method, path) => {
    const operation = document.paths[path]?.[method];
    expect(operation, `${method} ${path}`).toBeDefined();
    const tooMany = operation!.responses['429'];
    expect(tooMany, JSON.stringify(Object.keys(operation!.responses))).toBeDefined();
    const schema = tooMany!.content!['application/json']!.schema;
    expect(schema.required).toEqual(expect.arrayContaining(['error', 'code']));
  });

  it('the health check, limited per address like the metrics scrape, lists its 429', () => {
    const health = document.paths['/api/health/']?.get;
    expect(health).toBeDefined();
    expect(health!.responses['429']).toBeDefined();
  });
});
