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
}
