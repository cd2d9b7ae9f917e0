import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { products } from '../catalog/catalog.schema';
import { orders } from '../orders/orders.schema';
import { users } from '../users/users.schema';

// The chat module's tables (docs/decisions/0035): conversations, their messages and photos not sent yet.

/** One conversation per buyer and seller. */
export const chats = pgTable(
  'chats',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id),
    // What the buyer last started the conversation about; the next message carries it.
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    buyerLastReadAt: timestamp('buyer_last_read_at', { withTimezone: true }),
    sellerLastReadAt: timestamp('seller_last_read_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('chats_buyer_seller_unique').on(table.buyerId, table.sellerId),
    index('chats_seller_idx').on(table.sellerId, table.lastMessageAt),
    check('chats_two_people', sql`${table.buyerId} <> ${table.sellerId}`),
  ],
);

export interface ChatAttachmentRecord {
  id: string;
  fileKey: string;
  thumbnailKey: string;
  name: string;
}

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id),
    content: text('content').notNull(),
    attachments: jsonb('attachments').$type<ChatAttachmentRecord[]>().notNull().default([]),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('chat_messages_chat_created_idx').on(table.chatId, table.createdAt, table.id)],
);

/** Photos uploaded for a message not sent yet; claimed (deleted here) when the message is stored. */
export const chatUploads = pgTable(
  'chat_uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    uploaderId: uuid('uploader_id')
      .notNull()
      .references(() => users.id),
    fileKey: text('file_key').notNull(),
    thumbnailKey: text('thumbnail_key').notNull(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('chat_uploads_chat_idx').on(table.chatId, table.uploaderId)],
);
