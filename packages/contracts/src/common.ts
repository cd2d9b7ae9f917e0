import { z } from 'zod';
import { dollarsToCents, formatCents, maxCentsAsDollars } from '@marketplace/domain/money';
import { hasHiddenCharacters, hasVisibleCharacter } from '@marketplace/domain/visible-names';

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
 * Stricter than plain text, for what goes into a header line (the marketplace's name, an e-mail's
 * Subject): every C0 control character (tab, CR and LF among them), DEL, the C1 ones (NEL among them) and
 * Unicode's line and paragraph separators.
 */
export const isControlOrLineSeparator = (code: number) => code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;

/** Whether a text is one line without a single control character, not even a tab. */
export function isOneCleanLine(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) if (isControlOrLineSeparator(text.charCodeAt(index))) return false;
  return true;
}

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

// ── money ───────────────────────────────────────────────────────────────────────────────────────
/**
 * The most dollars an amount may be: past it, integer cents no longer read back exactly from a dollar
 * number (`maxCentsAsDollars` in packages/domain/src/money.ts).
 */
export const MAX_DOLLAR_AMOUNT = maxCentsAsDollars / 100;

/**
 * Whether a number has at most 2 decimals (19.99 yes; 10.005, 1e-9 and NaN no). Exact, not within a
 * tolerance: the value must be the very double that its hundredths name, so a fraction of a cent, however
 * small, never passes as whole cents.
 */
export function hasAtMostTwoDecimals(value: number): boolean {
  return Number.isFinite(value) && Math.round(value * 100) / 100 === value;
}

const dollarsText = (dollars: number) => formatCents(dollarsToCents(dollars));

/**
 * The one rule for an amount of money a request gives in dollars (docs/product/money.md): a finite
 * number in whole cents, at least `min` and at most `max` (by default the most integer cents hold
 * exactly). `min` is $0.01 for a price, an offer or a refund; $0 only where nothing is a fair amount (a
 * free add-on, a price filter from $0). `label` starts each message ('Price must be at least $0.01');
 * `error` replaces the message for a missing or non-number value.
 * Each refusal is one message, the first that applies: too little, too much, then a fraction of a cent.
 */
export function dollarsSchema(label: string, options: { min: number; max?: number; error?: string }) {
  const { min, max = MAX_DOLLAR_AMOUNT, error = `${label} must be a number` } = options;
  const tooLittle = min === 0 ? `${label} cannot be negative` : `${label} must be at least ${dollarsText(min)}`;
  const tooMuch = `${label} must be at most ${dollarsText(max)}`;
  const wholeCents = `${label} must be in whole cents (at most 2 decimals)`;
  return z.number({ error }).superRefine((dollars, context) => {
    if (dollars < min) context.addIssue({ code: 'custom', message: tooLittle });
    else if (dollars > max) context.addIssue({ code: 'custom', message: tooMuch });
    else if (!hasAtMostTwoDecimals(dollars)) context.addIssue({ code: 'custom', message: wholeCents });
  });
}

// ── names ───────────────────────────────────────────────────────────────────────────────────────
export const hiddenCharactersMessage = (label: string) =>
  `${label} cannot contain hidden formatting characters (such as text-direction marks or zero-width spaces)`;
export const noVisibleCharacterMessage = (label: string) => `${label} must contain at least one visible letter, number or symbol`;

/**
 * The one rule for a name (docs/product/validation.md, "Names"): a person's first or last name, a
 * company's (a shop's) name, a listing's title, an add-on's name, the name on an address. One line of
 * plain text (plainTextSchema), trimmed, without hidden formatting characters (text-direction controls,
 * zero-width spaces, the byte-order mark, tabs; the rule is @marketplace/domain/visible-names), and
 * showing at least one letter, number or symbol. Chain the field's lengths after it:
 * `visibleNameSchema('Title').min(3, …).max(150, …)`. An empty name passes here, for `.min(1)` to say it is required.
 */
export function visibleNameSchema(label: string, params?: { error?: string }) {
  return plainTextSchema({ error: params?.error ?? `${label} is required`, singleLine: true })
    .trim()
    .refine((text) => !hasHiddenCharacters(text), hiddenCharactersMessage(label))
    .refine((text) => text === '' || hasVisibleCharacter(text), noVisibleCharacterMessage(label));
}
