import { z } from 'zod';
import { roleSchema } from './auth';
import { plainTextSchema } from './common';
import type { NotificationEventPayload, NotificationsReadEventPayload } from './notifications';

// Live buyer–seller chat (docs/product/data.md chat, docs/product/chat.md, docs/product/chat.md, docs/product/api.md, docs/product/errors.md). REST for lists and history,
// socket.io (same origin, path /socket.io, websocket transport, `auth: { token }`) for live events.

export const CHAT_MESSAGE_MAX_LENGTH = 5000;
/** Messages a user may send in CHAT_RATE_WINDOW_MS before being slowed down. */
export const CHAT_RATE_LIMIT = 20;
export const CHAT_RATE_WINDOW_MS = 10_000;
export const CHAT_PAGE_SIZE = 30;
/** Conversations one list answer holds at most: the most recently active (docs/product/limits.md). */
export const CHAT_LIST_MAX = 100;
/** Photos per message (same byte checks and size limit as product photos: 10 MB each). */
export const CHAT_MAX_ATTACHMENTS = 4;
/** The `code` of the 409 for too many photos uploaded but not sent yet (docs/product/limits.md). */
export const CHAT_UPLOAD_LIMIT_CODE = 'chat_upload_limit';

export const chatAttachmentSchema = z.object({ id: z.string(), url: z.string(), thumbnailUrl: z.string(), name: z.string() });
export type ChatAttachment = z.infer<typeof chatAttachmentSchema>;

/** What a message is about (a product or an order), shown above it. */
export const chatReferenceSchema = z
  .object({ productId: z.string().nullable(), productTitle: z.string().nullable(), orderId: z.string().nullable() })
  .nullable();

