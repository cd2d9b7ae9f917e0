import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_PREFERENCE_KEYS, type NotificationPreferenceKey } from '@marketplace/contracts/workspace';

// The unsubscribe link of a notification: it names the user and the preference to turn off, signed
// with the server's secret (HMAC-SHA-256), so nobody can turn off someone else's e-mails by editing it.
// It does not expire: an old e-mail's link keeps working (docs/product/notifications.md).

export const UNSUBSCRIBE_PATH = '/api/mail/unsubscribe';

export interface UnsubscribeLinks {
  urlFor(userId: string, preference: NotificationPreferenceKey): string;
  /** The preference the signed values name, or null when the signature does not match. */
  verify(values: { u: string; p: string; s: string }): { userId: string; preference: NotificationPreferenceKey } | null;
}

export function createUnsubscribeLinks(options: { secret: string; publicUrl: string }): UnsubscribeLinks {
  const signatureOf = (userId: string, preference: string) =>
    createHmac('sha256', options.secret).update(`unsubscribe\n${userId}\n${preference}`).digest('base64url');
  const base = options.publicUrl.replace(/\/+$/, '');
  return {
    urlFor(userId, preference) {
      const query = new URLSearchParams({ u: userId, p: preference, s: signatureOf(userId, preference) });
      return `${base}${UNSUBSCRIBE_PATH}?${query.toString()}`;
    },
    verify({ u, p, s }) {
      if (!(NOTIFICATION_PREFERENCE_KEYS as readonly string[]).includes(p)) return null;
      if (!/^[0-9a-f-]{36}$/i.test(u)) return null;
      const expected = Buffer.from(signatureOf(u, p));
      const given = Buffer.from(s);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      return { userId: u, preference: p as NotificationPreferenceKey };
    },
  };
}
