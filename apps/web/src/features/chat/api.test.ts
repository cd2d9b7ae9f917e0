import { describe, expect, it } from 'vitest';
import type { ChatSummary } from '@marketplace/contracts/chat';
import { mergeNewestPage } from './api';

// A re-read of the newest conversations (a new message, a reconnect) keeps the older pages already shown.

const chat = (id: string, minutesAgo: number): ChatSummary =>
  ({ id, updated_at: new Date(Date.UTC(2026, 0, 1, 12) - minutesAgo * 60_000).toISOString() }) as ChatSummary;

describe('mergeNewestPage', () => {
  it('puts the fresh page first and keeps the older conversations loaded behind it', () => {
    const loaded = { chats: [chat('a', 1), chat('b', 2), chat('c', 3), chat('d', 4)], hasMore: true };
    // "c" had a message: it is in the fresh page now, at the top; "d" is still only in the older page.
    const fresh = { chats: [chat('c', 0), chat('a', 1), chat('b', 2)], hasMore: true };
    const merged = mergeNewestPage(loaded, fresh);
    expect(merged.chats.map((entry) => entry.id)).toEqual(['c', 'a', 'b', 'd']);
    expect(merged.chats[0]!.updated_at).toBe(fresh.chats[0]!.updated_at);
    expect(merged.hasMore).toBe(true);
  });

  it('takes the fresh page alone before any older page was loaded', () => {
    const fresh = { chats: [chat('a', 0)], hasMore: false };
    expect(mergeNewestPage({ chats: [chat('a', 5)], hasMore: false }, fresh)).toEqual(fresh);
  });

  it('keeps what the older pages said about more still on the server', () => {
    const loaded = { chats: [chat('a', 1), chat('b', 9)], hasMore: false };
    const merged = mergeNewestPage(loaded, { chats: [chat('a', 1)], hasMore: true });
    expect(merged).toEqual({ chats: [chat('a', 1), chat('b', 9)], hasMore: false });
  });
});
