import { describe, expect, it } from 'vitest';
import { maxCentsAsDollars } from '@marketplace/domain/money';
import { createProductRequestSchema, productSearchQuerySchema, updateProductRequestSchema } from './catalog';
import { dollarsSchema, hasAtMostTwoDecimals, MAX_DOLLAR_AMOUNT } from './common';
import { resolveDisputeBodySchema, respondDisputeBodySchema } from './disputes';

// Every amount of money a request gives in dollars follows one rule (docs/product/money.md): a finite
// number in whole cents (at most 2 decimals), within what integer cents hold exactly, and at least the
// field's own minimum. Each case puts one amount into an otherwise valid body.

const issuesOf = (result: { success: boolean; error?: { issues: Array<{ message: string; path: PropertyKey[] }> } }) =>
  result.error?.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })) ?? [];

const listing = { title: 'Brass desk lamp', description: 'Solid brass.', category: 'lighting', price: 45, quantity: 2, condition: 'good' };

interface MoneyField {
  name: string;
  /** The body (or query) with this amount in its field. */
  bodyWith: (amount: unknown) => unknown;
  schema: { safeParse(value: unknown): { success: boolean } };
  path: string;
  /** The field's own words for "too little" (a minimum of $0.01, or "cannot be negative" where $0 is allowed). */
  tooLittle: string;
  wholeCents: string;
  /** The smallest amount the field takes: $0.01, or $0 where nothing is a fair amount. */
  smallest: number;
}

const fields: MoneyField[] = [
  {
    name: "a listing's price",
    bodyWith: (price) => ({ ...listing, price }),
    schema: createProductRequestSchema,
    path: 'price',
    tooLittle: 'Price must be at least $0.01',
    wholeCents: 'Price must be in whole cents (at most 2 decimals)',
    smallest: 0.01,
  },
  {
    name: "an edited listing's price",
    bodyWith: (price) => ({ price }),
    schema: updateProductRequestSchema,
    path: 'price',
    tooLittle: 'Price must be at least $0.01',
    wholeCents: 'Price must be in whole cents (at most 2 decimals)',
    smallest: 0.01,
  },
  {
    // A free add-on (gift wrapping included) is a fair offer: $0 is allowed.
    name: "a listing's add-on price",
    bodyWith: (retipPrice) => ({ ...listing, retipLabel: 'Gift wrapping', retipPrice }),
    schema: createProductRequestSchema,
    path: 'retipPrice',
    tooLittle: 'Add-on price cannot be negative',
    wholeCents: 'Add-on price must be in whole cents (at most 2 decimals)',
    smallest: 0,
  },
  {
    name: "an edited listing's add-on price",
    bodyWith: (retipPrice) => ({ retipLabel: 'Gift wrapping', retipPrice }),
    schema: updateProductRequestSchema,
    path: 'retipPrice',
    tooLittle: 'Add-on price cannot be negative',
    wholeCents: 'Add-on price must be in whole cents (at most 2 decimals)',
    smallest: 0,
  },
  {
    name: "a seller's refund offer",
    bodyWith: (amount) => ({ action: 'offer_refund', amount }),
    schema: respondDisputeBodySchema,
    path: 'amount',
    tooLittle: 'The offer must be at least $0.01',
    wholeCents: 'The offer must be in whole cents (at most 2 decimals)',
    smallest: 0.01,
  },
  {
    name: "an admin's refund",
    bodyWith: (amount) => ({ outcome: 'refund', amount }),
    schema: resolveDisputeBodySchema,
    path: 'amount',
    tooLittle: 'The refund must be at least $0.01',
    wholeCents: 'The refund must be in whole cents (at most 2 decimals)',
    smallest: 0.01,
  },
  {
    // A range "from $0" is a fair filter. Query values arrive as text.
    name: "the catalogue's minimum price filter",
    bodyWith: (minPrice) => ({ minPrice: String(minPrice) }),
    schema: productSearchQuerySchema,
    path: 'minPrice',
    tooLittle: 'Minimum price cannot be negative',
    wholeCents: 'Minimum price must be in whole cents (at most 2 decimals)',
    smallest: 0,
  },
  {
    name: "the catalogue's maximum price filter",
    bodyWith: (maxPrice) => ({ maxPrice: String(maxPrice) }),
    schema: productSearchQuerySchema,
    path: 'maxPrice',
    tooLittle: 'Maximum price cannot be negative',
    wholeCents: 'Maximum price must be in whole cents (at most 2 decimals)',
    smallest: 0,
  },
];

