import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, notifications } from '../../db/schema';
import { defineJobs, JOB_NAMES } from '../../jobs';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { createBoughtItem, createPerson, createReviewableListing, headersOf, type Person } from '../../../test/factories-reviews';

// The review request (docs/product/reviews.md): a few days (3) after an item was delivered, its buyer is
// asked once, in the bell and by e-mail, with a link that opens the review form; never for an item already
// reviewed, never before 3 days or after 14, never twice, whatever the rounds.

let testApp: TestApp;
let buyer: Person;
let seller: Person;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  testApp = await buildTestApp();
  [buyer, seller] = await Promise.all([createPerson(testApp, 'buyer'), createPerson(testApp, 'seller')]);
});

afterAll(async () => {
  await testApp?.close();
});

const runJob = async () => {
  const job = defineJobs(testApp.services, testApp.config).find((definition) => definition.name === JOB_NAMES.requestReviews)!;
  const outcome = await job.run({});
  await testApp.services.notificationReactions.settled();
  await testApp.services.mailNotifications.settled();
  return outcome;
};

async function requestsOf(who: Person) {
  const inApp = await testApp.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, who.id), eq(notifications.kind, 'review_request')));
  const mails = await testApp.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toUserId, who.id), like(mailOutbox.template, 'review-request')));
  return { inApp, mails };
}

describe('the review-request job', () => {
  it('asks the buyer once, 3 to 14 days after delivery, for items not reviewed', async () => {
    const now = testApp.clock.now().getTime();
    const product = await createReviewableListing(testApp, seller, { title: 'Beeswax candle' });
    const due = await createBoughtItem(testApp, buyer, product, { deliveredAt: new Date(now - 4 * DAY) });
    const tooSoon = await createBoughtItem(testApp, buyer, product, { deliveredAt: new Date(now - 2 * DAY) });
    await createBoughtItem(testApp, buyer, product, { deliveredAt: new Date(now - 15 * DAY) });
    await createBoughtItem(testApp, buyer, product, { status: 'refunded', deliveredAt: new Date(now - 5 * DAY) });
    await createBoughtItem(testApp, buyer, product, { status: 'shipped', deliveredAt: null });
    const reviewed = await createBoughtItem(testApp, buyer, product, { deliveredAt: new Date(now - 6 * DAY) });
    const written = await testApp.app.inject({
      method: 'POST',
      url: '/api/reviews',
      headers: await headersOf(testApp, buyer),
      payload: { orderItemId: reviewed.orderItemId, rating: 5, title: 'Smells of honey', body: 'Burns slowly and cleanly.' },
    });
    expect(written.statusCode).toBe(201);

    expect(await runJob()).toEqual({ asked: 1 });
    const first = await requestsOf(buyer);
    expect(first.inApp).toHaveLength(1);
    expect(first.inApp[0]).toMatchObject({
      title: 'How was your item?',
      link: `/myorders/${due.orderId}?review=${due.orderItemId}`,
      dedupeKey: `review-request:${due.orderItemId}`,
    });
    expect(first.inApp[0]!.body).toContain('Beeswax candle');
    expect(first.mails).toHaveLength(1);
    expect(first.mails[0]).toMatchObject({ subject: 'How was "Beeswax candle"?', category: 'transactional', toAddress: buyer.email });
    expect(first.mails[0]!.html).toContain(`/myorders/${due.orderId}?review=${due.orderItemId}`);

    // The next rounds find it asked.
    expect(await runJob()).toEqual({ asked: 0 });
    expect((await requestsOf(buyer)).inApp).toHaveLength(1);
    expect((await requestsOf(buyer)).mails).toHaveLength(1);

    // Two days on, the item delivered too soon is due; the first is still not asked again.
    testApp.clock.advance(2 * DAY);
    try {
      expect(await runJob()).toEqual({ asked: 1 });
      const later = await requestsOf(buyer);
      expect(later.inApp.map((row) => row.link).sort()).toEqual(
        [`/myorders/${due.orderId}?review=${due.orderItemId}`, `/myorders/${tooSoon.orderId}?review=${tooSoon.orderItemId}`].sort(),
      );
      expect(later.mails).toHaveLength(2);
    } finally {
      testApp.clock.advance(-2 * DAY);
    }
  });

  it('is one of the marketplace’s scheduled jobs, hourly', () => {
    const job = defineJobs(testApp.services, testApp.config).find((definition) => definition.name === JOB_NAMES.requestReviews);
    expect(job).toMatchObject({ name: 'reviews-request-due', everySeconds: 3600 });
  });
});
