import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_LIST_MAX } from '@marketplace/contracts/chat';
import { chats } from '../../db/schema';
import { createUser } from '../../../test/factories';
import { bearerFor } from '../../../test/factories-commerce';
import { buildTestApp, type TestApp } from '../../../test/helper';
import type { UserRecord } from '../users';
import { timeLimit } from '../../../test/time-limit';

// The conversation list answers the most recently active CHAT_LIST_MAX conversations, never all of them,
// says with `hasMore` that older ones were left out, and pages on to them with `before` and `beforeId`
// (docs/product/limits.md, docs/product/chat.md).

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

type ChatList = { success: true; chats: Array<{ id: string; buyer_id: string; updated_at: string }>; hasMore: boolean };

const readList = async (user: UserRecord, query = '') => {
  const answer = await testApp.app.inject({ method: 'GET', url: `/api/chat/${user.id}${query}`, headers: { authorization: await bearerFor(testApp, user) } });
  return answer;
};
const nextPageQuery = (page: ChatList) => {
  const last = page.chats.at(-1)!;
  return `?before=${encodeURIComponent(last.updated_at)}&beforeId=${last.id}`;
};

describe('the conversation list', () => {
  it(`holds the ${CHAT_LIST_MAX} most recently active conversations, says there are more, and pages on to the older ones`, {
    timeout: timeLimit(120_000),
  }, async () => {
    expect(CHAT_LIST_MAX).toBe(100);
    const db = testApp.database.db;
    const seller = await createUser(db, { role: 'seller' });
    const buyers: UserRecord[] = [];
    for (let index = 0; index <= CHAT_LIST_MAX; index += 1) buyers.push(await createUser(db));
    // Buyer i wrote at minute i, except buyers 0, 1 and 2, who all wrote at minute 2: the first page ends
    // among those three, which only their ids put in order. The last one has never had a message (its start counts).
    const start = Date.UTC(2026, 0, 1);
    const rows = await db
      .insert(chats)
      .values(
        buyers.map((buyer, index) => {
          const at = new Date(start + Math.max(index, 2) * 60_000);
          return { buyerId: buyer.id, sellerId: seller.id, lastMessageAt: index === CHAT_LIST_MAX ? null : at, createdAt: at, updatedAt: at };
        }),
      )
      .returning({ id: chats.id, buyerId: chats.buyerId });
    const read = async (query = '') => {
      const answer = await readList(seller, query);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json() as ChatList;
    };
    const idOf = (buyer: UserRecord) => rows.find((row) => row.buyerId === buyer.id)!.id;
    const byId = (a: string, b: string) => (a < b ? 1 : -1);
    const tied = buyers.slice(0, 3).map(idOf).sort(byId);
    const expectedOrder = [...buyers.slice(3).reverse().map(idOf), ...tied];

    const first = await read();
    expect(first.chats).toHaveLength(CHAT_LIST_MAX);
    expect(first.hasMore).toBe(true);
    expect(first.chats.map((chat) => chat.id)).toEqual(expectedOrder.slice(0, CHAT_LIST_MAX));

    // The last conversation of the first page gets a message meanwhile: the next page still starts where
    // the first one ended, and holds exactly the one left out.
    const lastOfFirst = first.chats.at(-1)!.id;
    await db
      .update(chats)
      .set({ lastMessageAt: new Date(start + 86_400_000) })
      .where(eq(chats.id, lastOfFirst));
    const second = await read(nextPageQuery(first));
    expect(second.hasMore).toBe(false);
    expect(second.chats.map((chat) => chat.id)).toEqual(expectedOrder.slice(CHAT_LIST_MAX));
    const seen = [...first.chats, ...second.chats].map((chat) => chat.id);
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort()).toEqual([...rows.map((row) => row.id)].sort());
    // Past the end: nothing.
    expect(await read(nextPageQuery(second))).toEqual({ success: true, chats: [], hasMore: false });

    // One fewer: all of them, nothing left out.
    await db.delete(chats).where(eq(chats.id, idOf(buyers[50]!)));
    const all = await read();
    expect(all.chats).toHaveLength(CHAT_LIST_MAX);
    expect(all.hasMore).toBe(false);
    expect(all.chats[0]!.id).toBe(lastOfFirst);
  });

  it('says there is nothing more for a short list', async () => {
    const buyer = await createUser(testApp.database.db);
    const answer = await readList(buyer);
    expect(answer.json()).toEqual({ success: true, chats: [], hasMore: false });
  });

  it.each([
    ['a before that is no time', '?before=yesterday&beforeId=c0000000-0000-4000-8000-000000000001'],
    ['a beforeId that is no id', `?before=${encodeURIComponent('2026-01-01T00:00:00.000Z')}&beforeId=42`],
    ['a before without its beforeId', `?before=${encodeURIComponent('2026-01-01T00:00:00.000Z')}`],
    ['a beforeId without its before', '?beforeId=c0000000-0000-4000-8000-000000000001'],
  ])('refuses %s with a 400', async (_name, query) => {
    const buyer = await createUser(testApp.database.db);
    const answer = await readList(buyer, query);
    expect(answer.statusCode, answer.body).toBe(400);
    const body = answer.json() as { error: unknown; code: unknown };
    expect(typeof body.error).toBe('string');
    expect(typeof body.code).toBe('string');
  });
});
