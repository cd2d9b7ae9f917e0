/**
 * Seed step: sellers' messages to the marketplace team, so Admin → Settings has support requests to read
 * on first start (two recent ones open, older ones closed by the admin) and the admin's bell a history
 * of them. Deterministic: each request's id and times come from a fork keyed by its subject.
 */
import type { SupportTopic } from '@marketplace/contracts/workspace';
import { supportRequests } from '../schema';
import type { DemoSellerKey } from './demo-data';
import type { SeedContext, SeededUsers } from './seed-demo-marketplace';

const HOUR_MS = 60 * 60 * 1000;

/** Oldest last; `hoursAgo` is when the seller wrote, `closedAfterHours` when the admin closed it (open if absent). */
const REQUESTS: ReadonlyArray<{ seller: DemoSellerKey; topic: SupportTopic; subject: string; message: string; hoursAgo: number; closedAfterHours?: number }> = [
  {
    seller: 'northwind',
    topic: 'shipping',
    subject: 'Can UPS collect two pickups on the same day?',
    message: 'I scheduled a pickup for this morning and have three more parcels ready since. Can I add them, or do I need a second pickup?',
    hoursAgo: 9,
  },
  {
    seller: 'brightside',
    topic: 'payouts',
    subject: 'Stripe asks for my bank details again',
    message: 'My payouts are on hold and Stripe says it needs my bank account once more. I entered it last month. What should I do?',
    hoursAgo: 40,
  },
  {
    seller: 'maple',
    topic: 'account',
    subject: 'How do I finish setting up payouts?',
    message: 'I created my payout account but never finished the Stripe form. Where do I continue it from?',
    hoursAgo: 8 * 24 + 5,
    closedAfterHours: 20,
  },
  {
    seller: 'northwind',
    topic: 'orders',
    subject: 'A buyer asked to change the shipping address',
    message: 'A buyer wrote in the chat that they moved. The item is approved but not labelled yet. Can I ship it elsewhere?',
    hoursAgo: 16 * 24 + 3,
    closedAfterHours: 6,
  },
  {
    seller: 'brightside',
    topic: 'shipping',
    subject: 'Label printed at the wrong size',
    message: 'The label came out on a full page instead of 4 × 6 inches. Is there a setting for the label size?',
    hoursAgo: 27 * 24 + 11,
    closedAfterHours: 30,
  },
  {
    seller: 'northwind',
    topic: 'payouts',
    subject: 'Commission on the electronics category',
    message: 'The payout for my headphones kept a different commission than my jackets. Is the rate set per category?',
    hoursAgo: 45 * 24 + 2,
    closedAfterHours: 4,
  },
  {
    seller: 'maple',
    topic: 'other',
    subject: 'Adding a second photo to a listing',
    message: 'I would like to show the back of a quilt as well. How many photos can one listing have?',
    hoursAgo: 63 * 24 + 7,
    closedAfterHours: 26,
  },
  {
    seller: 'brightside',
    topic: 'orders',
    subject: 'Buyer wants to cancel after approval',
    message: 'I approved an order this morning and the buyer now asks to cancel. Can I still reject the item, and is the buyer refunded?',
    hoursAgo: 71 * 24 + 15,
    closedAfterHours: 3,
  },
  {
    seller: 'northwind',
    topic: 'shipping',
    subject: 'Voiding a label after 24 hours',
    message: 'I bought a label by mistake yesterday and the Void button is gone. Will I be charged for it?',
    hoursAgo: 79 * 24 + 4,
    closedAfterHours: 9,
  },
  {
    seller: 'northwind',
    topic: 'account',
    subject: 'Changing the company name on my labels',
    message: 'We renamed the shop. Where do I change the company name printed on the shipping labels?',
    hoursAgo: 86 * 24 + 20,
    closedAfterHours: 22,
  },
];

export async function seedSupportRequests(context: SeedContext, earlier: { users: SeededUsers }): Promise<{ supportRequests: number }> {
  const rows = REQUESTS.map((request) => {
    const random = context.random.fork(`support-requests/${request.subject}`);
    const createdAt = new Date(context.now.getTime() - request.hoursAgo * HOUR_MS - random.integerBetween(0, 50) * 60_000);
    const closedAt = request.closedAfterHours === undefined ? null : new Date(createdAt.getTime() + request.closedAfterHours * HOUR_MS);
    return {
      id: random.uuid(),
      userId: earlier.users.sellers[request.seller].id,
      topic: request.topic,
      subject: request.subject,
      message: request.message,
      status: closedAt ? ('closed' as const) : ('open' as const),
      closedBy: closedAt ? earlier.users.admin.id : null,
      closedAt,
      createdAt,
    };
  });
  await context.executor.insert(supportRequests).values(rows);
  return { supportRequests: rows.length };
}
