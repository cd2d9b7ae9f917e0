import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@marketplace/contracts/common';
import {
  outboxMessageParamsSchema,
  outboxMessageSchema,
  outboxPageSchema,
  outboxQuerySchema,
  UNSUBSCRIBE_INVALID_CODE,
  UNSUBSCRIBE_MESSAGES,
  unsubscribeQuerySchema,
} from '@marketplace/contracts/mail';
import type { NotificationPreferenceKey } from '@marketplace/contracts/workspace';
import { HttpError } from '../../lib/http-errors';
import type { WorkspaceService } from '../workspace';
import { only, publicAnswering } from '../../plugins/route-access';
import type { MailOutboxService } from './mail.service';
import { escapeHtml } from './render-email';
import type { UnsubscribeLinks } from './unsubscribe-links';

// Registered under /api. The outbox is for admins (Admin → Settings → Outbox). The unsubscribe link is
// public: its signature is the credential. GET only shows a page with a button (link checkers and mail
// scanners open links; they must not unsubscribe anyone); POST turns the preference off, from that
// button or from the mail client's one-click List-Unsubscribe-Post.

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

const WHAT: Record<NotificationPreferenceKey, string> = {
  newOrder: 'new orders',
  newMessage: 'new messages',
  payoutSent: 'payouts sent to you',
  disputeOpened: 'disputes opened on your items',
  weeklySummary: 'the weekly summary',
};

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:Helvetica,Arial,sans-serif;background:#f0fdfa;color:#334155;margin:0;padding:48px 16px}main{max-width:480px;margin:0 auto;background:#fff;border-radius:8px;padding:24px}h1{color:#0f766e;font-size:22px}button{background:#0f766e;color:#fff;border:0;border-radius:6px;padding:12px 20px;font-weight:bold;cursor:pointer}</style>
</head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

export const mailRoutes: FastifyPluginAsyncZod<{
  mail: MailOutboxService;
  unsubscribeLinks: UnsubscribeLinks;
  workspace: Pick<WorkspaceService, 'turnOffNotification'>;
}> = async (app, { mail, unsubscribeLinks, workspace }) => {
  const security = [{ bearerAuth: [] }];
  // The one-click POST (RFC 8058) is a form body, `List-Unsubscribe=One-Click`; the signed query says it all.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) => done(null, {}));

  app.get(
    '/admin/outbox',
    {
      config: { access: only('admin') },
      schema: {
        tags: ['mail'],
        summary: 'The e-mail outbox, newest first (admin)',
        security,
        querystring: outboxQuerySchema,
        response: { 200: outboxPageSchema, ...errors },
      },
    },
    async (request) => mail.listOutbox(request.query),
  );

  app.get(
    '/admin/outbox/:id',
    {
      config: { access: only('admin') },
      schema: {
        tags: ['mail'],
        summary: 'One e-mail of the outbox with its HTML and text (admin)',
        security,
        params: outboxMessageParamsSchema,
        response: { 200: outboxMessageSchema, ...errors },
      },
    },
    async (request) => mail.findOutboxMessage(request.params.id),
  );

  const verified = (query: { u: string; p: string; s: string }) => {
    const link = unsubscribeLinks.verify(query);
    if (!link) throw new HttpError(403, UNSUBSCRIBE_MESSAGES.invalidLink, { code: UNSUBSCRIBE_INVALID_CODE });
    return link;
  };

  app.get(
    '/mail/unsubscribe',
    {
      config: { access: publicAnswering(403, 'the placeholder link is not signed') },
      schema: { tags: ['mail'], summary: 'The signed unsubscribe link: a page asking to confirm (no login)', querystring: unsubscribeQuerySchema },
    },
    async (request, reply) => {
      const link = verified(request.query);
      const action = `?${new URLSearchParams(request.query).toString()}`;
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(
          page(
            'Unsubscribe',
            `<p>Stop e-mails about ${escapeHtml(WHAT[link.preference])}?</p><form method="post" action="${escapeHtml(action)}"><button type="submit">Unsubscribe</button></form>`,
          ),
        );
    },
  );

  app.post(
    '/mail/unsubscribe',
    {
      config: { access: publicAnswering(403, 'the placeholder link is not signed') },
      schema: { tags: ['mail'], summary: 'Turns the signed link’s e-mail preference off (one-click; no login)', querystring: unsubscribeQuerySchema },
    },
    async (request, reply) => {
      const link = verified(request.query);
      await workspace.turnOffNotification(link.userId, link.preference);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(
          page(
            'You are unsubscribed',
            `<p>You will no longer get e-mails about ${escapeHtml(WHAT[link.preference])}. You can turn them back on in Settings.</p>`,
          ),
        );
    },
  );
};
