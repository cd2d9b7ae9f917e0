// The mail module's public surface (docs/decisions/0021-email-outbox.md), for app.ts and the jobs: no
// module imports mail, a leaf at the top of the layers (modules/layers.ts, decision 0032). Its reactions
// turn domain events into outbox rows; the account's e-mails reach it through the sender app.ts hands
// to auth. `MailService.send` only writes the outbox row (the mail job sends it) and `renderEmail`
// escapes every string it is given.

export type { MailCategory, MailService, OutgoingMail } from './mail.types';
export { escapeHtml, renderEmail, type EmailRow, type EmailSection, type RenderEmailInput } from './render-email';
export { createMailService, type MailOutboxService } from './mail.service';
export { createMailNotifications, type MailNotifications } from './mail-notifications';
export { createAccountEmailSender } from './account-emails';
export { mailRoutes } from './mail.routes';
