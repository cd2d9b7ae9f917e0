// What other modules hand the mail module (docs/decisions/0021-email-outbox.md).

export type MailCategory = 'transactional' | 'notification'; // notifications carry List-Unsubscribe and respect preferences

export interface OutgoingMail {
  to: string; // address
  toUserId?: string | null; // the recipient's user id, when they have an account
  template: string; // e.g. 'password-reset', 'order-placed-buyer'
  subject: string;
  html: string; // already rendered and escaped
  text: string;
  category: MailCategory;
  dedupeKey?: string; // the same key is recorded (and sent) once, whoever asks twice
  /** Required for a notification: the signed link its List-Unsubscribe headers point at. */
  unsubscribeUrl?: string;
}

export interface MailService {
  send(message: OutgoingMail): Promise<{ id: string; duplicate: boolean }>;
  /**
   * Writes the message unless another of its series (dedupe keys starting with `series.prefix`) was
   * written after `series.since`; null when one was. The check and the write hold the series'
   * lock, so two instances never both write; the message's own dedupe key still holds as well.
   */
  sendUnlessRecent(message: OutgoingMail & { dedupeKey: string }, series: { prefix: string; since: Date }): Promise<{ id: string; duplicate: boolean } | null>;
}
