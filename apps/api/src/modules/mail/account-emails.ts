import type { AccountEmail } from '../auth';
import type { MailService } from './mail.types';
import { renderEmail } from './render-email';

/**
 * Sends the account lifecycle's e-mails (verification, password reset, a change of address): the auth
 * module says what they say, this lays them out like every other e-mail and writes them to the outbox.
 * app.ts hands it to auth at boot, so auth never imports mail (modules/layers.ts).
 */
export function createAccountEmailSender(mail: Pick<MailService, 'send'>): (email: AccountEmail) => Promise<void> {
  return async ({ heading, paragraphs, button, ...message }) => {
    await mail.send({ ...message, ...renderEmail({ heading, paragraphs, button }), category: 'transactional' });
  };
}
