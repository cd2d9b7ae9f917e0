import nodemailer from 'nodemailer';
import { isControlOrLineSeparator } from '@marketplace/contracts/common';

// SMTP through nodemailer (SMTP_URL: smtp://user:pass@host:port, smtps://… for TLS from the start).
// Only the mail job calls it, never a request.

export interface MailEnvelope {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  /** Our own Message-ID, so a retry after a lost answer is recognisable as the same message. */
  messageId: string;
}

/**
 * A Subject is one header line: each run of line breaks and other control characters (CR, LF, NUL, a tab,
 * Unicode's line separators) becomes one space, so no text given to the mail module, a name or a title
 * among it, can end the header and start another one (a Bcc:) or the body.
 */
export function toSubjectLine(subject: string): string {
  let line = '';
  let isAfterControl = false;
  for (const character of subject) {
    const isControl = isControlOrLineSeparator(character.charCodeAt(0));
    if (!isControl) line += character;
    else if (!isAfterControl) line += ' ';
    isAfterControl = isControl;
  }
  return line.trim();
}

export interface MailTransport {
  send(envelope: MailEnvelope): Promise<{ messageId: string }>;
  close(): void;
}

export function createSmtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    // A server that does not answer is a failed attempt (retried later), not a job that hangs.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(envelope) {
      const info = await transporter.sendMail({
        from: envelope.from,
        to: envelope.to,
        subject: envelope.subject,
        html: envelope.html,
        text: envelope.text,
        headers: envelope.headers,
        messageId: envelope.messageId,
      });
      return { messageId: info.messageId };
    },
    close() {
      transporter.close();
    },
  };
}

/**
 * Whether a failed send will fail again whatever we do: the server refused the message or the address
 * for good (an SMTP 5xx reply, e.g. 550 mailbox unavailable), or the address cannot be sent to at all.
 * A 4xx, a refused connection, a timeout or a failed login (a setting to fix) is worth retrying.
 */
export function isPermanentFailure(error: unknown): boolean {
  const details = error as { responseCode?: unknown; code?: unknown };
  if (details.code === 'EAUTH') return false;
  if (typeof details.responseCode === 'number') return details.responseCode >= 500 && details.responseCode < 600;
  return details.code === 'EENVELOPE';
}

/** The failure as the outbox shows it: the server's reply when there is one. */
export function describeFailure(error: unknown): string {
  const details = error as { response?: unknown; message?: unknown };
  const text = typeof details.response === 'string' ? details.response : typeof details.message === 'string' ? details.message : String(error);
  return text.slice(0, 500);
}