describe.each(fields)('$name', ({ bodyWith, schema, path, tooLittle, wholeCents, smallest }) => {
  it('takes whole cents, the smallest amount and amounts a float cannot write exactly', () => {
    for (const amount of [smallest, 0.07, 1.1, 19.99, 1_000, 999_999.99]) {
      expect(issuesOf(schema.safeParse(bodyWith(amount)) as never), String(amount)).toEqual([]);
    }
  });

  it('refuses a fraction of a cent, however small', () => {
    for (const amount of [10.005, 19.999, 0.001, 1e-9, 5e-324]) {
      const expected = smallest > 0 && amount < smallest ? tooLittle : wholeCents;
      expect(issuesOf(schema.safeParse(bodyWith(amount)) as never), String(amount)).toEqual([{ path, message: expected }]);
    }
  });

  it('refuses less than its minimum', () => {
    for (const amount of [smallest > 0 ? 0 : -0.01, -1, -0.001]) {
      expect(issuesOf(schema.safeParse(bodyWith(amount)) as never), String(amount)).toEqual([{ path, message: tooLittle }]);
    }
  });

  it('refuses an amount past what integer cents hold exactly, and what is no number', () => {
    for (const amount of [1e16, 1e300, Number.MAX_VALUE, Infinity, Number.NaN, 'ten']) {
      const issues = issuesOf(schema.safeParse(bodyWith(amount)) as never);
      expect(issues, String(amount)).toHaveLength(1);
      expect(issues[0]?.path).toBe(path);
    }
  });
});

describe('the money rule', () => {
  it('tells whole cents from fractions of a cent exactly', () => {
    for (const dollars of [0, 0.01, 0.07, 0.29, 1.1, 19.99, 1234.56, 90_071_992_547.4, 9_999_999_999_999.99, -12.5]) {
      expect(hasAtMostTwoDecimals(dollars), String(dollars)).toBe(true);
    }
    for (const dollars of [10.005, 1.001, 0.001, 1e-9, 5e-324, 0.1 + 0.2, Number.NaN, Infinity]) {
      expect(hasAtMostTwoDecimals(dollars), String(dollars)).toBe(false);
    }
  });

  it('stops where integer cents stop being exact as dollars', () => {
    expect(MAX_DOLLAR_AMOUNT).toBe(maxCentsAsDollars / 100);
    const schema = dollarsSchema('Amount', { min: 0.01 });
    expect(schema.safeParse(MAX_DOLLAR_AMOUNT).success).toBe(true);
    expect(issuesOf(schema.safeParse(10_000_000_000_000) as never)).toEqual([{ path: '', message: 'Amount must be at most $9,999,999,999,999.99' }]);
  });

  it('keeps a field’s own maximum', () => {
    expect(issuesOf(createProductRequestSchema.safeParse({ ...listing, price: 1_000_000.01 }) as never)).toEqual([
      { path: 'price', message: 'Price must be at most $1,000,000.00' },
    ]);
    expect(createProductRequestSchema.safeParse({ ...listing, price: 1_000_000 }).success).toBe(true);
  });

  it('says a missing amount in the field’s own words', () => {
    expect(issuesOf(respondDisputeBodySchema.safeParse({ action: 'offer_refund' }) as never)).toEqual([
      { path: 'amount', message: 'Enter the refund you offer' },
    ]);
    expect(issuesOf(resolveDisputeBodySchema.safeParse({ outcome: 'refund' }) as never)).toEqual([{ path: 'amount', message: 'Enter the refund amount' }]);
    expect(issuesOf(createProductRequestSchema.safeParse({ ...listing, price: '12' }) as never)).toEqual([
      { path: 'price', message: 'Price must be a number' },
    ]);
  });
});
