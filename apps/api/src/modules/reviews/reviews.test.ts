import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, products, reviewHelpfulVotes, reviewPhotos } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { createBoughtItem, createPerson, createReviewableListing, headersOf, type Person } from '../../../test/factories-reviews';

// The review rules through the real app (docs/product/reviews.md): delivered items only, once per order
// item, only the buyer; 30 days to change or delete; the seller replies once; one helpful vote per person
// and never the author's; admins hide with a reason (the author is told; the review leaves the lists and
// the averages) and show it again. Every change keeps the listing's totals right.

let testApp: TestApp;
let admin: Person;
let buyer: Person;
let otherBuyer: Person;
let seller: Person;
let otherSeller: Person;
let png: Buffer;

const DAY = 24 * 60 * 60 * 1000;

async function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, who: Person | null, payload?: object) {
  return testApp.app.inject({ method, url, headers: await headersOf(testApp, who), ...(payload ? { payload } : {}) });
}

/** A multipart request with text fields and image files. */
function multipart(fields: Record<string, string>, files: Array<{ name: string; data: Buffer; type: string }> = []) {
  const boundary = '----review-test';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const file of files) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { contentType: `multipart/form-data; boundary=${boundary}`, payload: Buffer.concat(parts) };
}

async function postForm(url: string, who: Person, fields: Record<string, string>, files: Array<{ name: string; data: Buffer; type: string }> = []) {
  const body = multipart(fields, files);
  return testApp.app.inject({ method: 'POST', url, headers: { ...(await headersOf(testApp, who)), 'content-type': body.contentType }, payload: body.payload });
}

const review = (orderItemId: string, overrides: Record<string, unknown> = {}) => ({
  orderItemId,
  rating: 4,
  title: 'Warm light',
  body: 'Solid walnut and a soft glow.',
  ...overrides,
});

async function totalsOf(productId: string) {
  const [row] = await testApp.database.db
    .select({ reviewCount: products.reviewCount, ratingSum: products.ratingSum })
    .from(products)
    .where(eq(products.id, productId));
  return row!;
}

async function settled() {
  await testApp.services.notificationReactions.settled();
  await testApp.services.mailNotifications.settled();
}

async function notificationsOf(who: Person) {
  await settled();
  return (await call('GET', '/api/notifications', who)).json().notifications as Array<{ kind: string; title: string; body: string; link: string }>;
}

beforeAll(async () => {
  testApp = await buildTestApp();
  [admin, buyer, otherBuyer, seller, otherSeller] = await Promise.all([
    createPerson(testApp, 'admin'),
    createPerson(testApp, 'buyer', { firstName: 'Jane', lastName: 'doe' }),
    createPerson(testApp, 'buyer', { firstName: 'Omar', lastName: 'Reyes' }),
    createPerson(testApp, 'seller'),
    createPerson(testApp, 'seller'),
  ]);
  png = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#0f766e' } })
    .png()
    .toBuffer();
});

afterAll(async () => {
  await testApp?.close();
});

