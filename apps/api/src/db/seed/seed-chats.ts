/**
 * Seed step: a few conversations, so Messages has something to show on first start:
 * buyer@example.com with seller@example.com about a product (the seller has unread messages), and
 * other buyers with each seller. Deterministic, like the rest of the seed.
 */
import { chatMessages, chats } from '../schema';
import type { SeedContext, SeededCatalog, SeededUsers } from './seed-demo-marketplace';

const MINUTE_MS = 60_000;

const SCRIPTS: ReadonlyArray<{
  buyerIndex: number;
  seller: 'northwind' | 'brightside' | 'maple';
  lines: ReadonlyArray<['buyer' | 'seller', string]>;
  unreadForSeller: number;
}> = [
  {
    buyerIndex: 0,
    seller: 'northwind',
    lines: [
      ['buyer', 'Hi! Does this run true to size? I am usually a medium.'],
      ['seller', 'Hello! It runs slightly large — most customers who wear a medium order a small.'],
      ['buyer', 'Great, thanks. Can you ship it by Friday?'],
      ['seller', 'Yes, orders placed today go out tomorrow with UPS Ground.'],
      ['buyer', 'Perfect, ordering now.'],
      ['buyer', 'One more question: is the colour closer to the first or the second photo?'],
    ],
    unreadForSeller: 2,
  },
  {
    buyerIndex: 1,
    seller: 'brightside',
    lines: [
      ['buyer', 'Are these headphones the newest model?'],
      ['seller', 'Yes, this is the current model with the updated firmware.'],
      ['buyer', 'Thanks!'],
    ],
    unreadForSeller: 0,
  },
  {
    buyerIndex: 2,
    seller: 'northwind',
    lines: [
      ['buyer', 'My parcel says out for delivery since yesterday. Any news?'],
      ['seller', 'I checked with UPS: it is on the truck today. Sorry for the wait!'],
    ],
    unreadForSeller: 0,
  },
];

export async function seedChats(context: SeedContext, earlier: { users: SeededUsers; catalog: SeededCatalog }): Promise<{ chats: number; messages: number }> {
  const chatRows: Array<typeof chats.$inferInsert> = [];
  const messageRows: Array<typeof chatMessages.$inferInsert> = [];
  SCRIPTS.forEach((script, index) => {
    const random = context.random.fork(`chats/${index}`);
    const buyer = earlier.users.buyers[script.buyerIndex];
    const seller = earlier.users.sellers[script.seller];
    if (!buyer) return;
    const product = random.pick(earlier.catalog.products.filter((candidate) => candidate.sellerId === seller.id));
    const chatId = random.uuid();
    const start = context.now.getTime() - (index + 1) * 26 * 60 * MINUTE_MS;
    let at = start;
    const times = script.lines.map((_, line) => {
      if (line > 0) at += random.integerBetween(3, 90) * MINUTE_MS;
      return new Date(at);
    });
    const last = times.at(-1) ?? new Date(start);
    // The seller has read everything but the last `unreadForSeller` messages; the buyer has read all.
    const sellerReadAt = times[script.lines.length - script.unreadForSeller - 1] ?? last;
    chatRows.push({
      id: chatId,
      buyerId: buyer.id,
      sellerId: seller.id,
      productId: null,
      orderId: null,
      lastMessageAt: last,
      buyerLastReadAt: last,
      sellerLastReadAt: sellerReadAt,
      createdAt: times[0] ?? last,
      updatedAt: last,
    });
    script.lines.forEach(([who, content], line) => {
      messageRows.push({
        id: random.uuid(),
        chatId,
        senderId: who === 'buyer' ? buyer.id : seller.id,
        content,
        productId: line === 0 ? product.id : null,
        createdAt: times[line],
      });
    });
  });
  if (chatRows.length > 0) {
    await context.executor.insert(chats).values(chatRows);
    await context.executor.insert(chatMessages).values(messageRows);
  }
  return { chats: chatRows.length, messages: messageRows.length };
}
