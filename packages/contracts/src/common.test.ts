import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { aiSearchQuerySchema } from './search';
import { analyticsDatasetQuerySchema } from './analytics';
import { adminUsersQuerySchema } from './users';
import { CONTROL_CHARACTERS_MESSAGE, errorResponseSchema, pageQueryWith, plainTextSchema, tablePageQuerySchema } from './common';
import { chatContentSchema } from './chat';
import { defaultErrorCodeFor } from './error-codes';

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

describe('the shape of every refusal', () => {
  it('needs error and code, and keeps the details a call adds', () => {
    expect(errorResponseSchema.safeParse({ error: 'Not found' }).success).toBe(false);
    const body = { error: 'Too many attempts', code: 'rate_limited', retryAfterSeconds: 60, issues: [{ path: 'email', message: 'Wrong' }] };
    expect(errorResponseSchema.parse(body)).toEqual(body);
    expect(errorResponseSchema.extend({ file: z.string() }).parse({ error: 'Too big', code: 'payload_too_large', file: 'a.png', success: false })).toEqual({
      error: 'Too big',
      code: 'payload_too_large',
      file: 'a.png',
      success: false,
    });
  });

  it('names a refusal by its status when it names no reason of its own', () => {
    expect([400, 401, 403, 404, 409, 413, 415, 429].map(defaultErrorCodeFor)).toEqual([
      'bad_request',
      'unauthorized',
      'forbidden',
      'not_found',
      'conflict',
      'payload_too_large',
      'unsupported_media_type',
      'rate_limited',
    ]);
    expect(defaultErrorCodeFor(418)).toBe('bad_request');
    expect(defaultErrorCodeFor(500)).toBe('internal');
    expect(defaultErrorCodeFor(503)).toBe('unavailable');
  });
});

describe('text a person writes', () => {
  it('refuses control characters (NUL among them) and keeps tabs and line breaks', () => {
    const schema = plainTextSchema({ error: 'Required' }).trim().max(50);
    for (const text of ['a\u0000b', '\u0001', 'bell\u0007', 'esc\u001b[0m', 'vertical\u000btab', 'form\u000cfeed', 'del\u007f']) {
      expect(messages(schema.safeParse(text)), JSON.stringify(text)).toEqual([CONTROL_CHARACTERS_MESSAGE]);
    }
    expect(schema.parse('  Line one\r\nline two\n\tindented  ')).toBe('Line one\r\nline two\n\tindented');
    expect(schema.parse('Crème brûlée — 5 € ✓')).toBe('Crème brûlée — 5 € ✓');
    expect(messages(schema.safeParse(undefined))).toEqual(['Required']);
  });

  it('is the rule of a chat message, whichever way it is sent', () => {
    expect(messages(chatContentSchema.safeParse('hi\u0000'))).toEqual([CONTROL_CHARACTERS_MESSAGE]);
    expect(chatContentSchema.parse('Sizes:\n\tsmall')).toBe('Sizes:\n\tsmall');
  });
});
