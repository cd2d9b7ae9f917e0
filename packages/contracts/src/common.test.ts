import { describe, expect, it } from 'vitest';
import { aiSearchQuerySchema } from './search';
import { analyticsDatasetQuerySchema } from './analytics';
import { adminUsersQuerySchema } from './users';
import { pageQueryWith, tablePageQuerySchema } from './common';

const messages = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues.map((issue) => issue.message) ?? [];

describe('page and limit from a query string', () => {
  it('defaults an absent or empty value, and reads text as numbers', () => {
    expect(tablePageQuerySchema.parse({})).toEqual({ page: 1, limit: 10 });
    expect(tablePageQuerySchema.parse({ page: '', limit: '' })).toEqual({ page: 1, limit: 10 });
    expect(tablePageQuerySchema.parse({ page: '3', limit: '25' })).toEqual({ page: 3, limit: 25 });
    expect(pageQueryWith({ defaultLimit: 24, maxLimit: 50 }).parse({})).toEqual({ page: 1, limit: 24 });
  });

  it('says what is wrong in words a person reads', () => {
    expect(messages(tablePageQuerySchema.safeParse({ page: 'abc' }))).toEqual(['Page must be a number']);
    expect(messages(tablePageQuerySchema.safeParse({ page: '1.5' }))).toEqual(['Page must be a whole number']);
    expect(messages(tablePageQuerySchema.safeParse({ page: '0' }))).toEqual(['Page must be at least 1']);
    expect(messages(tablePageQuerySchema.safeParse({ limit: 'ten' }))).toEqual(['Limit must be a number']);
    expect(messages(tablePageQuerySchema.safeParse({ limit: '101' }))).toEqual(['Limit must be at most 100']);
    expect(messages(pageQueryWith({ defaultLimit: 5, maxLimit: 10, maxPage: 9 }).safeParse({ page: '10' }))).toEqual(['Page must be at most 9']);
  });

  it('is the same in every list that pages', () => {
    expect(adminUsersQuerySchema.parse({ role: '', page: '' })).toMatchObject({ page: 1, limit: 10, role: undefined });
    expect(aiSearchQuerySchema.parse({ q: 'lamp', page: '' })).toMatchObject({ page: 1, limit: 24 });
    expect(messages(aiSearchQuerySchema.safeParse({ q: 'lamp', page: 'x' }))).toEqual(['Page must be a number']);
    expect(analyticsDatasetQuerySchema.parse({ page: '' })).toMatchObject({ page: 1 });
    expect(messages(analyticsDatasetQuerySchema.safeParse({ page: '1001' }))).toEqual(['Page must be at most 1000']);
  });
});
