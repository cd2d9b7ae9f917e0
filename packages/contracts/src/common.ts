import { z } from 'zod';

export const validationIssueSchema = z.object({ path: z.string(), message: z.string() });
export type ValidationIssue = z.infer<typeof validationIssueSchema>;

/**
 * Every failed API call answers with this shape: `error` (a sentence for a person) and `code` (for
 * the program). `issues` comes with validation failures and `field` when one input is at fault; a
 * call may add documented details of its own (`retryAfterSeconds`, `file`, `items`…), so extra fields
 * pass through rather than being dropped when the answer is serialized.
 */
export const errorResponseSchema = z.looseObject({
  error: z.string(),
  code: z.string(),
  issues: z.array(validationIssueSchema).optional(),
  field: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** Query values arrive as text; an empty one (`?page=`) means "absent", not an error. */
export const emptyAsAbsent = (value: unknown) => (value === '' ? undefined : value);

/** A 1-based page number from a query string (default 1), optionally capped. */
export function pageNumberSchema(maxPage?: number) {
  const page = z.coerce.number({ error: 'Page must be a number' }).int('Page must be a whole number').min(1, 'Page must be at least 1');
  return z.preprocess(emptyAsAbsent, (maxPage === undefined ? page : page.max(maxPage, `Page must be at most ${maxPage}`)).default(1));
}

/** `page` (1-based) and `limit` (1–maxLimit, default defaultLimit) from a query string; empty means absent. */
export function pageQueryWith({ defaultLimit, maxLimit, maxPage }: { defaultLimit: number; maxLimit: number; maxPage?: number }) {
  return z.object({
    page: pageNumberSchema(maxPage),
    limit: z.preprocess(
      emptyAsAbsent,
      z.coerce
        .number({ error: 'Limit must be a number' })
        .int('Limit must be a whole number')
        .min(1, 'Limit must be at least 1')
        .max(maxLimit, `Limit must be at most ${maxLimit}`)
        .default(defaultLimit),
    ),
  });
}

/** The tables' `page` and `limit` (1–100, default 10: the admin tables show 10 a page, docs/product/payouts.md). */
export const tablePageQuerySchema = pageQueryWith({ defaultLimit: 10, maxLimit: 100 });

/**
 * Control characters no one types: every C0 one but tab, line feed and carriage return (a form's line
 * breaks arrive as CR LF), and DEL. NUL is among them: PostgreSQL text cannot hold it.
 */
const isControlCharacter = (code: number) => (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f;
export const CONTROL_CHARACTERS_MESSAGE = 'Text cannot contain control characters (only tabs and line breaks)';

/** Whether a text is free of control characters (tabs and line breaks allowed). */
export function isPlainText(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) if (isControlCharacter(text.charCodeAt(index))) return false;
  return true;
}

export const LINE_BREAK_MESSAGE = 'Text must fit on one line (no line breaks)';

/**
 * The one rule for text a person writes (docs/product/validation.md): a string without control
 * characters. Chain the field's own rules after it: `plainTextSchema({ error }).trim().max(…)`.
 * `singleLine` (names, titles) refuses line breaks too, but for those around the text, which the
 * field's `.trim()` drops.
 */
export function plainTextSchema(params?: { error?: string; singleLine?: boolean }) {
  const { singleLine = false, ...stringParams } = params ?? {};
  const schema = z.string(stringParams).refine(isPlainText, CONTROL_CHARACTERS_MESSAGE);
  return singleLine ? schema.refine((text) => !/[\r\n]/.test(text.trim()), LINE_BREAK_MESSAGE) : schema;
}