describe('writing a review', () => {
  it('takes a delivered item of the buyer once, as a verified purchase, and counts it on the listing', async () => {
    const product = await createReviewableListing(testApp, seller);
    const { orderItemId, orderId } = await createBoughtItem(testApp, buyer, product);

    const created = await call('POST', '/api/reviews', buyer, review(orderItemId, { rating: 4, title: '  Warm light  ' }));
    expect(created.statusCode).toBe(201);
    const body = created.json().review;
    expect(body).toMatchObject({
      productId: product.id,
      orderId,
      orderItemId,
      product: { id: product.id, title: 'Walnut desk lamp' },
      rating: 4,
      title: 'Warm light',
      body: 'Solid walnut and a soft glow.',
      photos: [],
      authorName: 'Jane D.',
      verifiedPurchase: true,
      isEdited: false,
      sellerReply: null,
      helpfulCount: 0,
      votedByMe: false,
      isHidden: false,
      hiddenReason: null,
      canEdit: true,
    });
    expect(new Date(body.editableUntil).getTime() - new Date(body.createdAt).getTime()).toBe(30 * DAY);
    expect(await totalsOf(product.id)).toEqual({ reviewCount: 1, ratingSum: 4 });

    // Once per order item: the second answers 409 and names the first.
    const again = await call('POST', '/api/reviews', buyer, review(orderItemId, { rating: 1 }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'review_exists', reviewId: body.id });
    expect(await totalsOf(product.id)).toEqual({ reviewCount: 1, ratingSum: 4 });

    // The seller hears of it in the bell, with a link to the review on the product page.
    const [notification] = await notificationsOf(seller);
    expect(notification).toMatchObject({ kind: 'new_review', title: 'A buyer reviewed your item', link: `/products/${product.id}?review=${body.id}` });
    expect(notification!.body).toContain('4 of 5 stars');
  });

  it('refuses an item not delivered, someone else’s item, an unknown one, and anyone but a buyer', async () => {
    const product = await createReviewableListing(testApp, seller);
    const shipped = await createBoughtItem(testApp, buyer, product, { status: 'shipped' });
    const notDelivered = await call('POST', '/api/reviews', buyer, review(shipped.orderItemId));
    expect(notDelivered.statusCode).toBe(403);
    expect(notDelivered.json().code).toBe('not_delivered');

    // Refunded before it ever arrived: never delivered, so not reviewable.
    const refundedInTransit = await createBoughtItem(testApp, buyer, product, { status: 'refunded', deliveredAt: null });
    expect((await call('POST', '/api/reviews', buyer, review(refundedInTransit.orderItemId))).json().code).toBe('not_delivered');

    const delivered = await createBoughtItem(testApp, buyer, product);
    const notYours = await call('POST', '/api/reviews', otherBuyer, review(delivered.orderItemId));
    expect(notYours.statusCode).toBe(403);
    expect(notYours.json().code).toBe('not_your_item');

    expect((await call('POST', '/api/reviews', buyer, review('00000000-0000-4000-8000-000000000000'))).statusCode).toBe(404);
    expect((await call('POST', '/api/reviews', seller, review(delivered.orderItemId))).statusCode).toBe(403);
    expect((await call('POST', '/api/reviews', admin, review(delivered.orderItemId))).statusCode).toBe(403);
    expect((await call('POST', '/api/reviews', null, review(delivered.orderItemId))).statusCode).toBe(401);
    expect(await totalsOf(product.id)).toEqual({ reviewCount: 0, ratingSum: 0 });
  });

  it('takes an item delivered and refunded later: the buyer had it in hand', async () => {
    const product = await createReviewableListing(testApp, seller);
    const returned = await createBoughtItem(testApp, buyer, product, { status: 'refunded', deliveredAt: new Date(Date.now() - 10 * DAY) });
    expect((await call('POST', '/api/reviews', buyer, review(returned.orderItemId, { rating: 2 }))).statusCode).toBe(201);
    expect(await totalsOf(product.id)).toEqual({ reviewCount: 1, ratingSum: 2 });
  });

  it('answers bad input with 400 validation_failed naming the field, never a 500', async () => {
    const product = await createReviewableListing(testApp, seller);
    const { orderItemId } = await createBoughtItem(testApp, buyer, product);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ rating: 0 }, 'rating'],
      [{ rating: 6 }, 'rating'],
      [{ rating: 4.5 }, 'rating'],
      [{ rating: '5' }, 'rating'],
      [{ rating: null }, 'rating'],
      [{ title: '' }, 'title'],
      [{ title: '   ' }, 'title'],
      [{ title: 'x'.repeat(121) }, 'title'],
      [{ body: '' }, 'body'],
      [{ body: 'x'.repeat(5001) }, 'body'],
      [{ orderItemId: 'not-an-id' }, 'orderItemId'],
    ];
    for (const [change, field] of cases) {
      const answer = await call('POST', '/api/reviews', buyer, review(orderItemId, change));
      expect(answer.statusCode, JSON.stringify(change)).toBe(400);
      expect(answer.json().code).toBe('validation_failed');
      expect(answer.json().issues.map((issue: { path: string }) => issue.path)).toContain(field);
    }
    const noBody = await testApp.app.inject({ method: 'POST', url: '/api/reviews', headers: await headersOf(testApp, buyer) });
    expect(noBody.statusCode).toBe(400);
    const notJson = await testApp.app.inject({
      method: 'POST',
      url: '/api/reviews',
      headers: { ...(await headersOf(testApp, buyer)), 'content-type': 'application/json' },
      payload: '{"rating":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().code).toBe('invalid_json');
    // The longest title and text that are allowed go through.
    expect((await call('POST', '/api/reviews', buyer, review(orderItemId, { title: 't'.repeat(120), body: 'b'.repeat(5000) }))).statusCode).toBe(201);
  });
});

