import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_QUANTITY } from '@marketplace/contracts/catalog';
import { createUser } from '../../../test/factories';
import { bearerFor } from '../../../test/factories-commerce';
import { createCategory, createProduct } from '../../../test/factories-catalog';
import { buildTestApp, type TestApp } from '../../../test/helper';
import type { UserRecord } from '../users';

// The stock cap (docs/product/limits.md) holds when restocks arrive together, not only one by one.

let testApp: TestApp;
let seller: UserRecord;
let authorization: string;
let categoryId: string;
beforeAll(async () => {
  testApp = await buildTestApp();
  seller = await createUser(testApp.database.db, { role: 'seller' });
  authorization = await bearerFor(testApp, seller);
  categoryId = (await createCategory(testApp.database.db)).id;
});
afterAll(async () => {
  await testApp?.close();
});

const restock = (id: string, units: number) =>
  testApp.app.inject({ method: 'PATCH', url: `/api/seller/products/${id}/inventory`, headers: { authorization }, payload: { restock: units } });
const overCap = {
  error: 'Invalid request — restock: Stock cannot go above 1,000,000 units',
  code: 'validation_failed',
  issues: [{ path: 'restock', message: 'Stock cannot go above 1,000,000 units' }],
};

describe('restock cap', () => {
  it('refuses a single restock past the cap with 400, leaving the stock', async () => {
    const product = await createProduct(testApp.database.db, { sellerId: seller.id, categoryId }, { quantity: 500_000 });
    const response = await restock(product.id, 600_000);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(overCap);
    expect((await restock(product.id, 500_000)).json().quantity).toBe(MAX_QUANTITY);
  });

  it('lets only one of four parallel restocks of 600,000 through; the others get the same 400', async () => {
    const product = await createProduct(testApp.database.db, { sellerId: seller.id, categoryId }, { quantity: 0 });
    const answers = await Promise.all(Array.from({ length: 4 }, () => restock(product.id, 600_000)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    for (const answer of answers.filter((each) => each.statusCode !== 200)) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual(overCap);
    }
    const after = await testApp.app.inject({ method: 'GET', url: `/api/products/${product.id}` });
    expect(after.json().quantity).toBe(600_000);
  });

  it("answers 404 for another seller's listing", async () => {
    const other = await createUser(testApp.database.db, { role: 'seller' });
    const product = await createProduct(testApp.database.db, { sellerId: other.id, categoryId }, { quantity: 999_999 });
    expect((await restock(product.id, 5)).statusCode).toBe(404);
  });
});
