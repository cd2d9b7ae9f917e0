import { describe, expect, it } from 'vitest';
import { signupRequestSchema } from '@marketplace/contracts/auth';
import { createProductRequestSchema } from '@marketplace/contracts/catalog';
import { createAddressRequestSchema } from '@marketplace/contracts/users';
import { nameComparisonKey } from '@marketplace/domain/visible-names';
import { DEMO_ADMIN, DEMO_BUYERS, DEMO_PRODUCTS, DEMO_SELLERS } from './demo-data';

// The demo marketplace follows the rules a person's input does (docs/product/validation.md, "Names"): its
// people's names, its shops' names (each its own: docs/product/shops.md), its listings' titles and add-ons,
// the names on its addresses (a person's full name, seed-shipments.ts).

const issuesOf = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

describe('the demo data', () => {
  const people = [DEMO_ADMIN, ...Object.values(DEMO_SELLERS), ...DEMO_BUYERS];

  it('names every person and shop as a sign-up would', () => {
    for (const person of people) {
      const signup = {
        email: person.email,
        password: 'a sturdy demo passphrase',
        firstName: person.firstName,
        lastName: person.lastName,
        role: 'seller',
        companyName: 'companyName' in person ? person.companyName : 'Demo Shop',
      };
      expect(issuesOf(signupRequestSchema.safeParse(signup)), person.email).toEqual([]);
      const address = { name: `${person.firstName} ${person.lastName}`, line1: '1 Market St', city: 'San Francisco', state: 'CA', postal_code: '94105' };
      expect(issuesOf(createAddressRequestSchema.safeParse(address)), person.email).toEqual([]);
    }
  });

  it('gives each shop a name no other reads like', () => {
    const keys = Object.values(DEMO_SELLERS).map((seller) => nameComparisonKey(seller.companyName));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('titles every listing and names every add-on as a seller would', () => {
    for (const product of DEMO_PRODUCTS) {
      const listing = {
        title: product.title,
        description: product.description,
        category: product.category,
        price: product.priceCents / 100,
        quantity: product.quantity,
        condition: product.condition,
        ...(product.retip ? { retipLabel: product.retip.label, retipPrice: product.retip.priceCents / 100 } : {}),
      };
      expect(issuesOf(createProductRequestSchema.safeParse(listing)), product.title).toEqual([]);
    }
  });
});