describe('photos', () => {
  it('takes up to 3 photos checked by their bytes, served publicly; adds and removes them within the window', async () => {
    const product = await createReviewableListing(testApp, seller);
    const { orderItemId } = await createBoughtItem(testApp, buyer, product);
    const fields = { orderItemId, rating: '5', title: 'Lovely', body: 'As in the photos.' };

    const notImage = await postForm('/api/reviews', buyer, fields, [{ name: 'lamp.png', data: Buffer.from('not a png at all'), type: 'image/png' }]);
    expect(notImage.statusCode).toBe(400);
    const four = await postForm(
      '/api/reviews',
      buyer,
      fields,
      Array.from({ length: 4 }, (_, index) => ({ name: `p${index}.png`, data: png, type: 'image/png' })),
    );
    expect(four.statusCode, four.body).toBe(413);
    expect(four.json().error).toContain('at most 3 photos');
    const badRating = await postForm('/api/reviews', buyer, { ...fields, rating: 'five' });
    expect(badRating.statusCode).toBe(400);
    expect(badRating.json().issues[0].path).toBe('rating');
    expect(await totalsOf(product.id)).toEqual({ reviewCount: 0, ratingSum: 0 });

    const created = await postForm('/api/reviews', buyer, fields, [
      { name: 'front.png', data: png, type: 'image/png' },
      { name: 'side.png', data: png, type: 'image/png' },
    ]);
    expect(created.statusCode).toBe(201);
    const { id, photos } = created.json().review as { id: string; photos: Array<{ id: string; url: string; thumbnailUrl: string }> };
    expect(photos).toHaveLength(2);
    expect(photos[0]!.url).toMatch(new RegExp(`^/uploads/reviews/${id}/[\\w-]+\\.webp$`));
    const served = await testApp.app.inject({ method: 'GET', url: photos[0]!.thumbnailUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(await totalsOf(product.id)).toEqual({ reviewCount: 1, ratingSum: 5 });

    // A minute later the author adds a photo: an edit of the review.
    testApp.clock.advance(60_000);
    const third = await postForm(`/api/reviews/${id}/photos`, buyer, {}, [{ name: 'back.png', data: png, type: 'image/png' }]);
    expect(third.statusCode).toBe(200);
    expect(third.json().review.photos).toHaveLength(3);
    expect(third.json().review.isEdited).toBe(true);
    const fourth = await postForm(`/api/reviews/${id}/photos`, buyer, {}, [{ name: 'more.png', data: png, type: 'image/png' }]);
    expect(fourth.statusCode).toBe(400);
    expect(fourth.json().code).toBe('too_many_photos');
    expect((await postForm(`/api/reviews/${id}/photos`, otherBuyer, {}, [{ name: 'x.png', data: png, type: 'image/png' }])).json().code).toBe(
      'not_your_review',
    );

    const removed = await call('DELETE', `/api/reviews/${id}/photos/${photos[0]!.id}`, buyer);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().review.photos.map((photo: { id: string }) => photo.id)).not.toContain(photos[0]!.id);
    expect((await testApp.app.inject({ method: 'GET', url: photos[0]!.url })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/reviews/${id}/photos/${photos[0]!.id}`, buyer)).statusCode).toBe(404);

    // Deleting the review takes its photos (rows and files) with it.
    expect((await call('DELETE', `/api/reviews/${id}`, buyer)).statusCode).toBe(204);
    expect(await testApp.database.db.select().from(reviewPhotos).where(eq(reviewPhotos.reviewId, id))).toEqual([]);
    expect((await testApp.app.inject({ method: 'GET', url: photos[1]!.url })).statusCode).toBe(404);
  });
});

describe('changing and deleting a review', () => {
  it('lets the author change it for 30 days, keeping the totals right, and refuses after', async () => {
    const product = await createReviewableListing(testApp, seller);
    const { orderItemId } = await createBoughtItem(testApp, buyer, product);
    const { id } = (await call('POST', '/api/reviews', buyer, review(orderItemId, { rating: 2 }))).json().review;
    const started = testApp.clock.now();
    try {
      testApp.clock.advance(29 * DAY);
      const edited = await call('PATCH', `/api/reviews/${id}`, buyer, { rating: 5, body: 'The seller sent a new shade: perfect now.' });
      expect(edited.statusCode).toBe(200);
      expect(edited.json().review).toMatchObject({
        rating: 5,
        title: 'Warm light',
        body: 'The seller sent a new shade: perfect now.',
        isEdited: true,
        canEdit: true,
      });
      expect(await totalsOf(product.id)).toEqual({ reviewCount: 1, ratingSum: 5 });
      expect((await call('PATCH', `/api/reviews/${id}`, buyer, {})).statusCode).toBe(400);
      expect((await call('PATCH', `/api/reviews/${id}`, buyer, { rating: 9 })).statusCode).toBe(400);

      const notAuthor = await call('PATCH', `/api/reviews/${id}`, otherBuyer, { rating: 1 });
      expect(notAuthor.statusCode).toBe(403);
      expect(notAuthor.json().code).toBe('not_your_review');
      expect((await call('DELETE', `/api/reviews/${id}`, otherBuyer)).json().code).toBe('not_your_review');
      expect((await call('PATCH', `/api/reviews/${id}`, seller, { rating: 1 })).statusCode).toBe(403);

      testApp.clock.advance(2 * DAY);
      for (const answer of [await call('PATCH', `/api/reviews/${id}`, buyer, { rating: 1 }), await call('DELETE', `/api/reviews/${id}`, buyer)]) {
        expect(answer.statusCode).toBe(403);
        expect(answer.json().code).toBe('review_edit_window_over');
      }
      expect(await totalsOf(product.id)).toEqual({ reviewCount: 1, ratingSum: 5 });
      const mine = (await call('GET', '/api/reviews/mine', buyer)).json().items.find((item: { id: string }) => item.id === id);
      expect(mine).toMatchObject({ rating: 5, canEdit: false });
    } finally {
      testApp.clock.set(started);
    }
  });

  it('deletes it within the window: the listing’s totals and the lists lose it', async () => {
    const product = await createReviewableListing(testApp, seller);
    const first = await createBoughtItem(testApp, buyer, product);
    const second = await createBoughtItem(testApp, otherBuyer, product);
    const { id } = (await call('POST', '/api/reviews', buyer, review(first.orderItemId, { rating: 1 }))).json().review;
    await call('POST', '/api/reviews', otherBuyer, review(second.orderItemId, { rating: 5 }));
    expect(await totalsOf(product.id)).toEqual({ reviewCount: 2, ratingSum: 6 });
    await call('POST', `/api/reviews/${id}/helpful`, otherBuyer);

    expect((await call('DELETE', `/api/reviews/${id}`, buyer)).statusCode).toBe(204);
    expect(await totalsOf(product.id)).toEqual({ reviewCount: 1, ratingSum: 5 });
    const list = (await call('GET', `/api/products/${product.id}/reviews`, null)).json();
    expect(list).toMatchObject({ average: 5, count: 1, total: 1 });
    expect(list.items.map((item: { id: string }) => item.id)).not.toContain(id);
    expect(await testApp.database.db.select().from(reviewHelpfulVotes).where(eq(reviewHelpfulVotes.reviewId, id))).toEqual([]);
    expect((await call('DELETE', `/api/reviews/${id}`, buyer)).statusCode).toBe(404);
    // The item can be reviewed afresh.
    expect((await call('POST', '/api/reviews', buyer, review(first.orderItemId, { rating: 3 }))).statusCode).toBe(201);
    expect(await totalsOf(product.id)).toEqual({ reviewCount: 2, ratingSum: 8 });
  });
});

describe('the seller’s reply', () => {
  it('is written once by the item’s seller, shown with the review, and the author is told', async () => {
    const product = await createReviewableListing(testApp, seller, { title: 'Linen throw' });
    const { orderItemId } = await createBoughtItem(testApp, buyer, product);
    const { id } = (await call('POST', '/api/reviews', buyer, review(orderItemId))).json().review;

    const stranger = await call('POST', `/api/reviews/${id}/reply`, otherSeller, { body: 'Not my item.' });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().code).toBe('not_your_sale');
    expect((await call('POST', `/api/reviews/${id}/reply`, buyer, { body: 'Me again.' })).statusCode).toBe(403);
    expect((await call('POST', `/api/reviews/${id}/reply`, seller, { body: '   ' })).statusCode).toBe(400);
    expect((await call('POST', `/api/reviews/${id}/reply`, seller, { body: 'x'.repeat(2001) })).statusCode).toBe(400);

    const replied = await call('POST', `/api/reviews/${id}/reply`, seller, { body: 'Thank you, Jane!' });
    expect(replied.statusCode).toBe(201);
    expect(replied.json().review).toMatchObject({
      id,
      sellerReply: { body: 'Thank you, Jane!' },
      canReply: false,
      product: { id: product.id, title: 'Linen throw' },
      isEdited: false,
    });
    const twice = await call('POST', `/api/reviews/${id}/reply`, seller, { body: 'One more thing.' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('reply_exists');

    const [shown] = (await call('GET', `/api/products/${product.id}/reviews`, null)).json().items;
    expect(shown.sellerReply).toEqual({ body: 'Thank you, Jane!', createdAt: expect.any(String) });
    const told = (await notificationsOf(buyer)).find((notification) => notification.kind === 'review_reply');
    expect(told).toMatchObject({ title: 'The seller replied to your review', link: `/products/${product.id}?review=${id}` });
    expect(told!.body).toContain('Thank you, Jane!');

    // The seller's own list: replied ones and those still to answer.
    const toAnswer = (await call('GET', '/api/seller/reviews?replied=false', seller)).json().items.map((item: { id: string }) => item.id);
    const answered = (await call('GET', '/api/seller/reviews?replied=true', seller)).json().items.map((item: { id: string }) => item.id);
    expect(answered).toContain(id);
    expect(toAnswer).not.toContain(id);
    expect((await call('GET', '/api/seller/reviews', otherSeller)).json().items.map((item: { id: string }) => item.id)).not.toContain(id);
  });
});

describe('helpful votes', () => {
  it('counts one vote per signed-in person, never the author’s, and takes it back', async () => {
    const product = await createReviewableListing(testApp, seller);
    const { orderItemId } = await createBoughtItem(testApp, buyer, product);
    const { id } = (await call('POST', '/api/reviews', buyer, review(orderItemId))).json().review;

    expect((await call('POST', `/api/reviews/${id}/helpful`, otherBuyer)).json()).toEqual({ helpfulCount: 1, votedByMe: true });
    // Again: the same, still one vote.
    expect((await call('POST', `/api/reviews/${id}/helpful`, otherBuyer)).json()).toEqual({ helpfulCount: 1, votedByMe: true });
    expect((await call('POST', `/api/reviews/${id}/helpful`, otherSeller)).json()).toEqual({ helpfulCount: 2, votedByMe: true });
    const own = await call('POST', `/api/reviews/${id}/helpful`, buyer);
    expect(own.statusCode).toBe(403);
    expect(own.json().code).toBe('own_review');
    expect((await call('POST', `/api/reviews/${id}/helpful`, null)).statusCode).toBe(401);
    expect((await call('POST', '/api/reviews/00000000-0000-4000-8000-000000000000/helpful', otherBuyer)).statusCode).toBe(404);

    const listAs = async (who: Person | null) => (await call('GET', `/api/products/${product.id}/reviews`, who)).json().items[0];
    expect(await listAs(otherBuyer)).toMatchObject({ id, helpfulCount: 2, votedByMe: true });
    expect(await listAs(seller)).toMatchObject({ helpfulCount: 2, votedByMe: false });
    expect(await listAs(null)).toMatchObject({ helpfulCount: 2, votedByMe: false });
    // A bad token does not break the public list; it is read as no one.
    expect(
      (await testApp.app.inject({ method: 'GET', url: `/api/products/${product.id}/reviews`, headers: { authorization: 'Bearer nonsense' } })).statusCode,
    ).toBe(200);

    expect((await call('DELETE', `/api/reviews/${id}/helpful`, otherBuyer)).json()).toEqual({ helpfulCount: 1, votedByMe: false });
    expect((await call('DELETE', `/api/reviews/${id}/helpful`, otherBuyer)).json()).toEqual({ helpfulCount: 1, votedByMe: false });
    expect(await listAs(otherBuyer)).toMatchObject({ helpfulCount: 1, votedByMe: false });
  });
});

describe('hiding a review', () => {
  it('takes a reason, leaves the averages and the lists, tells the author, and shows it again on unhide', async () => {
    const product = await createReviewableListing(testApp, seller, { title: 'Cast iron pan' });
    const kept = await createBoughtItem(testApp, otherBuyer, product);
    const { orderItemId, orderId } = await createBoughtItem(testApp, buyer, product);
    await call('POST', '/api/reviews', otherBuyer, review(kept.orderItemId, { rating: 5 }));
    const { id } = (await call('POST', '/api/reviews', buyer, review(orderItemId, { rating: 1, title: 'Rude <words>' }))).json().review;
    expect(await totalsOf(product.id)).toEqual({ reviewCount: 2, ratingSum: 6 });

    expect((await call('POST', `/api/admin/reviews/${id}/hide`, admin, {})).statusCode).toBe(400);
    expect((await call('POST', `/api/admin/reviews/${id}/hide`, admin, { reason: '  ' })).statusCode).toBe(400);
    expect((await call('POST', `/api/admin/reviews/${id}/hide`, seller, { reason: 'I do not like it' })).statusCode).toBe(403);
    const hidden = await call('POST', `/api/admin/reviews/${id}/hide`, admin, { reason: 'Offensive language' });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json().review).toMatchObject({
      id,
      hidden: { reason: 'Offensive language', byName: `${admin.firstName} ${admin.lastName}` },
      buyer: { id: buyer.id, email: buyer.email },
    });
    const twice = await call('POST', `/api/admin/reviews/${id}/hide`, admin, { reason: 'Again' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('review_already_hidden');

    // Out of the averages and every public list.
    expect(await totalsOf(product.id)).toEqual({ reviewCount: 1, ratingSum: 5 });
    const list = (await call('GET', `/api/products/${product.id}/reviews`, null)).json();
    expect(list).toMatchObject({ average: 5, count: 1, total: 1, distribution: { '1': 0, '5': 1 } });
    expect(list.items.map((item: { id: string }) => item.id)).not.toContain(id);
    expect((await call('GET', `/api/products/${product.id}`, null)).json()).toMatchObject({ averageRating: 5, reviewCount: 1 });
    expect((await call('GET', '/api/seller/reviews', seller)).json().items.map((item: { id: string }) => item.id)).not.toContain(id);
    // Nobody but its author and the admins finds it.
    expect((await call('POST', `/api/reviews/${id}/helpful`, otherBuyer)).statusCode).toBe(404);
    expect((await call('POST', `/api/reviews/${id}/reply`, seller, { body: 'Sorry to hear.' })).statusCode).toBe(404);
    expect((await call('PATCH', `/api/reviews/${id}`, otherBuyer, { rating: 3 })).statusCode).toBe(404);

    // The author sees it with the reason, and is told in the bell and by e-mail.
    const mine = (await call('GET', `/api/reviews/mine?orderId=${orderId}`, buyer)).json();
    expect(mine.items).toEqual([expect.objectContaining({ id, isHidden: true, hiddenReason: 'Offensive language' })]);
    const told = (await notificationsOf(buyer)).find((notification) => notification.kind === 'review_hidden');
    expect(told).toMatchObject({ title: 'Your review was hidden', link: `/myorders/${orderId}?review=${orderItemId}` });
    expect(told!.body).toContain('Offensive language');
    const [mail] = await testApp.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toUserId, buyer.id), eq(mailOutbox.template, 'review-hidden')));
    expect(mail).toMatchObject({ subject: 'Your review was hidden', category: 'transactional' });
    expect(mail!.text).toContain('Offensive language');
    expect(mail!.text).toContain(`/myorders/${orderId}?review=${orderItemId}`);
    // What the buyer wrote is escaped in the HTML.
    expect(mail!.html).toContain('Rude &lt;words&gt;');
    expect(mail!.html).not.toContain('<words>');

    // Editing a hidden review leaves the totals alone.
    expect((await call('PATCH', `/api/reviews/${id}`, buyer, { rating: 2, title: 'Calmer words' })).statusCode).toBe(200);
    expect(await totalsOf(product.id)).toEqual({ reviewCount: 1, ratingSum: 5 });

    // The admins' moderation list.
    const hiddenList = (await call('GET', `/api/admin/reviews?hidden=true&productId=${product.id}`, admin)).json();
    expect(hiddenList).toMatchObject({ total: 1, items: [{ id, hidden: { reason: 'Offensive language' } }] });
    expect((await call('GET', `/api/admin/reviews?hidden=false&productId=${product.id}`, admin)).json().total).toBe(1);
    expect((await call('GET', '/api/admin/reviews', buyer)).statusCode).toBe(403);

    const shown = await call('POST', `/api/admin/reviews/${id}/unhide`, admin);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().review.hidden).toBeNull();
    expect(await totalsOf(product.id)).toEqual({ reviewCount: 2, ratingSum: 7 });
    expect((await call('GET', `/api/products/${product.id}/reviews`, null)).json()).toMatchObject({ average: 3.5, count: 2, distribution: { '2': 1, '5': 1 } });
    const again = await call('POST', `/api/admin/reviews/${id}/unhide`, admin);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('review_not_hidden');
  });
});

describe('a review id that is not a UUID', () => {
  it('answers 400 validation_failed with { error, code } on every call that names a review, never a 404 or 500', async () => {
    const calls: Array<[method: 'POST' | 'PATCH' | 'DELETE', path: string, who: Person, payload?: object]> = [
      ['POST', '/reply', seller, { body: 'Thank you!' }],
      ['PATCH', '', buyer, { rating: 3 }],
      ['DELETE', '', buyer],
      ['POST', '/helpful', otherBuyer],
      ['DELETE', '/helpful', otherBuyer],
      ['POST', '/hide', admin, { reason: 'Spam' }],
      ['POST', '/unhide', admin],
    ];
    for (const malformed of ['not-a-uuid', '12345', '00000000-0000-4000-8000-00000000000', "1' or '1'='1"]) {
      for (const [method, path, who, payload] of calls) {
        const base =
          path === '/hide' || path === '/unhide' ? `/api/admin/reviews/${encodeURIComponent(malformed)}` : `/api/reviews/${encodeURIComponent(malformed)}`;
        const answer = await call(method, `${base}${path}`, who, payload);
        const label = `${method} ${base}${path}`;
        expect(answer.statusCode, label).toBe(400);
        expect(answer.json(), label).toEqual(expect.objectContaining({ error: expect.any(String), code: 'validation_failed' }));
      }
    }
  });
});

describe('replying to a hidden review', () => {
  it('answers 404 to the item’s own seller, stores no reply and tells nobody; shown again, it can be answered', async () => {
    const product = await createReviewableListing(testApp, seller, { title: 'Linen apron' });
    const { orderItemId } = await createBoughtItem(testApp, buyer, product);
    const { id } = (await call('POST', '/api/reviews', buyer, review(orderItemId, { rating: 2, title: 'Call 555-0100' }))).json().review;
    expect((await call('POST', `/api/admin/reviews/${id}/hide`, admin, { reason: 'Phone numbers are not allowed' })).statusCode).toBe(200);
    const repliesBefore = (await notificationsOf(buyer)).filter((notification) => notification.kind === 'review_reply').length;

    const answer = await call('POST', `/api/reviews/${id}/reply`, seller, { body: 'Please call us instead.' });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({ error: 'Review not found', code: 'not_found' });
    // Nothing was written: the admins still see no reply, and the author was not told of one.
    const [moderated] = (await call('GET', `/api/admin/reviews?hidden=true&productId=${product.id}`, admin)).json().items;
    expect(moderated).toMatchObject({ id, sellerReply: null });
    expect((await notificationsOf(buyer)).filter((notification) => notification.kind === 'review_reply')).toHaveLength(repliesBefore);

    // Shown again, the seller may answer it (once).
    expect((await call('POST', `/api/admin/reviews/${id}/unhide`, admin)).statusCode).toBe(200);
    expect((await call('POST', `/api/reviews/${id}/reply`, seller, { body: 'Sorry it disappointed you.' })).statusCode).toBe(201);
  });
});

describe('the public list of a listing’s reviews', () => {
  it('answers 404 for an unknown listing and for one not live, except to its seller and admins', async () => {
    expect((await call('GET', '/api/products/00000000-0000-4000-8000-000000000000/reviews', null)).statusCode).toBe(404);
    expect((await call('GET', '/api/products/not-an-id/reviews', null)).statusCode).toBe(400);
    const hiddenListing = await createReviewableListing(testApp, seller, { status: 'hidden' });
    expect((await call('GET', `/api/products/${hiddenListing.id}/reviews`, null)).statusCode).toBe(404);
    expect((await call('GET', `/api/products/${hiddenListing.id}/reviews`, buyer)).statusCode).toBe(404);
    expect((await call('GET', `/api/products/${hiddenListing.id}/reviews`, seller)).statusCode).toBe(200);
    expect((await call('GET', `/api/products/${hiddenListing.id}/reviews`, admin)).statusCode).toBe(200);
    expect((await call('GET', `/api/products/${hiddenListing.id}/reviews?sort=best`, seller)).statusCode).toBe(400);
    expect((await call('GET', `/api/products/${hiddenListing.id}/reviews?limit=51`, seller)).statusCode).toBe(400);
  });
});
