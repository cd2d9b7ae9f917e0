import type { ChatMessage, ChatSummary } from '@marketplace/contracts/chat';

const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const shortDateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
const longDateFormat = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });

function startOfDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

function daysAgo(iso: string, now: Date): number {
  return Math.round((startOfDay(now) - startOfDay(new Date(iso))) / 86_400_000);
}

/** "3:04 PM" */
export function formatMessageTime(iso: string): string {
  return timeFormat.format(new Date(iso));
}

/** The thread's day separator: 'Today', 'Yesterday', else "Monday, November 16, 2026". */
export function formatDayLabel(iso: string, now: Date = new Date()): string {
  const days = daysAgo(iso, now);
  if (days === 0) return 'Today';
  if (days === 1) return 'Yesterday';
  return longDateFormat.format(new Date(iso));
}

/** The conversation list's time: the time today, 'Yesterday', else "Nov 16". */
export function formatListTime(iso: string, now: Date = new Date()): string {
  const days = daysAgo(iso, now);
  if (days === 0) return formatMessageTime(iso);
  if (days === 1) return 'Yesterday';
  return shortDateFormat.format(new Date(iso));
}

export interface MessageDay {
  key: string;
  label: string;
  messages: ChatMessage[];
}

/** Messages (oldest first) cut into local calendar days, each with its separator label. */
export function groupMessagesByDay(messages: ChatMessage[], now: Date = new Date()): MessageDay[] {
  const days: MessageDay[] = [];
  for (const message of messages) {
    const date = new Date(message.created_at);
    const key = `${date.getFullYear()}-${date.getMonth()}-${date.getDate()}`;
    const last = days.at(-1);
    if (last && last.key === key) last.messages.push(message);
    else days.push({ key, label: formatDayLabel(message.created_at, now), messages: [message] });
  }
  return days;
}

/** Who the conversation is with: a seller by their company, anyone else by name. */
export function otherPersonName(chat: Pick<ChatSummary, 'other'>): string {
  const { other } = chat;
  if (other.role === 'seller' && other.companyName) return other.companyName;
  return other.name;
}

/** When the list was last active: the last message, else the conversation's own update time. */
export function lastActivityAt(chat: ChatSummary): string {
  return chat.last_message?.created_at ?? chat.updated_at;
}

/** Newest activity first (the server sends them so; live updates keep them so). */
export function byNewestActivity(a: ChatSummary, b: ChatSummary): number {
  return Date.parse(lastActivityAt(b)) - Date.parse(lastActivityAt(a));
}

/**
 * The conversation the server's order puts last: the earliest `updated_at`, then the smallest id (the
 * list's own tie-break); the next page of the list starts after it.
 */
export function lastInServerOrder(chats: readonly ChatSummary[]): Pick<ChatSummary, 'id' | 'updated_at'> | null {
  let last: ChatSummary | null = null;
  for (const chat of chats) {
    const difference = last ? Date.parse(chat.updated_at) - Date.parse(last.updated_at) : -1;
    if (difference < 0 || (difference === 0 && last && chat.id < last.id)) last = chat;
  }
  return last ? { id: last.id, updated_at: last.updated_at } : null;
}

export function sortChatsByActivity(chats: ChatSummary[]): ChatSummary[] {
  return [...chats].sort(byNewestActivity);
}

/** An own message counts as read once the other person's last read time reaches it. */
export function isReadBy(otherLastReadAt: string | null, message: Pick<ChatMessage, 'created_at'>): boolean {
  return otherLastReadAt !== null && Date.parse(otherLastReadAt) >= Date.parse(message.created_at);
}