export const chatMessageSchema = z.object({
  id: z.string(),
  chat_id: z.string(),
  sender_id: z.string(),
  content: z.string(),
  attachments: z.array(chatAttachmentSchema),
  reference: chatReferenceSchema,
  created_at: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatParticipantSchema = z.object({ id: z.string(), name: z.string(), companyName: z.string().nullable(), role: roleSchema });

/** A conversation as a participant's list shows it (docs/product/data.md chat summary: id, unread_count). */
export const chatSummarySchema = z.object({
  id: z.string(),
  unread_count: z.number(),
  buyer_id: z.string(),
  seller_id: z.string(),
  /** The other person. */
  other: chatParticipantSchema,
  last_message: z.object({ content: z.string(), sender_id: z.string(), created_at: z.string(), has_attachments: z.boolean() }).nullable(),
  /** When the other person last read the conversation (for the sent/read state); null when never. */
  other_last_read_at: z.string().nullable(),
  product: z.object({ id: z.string(), title: z.string() }).nullable(),
  updated_at: z.string(),
});
export type ChatSummary = z.infer<typeof chatSummarySchema>;

/**
 * GET /api/chat/:userId?before=<activity>&beforeId=<chat id> (bearer; only your own id, anyone else 403).
 * Newest activity first, at most CHAT_LIST_MAX; `hasMore` says older conversations were left out (a new
 * message brings one back up). The next page passes the last conversation's `updated_at` (its last
 * activity) as `before` and its id as `beforeId`: the conversations after that one, in the same order.
 */
export const chatListQuerySchema = z
  .object({
    before: z.iso.datetime({ offset: true, error: "Invalid before: the last conversation's updated_at" }).optional(),
    beforeId: z.guid("Invalid beforeId: the last conversation's id").optional(),
  })
  .refine((query) => (query.before === undefined) === (query.beforeId === undefined), { error: 'Give before and beforeId together', path: ['before'] });
export type ChatListQuery = z.infer<typeof chatListQuerySchema>;
export const chatListResponseSchema = z.object({ success: z.literal(true), chats: z.array(chatSummarySchema), hasMore: z.boolean() });
export type ChatListResponse = z.infer<typeof chatListResponseSchema>;

/** POST /api/chat (buyer): the conversation with this seller, created once; product/order set what the next message is about. */
export const startChatRequestSchema = z.object({
  sellerId: z.guid('Invalid seller id'),
  productId: z.guid('Invalid product id').optional(),
  orderId: z.guid('Invalid order id').optional(),
});
export type StartChatRequest = z.infer<typeof startChatRequestSchema>;
export const startChatResponseSchema = z.object({ success: z.literal(true), created: z.boolean(), chat: chatSummarySchema });
export type StartChatResponse = z.infer<typeof startChatResponseSchema>;

/** GET /api/chat/:chatId/messages?before=<message id>&limit (participants only; others 404). Oldest first. */
export const chatMessagesQuerySchema = z.object({
  before: z.guid('Invalid message id').optional(),
  limit: z.coerce.number().int().min(1).max(100).default(CHAT_PAGE_SIZE),
});
export const chatMessagesResponseSchema = z.object({
  success: z.literal(true),
  messages: z.array(chatMessageSchema),
  /** Older messages exist before the first one returned. */
  hasMore: z.boolean(),
  other_last_read_at: z.string().nullable(),
});
export type ChatMessagesResponse = z.infer<typeof chatMessagesResponseSchema>;

/** POST /api/chat/:chatId/attachments (multipart `files`, images only): stored photos to send with the next message. */
export const chatAttachmentsResponseSchema = z.object({ success: z.literal(true), attachments: z.array(chatAttachmentSchema) });

/** The text rules shared by the client (before sending) and the server (always). */
export const chatContentSchema = plainTextSchema({ error: 'A message is required' })
  .trim()
  .max(CHAT_MESSAGE_MAX_LENGTH, `A message can be at most ${CHAT_MESSAGE_MAX_LENGTH.toLocaleString('en-US')} characters`);

// ── socket events ────────────────────────────────────────────────────────────────────────────

export const sendMessagePayloadSchema = z.object({
  chatId: z.guid('Invalid chat id'),
  content: chatContentSchema.default(''),
  /** Ids from POST /api/chat/:chatId/attachments. */
  attachments: z.array(z.guid('Invalid attachment id')).max(CHAT_MAX_ATTACHMENTS, `At most ${CHAT_MAX_ATTACHMENTS} photos per message`).optional(),
});
export type SendMessagePayload = z.input<typeof sendMessagePayloadSchema>;
export const chatIdPayloadSchema = z.object({ chatId: z.guid('Invalid chat id') });

/** `code` names refusals a client may act on: `rate_limited` (too many events), `session_ended` / `session_expired` (the socket is closed). */
export type SendMessageAck = { ok: true; message: ChatMessage } | { ok: false; error: string; code?: string };

export interface ClientToServerEvents {
  join_chats: () => void;
  send_message: (payload: SendMessagePayload, ack: (answer: SendMessageAck) => void) => void;
  mark_read: (payload: { chatId: string }) => void;
  typing: (payload: { chatId: string }) => void;
}

export interface ServerToClientEvents {
  joined_chats: (payload: { chatIds: string[] }) => void;
  new_message: (payload: { chatId: string; message: ChatMessage }) => void;
  /** You read this chat (in this or another tab): its unread count is 0. */
  messages_read: (payload: { chatId: string }) => void;
  /** The other person read this chat up to `readAt` (for the sent/read ticks). */
  chat_read: (payload: { chatId: string; readerId: string; readAt: string }) => void;
  typing: (payload: { chatId: string; userId: string }) => void;
  /** A refused event; `error` and `code` (e.g. `rate_limited`, `session_ended`) are there when the refusal has a code. */
  error: (payload: { message: string; error?: string; code?: string }) => void;
  /** A new in-app notification for you (notifications.ts), with your unread count after it. */
  notification: (payload: NotificationEventPayload) => void;
  /** Notifications were marked read (in this or another tab): the bell's count is `unreadCount`. */
  notifications_read: (payload: NotificationsReadEventPayload) => void;
}
