// The mail module's public surface (docs/decisions/0021-email-outbox.md): other modules send e-mail
// through `MailService.send` (it only writes the outbox row; the mail job sends it) and render it with
// `renderEmail`, which escapes every string it is given.

export type { MailCategory, MailService, OutgoingMail } from './mail.types';
export { escapeHtml, renderEmail, type EmailRow, type EmailSection, type RenderEmailInput } from './render-email';
export { createMailService, type MailOutboxService } from './mail.service';
export { createMailNotifications, type MailNotifications } from './mail-notifications';
export { mailRoutes } from './mail.routes';
