import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_LIST_MAX } from '@marketplace/contracts/chat';
import { chats } from '../../db/schema';
import { createUser } from '../../../test/factories';
import { bearerFor } from '../../../test/factories-commerce';
import { buildTestApp, type TestApp } from '../../../test/helper';
import type { UserRecord } from '../users';

// The conversation list answers the most recently active CHAT_LIST_MAX conversations, never all of them,
// and says with `hasMore` that older ones were left out (docs/product/limits.md).

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

type ChatList = { success: true; chats: Array<{ id: string; buyer_id: string }>; hasMore: boolean };

describe('the conversation list', () => {
  it(`holds the ${CHAT_LIST_MAX} most recently active conversations and says there are more`, async () => {
    expect(CHAT_LIST_MAX).toBe(100);
    const db = testApp.database.db;
    const seller = await createUser(db, { role: 'seller' });
    const buyers: UserRecord[] = [];
    for (let index = 0; index <= CHAT_LIST_MAX; index += 1) buyers.push(await createUser(db));
    // Buyer i wrote at minute i: buyer 0's conversation is the oldest; the last one has never had a message (its start counts).
    const start = Date.UTC(2026, 0, 1);
    const rows = await db
      .insert(chats)
      .values(
        buyers.map((buyer, index) => {
          const at = new Date(start + index * 60_000);
          return { buyerId: buyer.id, sellerId: seller.id, lastMessageAt: index === CHAT_LIST_MAX ? null : at, createdAt: at, updatedAt: at };
        }),
      )
      .returning({ id: chats.id, buyerId: chats.buyerId });
    const read = async () => {
      const answer = await testApp.app.inject({ method: 'GET', url: `/api/chat/${seller.id}`, headers: { authorization: await bearerFor(testApp, seller) } });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json() as ChatList;
    };

    const full = await read();
    expect(full.chats).toHaveLength(CHAT_LIST_MAX);
    expect(full.hasMore).toBe(true);
    expect(full.chats.map((chat) => chat.buyer_id)).toEqual(buyers.slice(1).reverse().map((buyer) => buyer.id));

    // One fewer: all of them, nothing left out.
    await db.delete(chats).where(eq(chats.id, rows.find((row) => row.buyerId === buyers[50]!.id)!.id));
    const all = await read();
    expect(all.chats).toHaveLength(CHAT_LIST_MAX);
    expect(all.hasMore).toBe(false);
    expect(all.chats.at(-1)!.buyer_id).toBe(buyers[0]!.id);
  }, 120_000);

  it('says there is nothing more for a short list', async () => {
    const buyer = await createUser(testApp.database.db);
    const answer = await testApp.app.inject({ method: 'GET', url: `/api/chat/${buyer.id}`, headers: { authorization: await bearerFor(testApp, buyer) } });
    expect(answer.json()).toEqual({ success: true, chats: [], hasMore: false });
  });
});
