import { z } from 'zod';
import { MAIL_CATEGORIES, MAIL_STATUSES } from '@marketplace/domain/enums';
import { pageQueryWith } from './common';

// The e-mail outbox (docs/decisions/0021-email-outbox.md): every message the marketplace wrote, newest
// first, for admins on Admin → Settings → Outbox; and the answers of the signed unsubscribe link.

export const mailStatusSchema = z.enum(MAIL_STATUSES);
export type MailStatus = z.infer<typeof mailStatusSchema>;
export const mailCategorySchema = z.enum(MAIL_CATEGORIES);

/** GET /api/admin/outbox: 20 a page by default. */
export const outboxQuerySchema = pageQueryWith({ defaultLimit: 20, maxLimit: 100 });

/** One row of the outbox list: no bodies (they are fetched one at a time). */
export const outboxSummarySchema = z.object({
  id: z.string(),
  to: z.string(),
  template: z.string(),
  category: mailCategorySchema,
  subject: z.string(),
  status: mailStatusSchema,
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxSummary = z.infer<typeof outboxSummarySchema>;

export const outboxPageSchema = z.object({
  messages: z.array(outboxSummarySchema),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});
export type OutboxPage = z.infer<typeof outboxPageSchema>;

export const outboxMessageParamsSchema = z.object({ id: z.uuid('Unknown message') });

/** GET /api/admin/outbox/:id: the whole message as it was (or will be) sent. */
export const outboxMessageSchema = outboxSummarySchema.extend({
  from: z.string(),
  html: z.string(),
  text: z.string(),
  headers: z.record(z.string(), z.string()),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

/** The signed unsubscribe link's query: `u` the user, `p` the preference, `s` the signature. */
export const unsubscribeQuerySchema = z.object({
  u: z.string().max(64),
  p: z.string().max(64),
  s: z.string().max(128),
});

export const UNSUBSCRIBE_MESSAGES = {
  invalidLink: 'This unsubscribe link is not valid. Change your e-mail settings from your account instead.',
} as const;
/** The code of a forged or altered unsubscribe link. */
export const UNSUBSCRIBE_INVALID_CODE = 'invalid_unsubscribe_link';
