import type { OutboxMessage, OutboxPage, OutboxSummary } from '@marketplace/contracts/mail';
import type { Database, Executor } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/http-errors';
import {
  claimDueOutboxMessage,
  findOutboxIdByDedupeKey,
  findRecentOfSeries,
  findOutboxMessage,
  findOutboxPage,
  finishOutboxAttempt,
  insertOutboxMessage,
  lockOutboxSeries,
  type OutboxRecord,
} from './mail.repository';
import { createSmtpTransport, describeFailure, isPermanentFailure, toSubjectLine, type MailTransport } from './smtp-transport';
import type { MailService, OutgoingMail } from './mail.types';

// E-mail through the outbox (docs/decisions/0021-email-outbox.md). `send` only writes a row — a request
// never waits on SMTP. With SMTP_URL the mail job (`deliverDue`) claims due rows one at a time and sends
// them; without it the row is `kept`, readable on Admin → Settings → Outbox and never sent.

/** Tries before a message that keeps failing for a passing reason is given up as failed. */
export const MAX_ATTEMPTS = 8;
/** A `sending` claim older than this is taken for a dead worker's and sent again. */
export const CLAIM_LEASE_MS = 5 * 60 * 1000;

/** Waits before the next try: 30 s, 1 min, 2 min … at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000);
}

const ADDRESS = /^[^\s@<>,;"]+@[^\s@<>,;"]+$/;

export interface MailLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export type MailOutboxService = ReturnType<typeof createMailService>;

/** Mails whose link resets a password or confirms an address (docs/product/accounts.md). */
export const TEMPLATES_WITH_ACCOUNT_LINKS: ReadonlySet<string> = new Set(['password-reset', 'email-verify', 'email-change-verify']);
export const HIDDEN_ACCOUNT_LINK_NOTICE = 'This message holds a single-use account link. It was sent to its recipient and is not shown here.';

function toSummary(row: OutboxRecord): OutboxSummary {
  return {
    id: row.id,
    to: row.toAddress,
    template: row.template,
    category: row.category,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

export function createMailService(deps: {
  db: Database;
  clock: Clock;
  config: { smtpUrl: string | undefined; from: string };
  /** Another transport than SMTP_URL's (tests); none and no SMTP_URL: messages are kept, not sent. */
  transport?: MailTransport;
  log: MailLog;
}) {
  const { db, clock, log } = deps;
  let transport: MailTransport | null = deps.transport ?? null;
  const isSending = Boolean(deps.transport || deps.config.smtpUrl);
  const transportOf = () => (transport ??= createSmtpTransport(deps.config.smtpUrl!));
  const fromDomain = /@([^>\s]+)>?\s*$/.exec(deps.config.from)?.[1] ?? 'localhost';

  /** Writes the message's row with `executor` (the database, or a transaction holding a series' lock). */
  async function write(executor: Executor, message: OutgoingMail): Promise<{ id: string; duplicate: boolean }> {
    const to = message.to.trim();
    if (!ADDRESS.test(to)) throw new Error(`Cannot send mail to "${message.to}": not an e-mail address`);
    const headers: Record<string, string> = {};
    if (message.category === 'notification') {
      if (!message.unsubscribeUrl) throw new Error(`A notification (${message.template}) needs an unsubscribeUrl`);
      // One-click unsubscribe (RFC 8058): the mail client POSTs to the link; no page to visit.
      headers['List-Unsubscribe'] = `<${message.unsubscribeUrl}>`;
      headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
    }
    const now = clock.now();
    const inserted = await insertOutboxMessage(executor, {
      dedupeKey: message.dedupeKey ?? null,
      toAddress: to,
      toUserId: message.toUserId ?? null,
      fromAddress: deps.config.from,
      template: message.template,
      category: message.category,
      // Kept as it is sent: the outbox shows the Subject the recipient gets.
      subject: toSubjectLine(message.subject),
      html: message.html,
      text: message.text,
      headers,
      status: isSending ? 'queued' : 'kept',
      nextAttemptAt: now,
      createdAt: now,
      updatedAt: now,
    });
    if (inserted) return { id: inserted.id, duplicate: false };
    const existing = message.dedupeKey ? await findOutboxIdByDedupeKey(executor, message.dedupeKey) : null;
    if (!existing) throw new Error('The outbox refused a message without saying why');
    return { id: existing, duplicate: true };
  }

  const mail: MailService = {
    send: (message) => write(db, message),

    sendUnlessRecent(message, series) {
      if (!message.dedupeKey.startsWith(series.prefix)) throw new Error(`The dedupe key ${message.dedupeKey} is not of the series ${series.prefix}`);
      return db.transaction(async (transaction) => {
        await lockOutboxSeries(transaction, series.prefix);
        if (await findRecentOfSeries(transaction, series.prefix, series.since)) return null;
        return write(transaction, message);
      });
    },
  };

  /** Sends one claimed message and records what happened; the SMTP call runs outside any transaction. */
  async function deliver(claimed: OutboxRecord): Promise<'sent' | 'retry' | 'failed' | 'lost-claim'> {
    const attempts = claimed.attempts + 1;
    const claim = { id: claimed.id, claimedAt: claimed.claimedAt! };
    try {
      const { messageId } = await transportOf().send({
        from: claimed.fromAddress,
        to: claimed.toAddress,
        // Again at sending: a row written before the rule may hold a line break.
        subject: toSubjectLine(claimed.subject),
        html: claimed.html,
        text: claimed.text,
        headers: claimed.headers,
        messageId: `<${claimed.id}@${fromDomain}>`,
      });
      const now = clock.now();
      const kept = await finishOutboxAttempt(db, claim, { status: 'sent', attempts, lastError: null, sentAt: now, smtpMessageId: messageId, updatedAt: now });
      return kept ? 'sent' : 'lost-claim';
    } catch (error) {
      const now = clock.now();
      const reason = describeFailure(error);
      const isFinal = isPermanentFailure(error) || attempts >= MAX_ATTEMPTS;
      const kept = await finishOutboxAttempt(db, claim, {
        status: isFinal ? 'failed' : 'queued',
        attempts,
        lastError: reason,
        nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)),
        updatedAt: now,
      });
      log.warn({ outboxId: claimed.id, template: claimed.template, attempts, isFinal, reason }, isFinal ? 'mail failed for good' : 'mail failed; will retry');
      if (!kept) return 'lost-claim';
      return isFinal ? 'failed' : 'retry';
    }
  }

  return {
    ...mail,

    /** Whether messages go out over SMTP (else they are only kept in the outbox). */
    isSending,

    /** The mail job: sends what is due, one claimed message at a time, up to `limit`. */
    async deliverDue(limit = 50): Promise<{ sent: number; retrying: number; failed: number }> {
      const outcome = { sent: 0, retrying: 0, failed: 0 };
      if (!isSending) return outcome;
      for (let index = 0; index < limit; index += 1) {
        const now = clock.now();
        const claimed = await claimDueOutboxMessage(db, now, new Date(now.getTime() - CLAIM_LEASE_MS));
        if (!claimed) break;
        const result = await deliver(claimed);
        if (result === 'sent') outcome.sent += 1;
        else if (result === 'retry') outcome.retrying += 1;
        else if (result === 'failed') outcome.failed += 1;
      }
      return outcome;
    },

    async listOutbox(query: { page: number; limit: number }): Promise<OutboxPage> {
      const { rows, total } = await findOutboxPage(db, { limit: query.limit, offset: (query.page - 1) * query.limit });
      return { messages: rows.map(toSummary), page: query.page, limit: query.limit, total };
    },

    async findOutboxMessage(id: string): Promise<OutboxMessage> {
      const row = await findOutboxMessage(db, id);
      if (!row) throw notFound('No such message in the outbox');
      // A link that signs in or takes over an account is the recipient's alone. With SMTP the mail reaches
      // them, so the outbox does not show it to admins; without SMTP the outbox is the only delivery (the
      // embedded demo), and shows it.
      if (isSending && TEMPLATES_WITH_ACCOUNT_LINKS.has(row.template)) {
        return {
          ...toSummary(row),
          from: row.fromAddress,
          html: `<p>${HIDDEN_ACCOUNT_LINK_NOTICE}</p>`,
          text: HIDDEN_ACCOUNT_LINK_NOTICE,
          headers: row.headers,
        };
      }
      return { ...toSummary(row), from: row.fromAddress, html: row.html, text: row.text, headers: row.headers };
    },

    close() {
      transport?.close();
    },
  };
}
