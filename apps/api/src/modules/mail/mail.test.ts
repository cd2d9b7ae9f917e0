import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SANDBOX_TEST_ACCOUNT_NUMBER, SANDBOX_TEST_ROUTING_NUMBER } from '@marketplace/contracts/payouts';
import { mailOutbox, shipments } from '../../db/schema';
import { openDatabase } from '../../db/client';
import { JOB_NAMES } from '../../jobs';
import { createDomainEvents } from '../../lib/domain-events';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { addShipFromAddress, createUser } from '../../../test/factories';
import { bearerFor, createCommerceCategory, createListing } from '../../../test/factories-commerce';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../../../test/smtp-sink';
import { findSellerWeekFigures } from '../analytics';
import { findPlacedOrder } from '../orders';
import { createWorkspaceService } from '../workspace';
import { createMailNotifications } from './mail-notifications';
import { createMailService, HIDDEN_ACCOUNT_LINK_NOTICE } from './mail.service';
import type { MailEnvelope, MailTransport } from './smtp-transport';
import { createUnsubscribeLinks } from './unsubscribe-links';
import { timeLimit } from '../../../test/time-limit';

// E-mail end to end: a real SMTP server in this process (test/smtp-sink.ts) receives what the mail job
// sends for a whole purchase, made through the API as users make it. Runs on PGlite, and on PostgreSQL
// with TEST_DATABASE_URL (where two instances also race for the same messages).

const PUBLIC_URL = 'https://shop.test';
const FROM = 'Test Market <mail@shop.test>';
const NASTY_TITLE = '<script>alert("x")</script> Walnut & Oak board';

let smtp: SmtpSink;
let testApp: TestApp;

interface Person {
  id: string;
  email: string;
  token: string;
}

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, who: Person | null, payload?: object) =>
  testApp.app.inject({ method, url, headers: who ? { authorization: who.token } : {}, ...(payload ? { payload } : {}) });

async function person(role: 'buyer' | 'seller' | 'admin', firstName = 'Test'): Promise<Person> {
  const user = await createUser(testApp.database.db, { role, firstName });
  return { id: user.id, email: user.email, token: await bearerFor(testApp, user) };
}

/** Lets the mail reactions write their rows, then runs the mail job as the queue runs it. */
async function runMailJob() {
  await testApp.services.mailNotifications.settled();
  return testApp.services.mail.deliverDue();
}

async function sellerReadyToShipAndBePaid(): Promise<Person> {
  const seller = await person('seller', 'Sam');
  await addShipFromAddress(testApp.database.db, seller.id, 'Sam Warehouse');
  const created = await call('POST', '/api/stripe-connect/create-express-account', seller, { type: 'express', country: 'US' });
  const link = await call('POST', '/api/stripe-connect/create-onboarding-link', seller, { accountId: created.json().accountId });
  const token = new URL(link.json().url as string).pathname.split('/').at(-1);
  await call('POST', `/api/sandbox/connect/links/${token}/complete`, null, {
    businessType: 'company',
    businessName: 'Acme',
    routingNumber: SANDBOX_TEST_ROUTING_NUMBER,
    accountNumber: SANDBOX_TEST_ACCOUNT_NUMBER,
  });
  // Reading the status brings the finished onboarding into our records.
  expect((await call('GET', `/api/stripe-connect/account-status/${created.json().accountId}`, seller)).json().status).toBe('complete');
  return seller;
}

let keys = 0;
async function buy(buyer: Person, productId: string, quantity = 1) {
  expect((await call('POST', '/api/cart/items', buyer, { product_id: productId, quantity })).statusCode).toBeLessThan(300);
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/orders/checkout',
    headers: { authorization: buyer.token, 'idempotency-key': `mail-test-${Date.now()}-${++keys}` },
    payload: {
      shippingAddress: { name: 'Ada <b>Buyer</b>', line1: '1 Main St', city: 'Portland', state: 'OR', postal_code: '97201', country: 'US' },
      payment: { card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2035, cvc: '123' } },
    },
  });
  expect(response.statusCode).toBeLessThan(300);
  const [order] = await testApp.database.db.query.orders.findMany({
    where: (orders, { eq: equals }) => equals(orders.buyerId, buyer.id),
    orderBy: (orders, { desc }) => desc(orders.createdAt),
  });
  const items = await testApp.database.db.query.orderItems.findMany({ where: (items, { eq: equals }) => equals(items.orderId, order!.id) });
  return { order: order!, items };
}

const to = (mail: ReceivedMail) => mail.recipients[0];
const outboxRows = () => testApp.database.db.select().from(mailOutbox);

beforeAll(async () => {
  smtp = await startSmtpSink();
  testApp = await buildTestApp({ environment: { SMTP_URL: smtp.url, MAIL_FROM: FROM, PUBLIC_URL } });
});

afterAll(async () => {
  await testApp?.close();
  await smtp?.close();
});

beforeEach(() => {
  smtp.received.length = 0;
  smtp.answerRecipient = () => null;
});

describe('a whole purchase, as the SMTP server receives it', () => {
  it('sends the receipt, the new order, shipped with tracking, delivered and payout sent — escaped, in dollars, linking to PUBLIC_URL', {
    timeout: timeLimit(60_000),
  }, async () => {
    const seller = await sellerReadyToShipAndBePaid();
    const buyer = await person('buyer', 'Ada');
    const admin = await person('admin');
    const category = await createCommerceCategory(testApp.database.db);
    const product = await createListing(testApp.database.db, {
      sellerId: seller.id,
      categoryId: category.id,
      title: NASTY_TITLE,
      priceCents: 2250,
      quantity: 5,
    });

    // 1. Checkout: the buyer's receipt and the seller's new order. The request wrote rows; nothing was sent yet.
    const { order, items } = await buy(buyer, product.id, 2);
    await testApp.services.mailNotifications.settled();
    expect(smtp.received).toHaveLength(0);
    expect((await outboxRows()).filter((row) => row.status === 'queued').length).toBeGreaterThanOrEqual(2);
    expect(await runMailJob()).toMatchObject({ sent: 2, failed: 0 });
    const placed = await smtp.waitFor(2);
    const receipt = placed.find((mail) => to(mail) === buyer.email)!;
    const newOrder = placed.find((mail) => to(mail) === seller.email)!;

    expect(receipt.parsed.from?.value).toEqual([{ name: 'Test Market', address: 'mail@shop.test' }]);
    expect(receipt.parsed.to && 'text' in receipt.parsed.to ? receipt.parsed.to.text : '').toBe(buyer.email);
    expect(receipt.parsed.subject).toBe(`Your order #${order.id.slice(0, 8)} is confirmed`);
    // Transactional: no unsubscribe headers.
    expect(receipt.header('list-unsubscribe')).toBeUndefined();
    const receiptHtml = String(receipt.parsed.html);
    // Escaped: the title's markup is text, never a tag; the same for the address the buyer typed.
    expect(receiptHtml).not.toContain('<script>');
    expect(receiptHtml).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Walnut &amp; Oak board');
    expect(receiptHtml).toContain('Ada &lt;b&gt;Buyer&lt;/b&gt;');
    // Money: 2 × $22.50 = $45.00, shipping $5.99 under $50, total $50.99 — the same as the receipt page.
    expect(receiptHtml).toContain('$45.00');
    expect(receiptHtml).toContain('$5.99');
    expect(receiptHtml).toContain('$50.99');
    expect(receipt.parsed.text).toContain(`2 × ${NASTY_TITLE}: $45.00`);
    expect(receipt.parsed.text).toContain('Total paid: $50.99');
    // Each shop's part with the days it should arrive between, as the checkout promised.
    expect(receipt.parsed.text).toMatch(/Arrives [A-Z][a-z]{2} \d{1,2}(–[A-Za-z ]*\d{1,2})? · \$5\.99/);
    expect(receiptHtml).toContain(`href="${PUBLIC_URL}/myorders/${order.id}"`);
    expect(receiptHtml).toContain('#0f766e');

    // A notification: one-click unsubscribe headers pointing at a signed link on PUBLIC_URL.
    expect(newOrder.parsed.subject).toBe(`New order #${order.id.slice(0, 8)}: ${NASTY_TITLE}`);
    const unsubscribe = newOrder.header('list-unsubscribe');
    expect(unsubscribe).toMatch(new RegExp(`^<${PUBLIC_URL}/api/mail/unsubscribe\\?u=${seller.id}&p=newOrder&s=[\\w-]+>$`));
    expect(newOrder.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(String(newOrder.parsed.html)).not.toContain('<script>');
    expect(String(newOrder.parsed.html)).toContain(`href="${PUBLIC_URL}/seller/orders/items/${order.id}"`);
    expect(String(newOrder.parsed.html)).toContain('$45.00');
    expect(newOrder.parsed.text).toMatch(/Ship by [A-Z][a-z]{2} \d{1,2}: the buyer was told it arrives [A-Z][a-z]{2} \d{1,2}/);

    // 2. The seller approves (the buyer hears it) and buys a label: the buyer hears it shipped, with the tracking number.
    expect((await call('PATCH', `/api/seller/order-items/${items[0]!.id}`, seller, { status: 'approved' })).statusCode).toBe(200);
    expect(await runMailJob()).toMatchObject({ sent: 1 });
    const [approved] = (await smtp.waitFor(3)).slice(2);
    expect(to(approved!)).toBe(buyer.email);
    expect(approved!.parsed.subject).toBe(`Confirmed: ${NASTY_TITLE} (order #${order.id.slice(0, 8)})`);
    expect(String(approved!.parsed.html)).not.toContain('<script>');
    expect(approved!.header('list-unsubscribe')).toBeUndefined();
    const created = await call('POST', `/api/shipments/create/${order.id}`, seller);
    const shipmentId = created.json().shipments[0].id as string;
    const processed = await call('POST', `/api/shipments/process-ups/${shipmentId}`, seller);
    expect(processed.statusCode).toBe(200);
    const trackingNumber = processed.json().trackingNumber as string;
    expect(await runMailJob()).toMatchObject({ sent: 1 });
    const [shipped] = (await smtp.waitFor(4)).slice(3);
    expect(to(shipped!)).toBe(buyer.email);
    expect(shipped!.parsed.subject).toBe(`Shipped: your order #${order.id.slice(0, 8)}`);
    expect(shipped!.parsed.text).toContain(`UPS tracking number: ${trackingNumber}`);
    expect(String(shipped!.parsed.html)).not.toContain('<script>');

    // 3. The carrier delivers it.
    expect((await call('PUT', `/api/shipments/track/${shipmentId}`, seller, { simulateStatus: 'delivered' })).statusCode).toBe(200);
    expect(await runMailJob()).toMatchObject({ sent: 1 });
    const [delivered] = (await smtp.waitFor(5)).slice(4);
    expect(to(delivered!)).toBe(buyer.email);
    expect(delivered!.parsed.subject).toBe(`Delivered: your order #${order.id.slice(0, 8)}`);

    // 4. The admin pays the seller: the breakdown, from the payout rule's own figures.
    const payout = await call('POST', '/api/stripe-connect/payout', admin, { orderItemId: items[0]!.id });
    expect(payout.statusCode).toBe(200);
    expect(await runMailJob()).toMatchObject({ sent: 1 });
    const [paid] = (await smtp.waitFor(6)).slice(5);
    expect(to(paid!)).toBe(seller.email);
    // $45.00 less 10 % commission ($4.50) = $40.50 gross; the transfer fee is 0.25 % + $0.25 = $0.35 → $40.15; then the
    // shop's $5.99 shipping is the seller's, and the label they bought is charged to them.
    const [label] = await testApp.database.db.select({ chargesCents: shipments.chargesCents }).from(shipments).where(eq(shipments.id, shipmentId));
    const labelCents = label!.chargesCents!;
    const net = `$${((4015 + 599 - labelCents) / 100).toFixed(2)}`;
    expect(paid!.parsed.subject).toBe(`Payout sent: ${net}`);
    expect(paid!.parsed.text).toContain(`2 × ${NASTY_TITLE}: $45.00`);
    expect(paid!.parsed.text).toContain('Commission (10 %): -$4.50');
    expect(paid!.parsed.text).toContain('Transfer fee: -$0.35');
    expect(paid!.parsed.text).toContain('Shipping the buyer paid: $5.99');
    expect(paid!.parsed.text).toContain(`Shipping labels: -$${(labelCents / 100).toFixed(2)}`);
    expect(paid!.parsed.text).toContain(`Paid to you: ${net}`);
    expect(paid!.header('list-unsubscribe')).toContain('p=payoutSent');

    // The outbox kept every one as sent, once.
    const rows = (await outboxRows()).filter((row) => row.toUserId === buyer.id || row.toUserId === seller.id);
    expect(rows.map((row) => [row.template, row.status, row.attempts]).sort()).toEqual(
      [
        ['item-approved', 'sent', 1],
        ['items-delivered', 'sent', 1],
        ['items-shipped', 'sent', 1],
        ['order-placed-buyer', 'sent', 1],
        ['order-placed-seller', 'sent', 1],
        ['payout-sent', 'sent', 1],
      ].sort(),
    );
  });

  it('tells the buyer about a refund, and the buyer, the seller and every admin about a dispute', { timeout: timeLimit(60_000) }, async () => {
    const seller = await person('seller');
    await addShipFromAddress(testApp.database.db, seller.id);
    const buyer = await person('buyer');
    const admin = await person('admin');
    const category = await createCommerceCategory(testApp.database.db);
    const mug = await createListing(testApp.database.db, { sellerId: seller.id, categoryId: category.id, title: 'Mug', priceCents: 6000 });
    const lamp = await createListing(testApp.database.db, { sellerId: seller.id, categoryId: category.id, title: 'Lamp <b>XL</b>', priceCents: 3000 });
    await call('POST', '/api/cart/items', buyer, { product_id: mug.id, quantity: 1 });
    const { order, items } = await buy(buyer, lamp.id, 1);
    await runMailJob();
    const mugItem = items.find((item) => item.productId === mug.id)!;
    const lampItem = items.find((item) => item.productId === lamp.id)!;

    // The seller rejects the mug: the buyer hears why, and gets its $60.00 back (shipping is free from $50).
    expect((await call('PATCH', `/api/seller/order-items/${mugItem.id}`, seller, { status: 'rejected', reason: 'Broken in stock' })).statusCode).toBe(200);
    smtp.received.length = 0;
    await runMailJob();
    await smtp.waitFor(2);
    const rejected = smtp.received.find((received) => received.parsed.subject?.startsWith('Not available'))!;
    expect(to(rejected)).toBe(buyer.email);
    expect(rejected.parsed.subject).toBe(`Not available: Mug (order #${order.id.slice(0, 8)})`);
    expect(rejected.parsed.text).toContain('Refund: $60.00');
    expect(rejected.parsed.text).toContain('Broken in stock');
    const refund = smtp.received.find((received) => received.parsed.subject?.startsWith('Refund'));
    expect(to(refund!)).toBe(buyer.email);
    expect(refund!.parsed.subject).toBe(`Refund of $60.00 for order #${order.id.slice(0, 8)}`);
    expect(refund!.header('list-unsubscribe')).toBeUndefined();

    // The lamp ships, and the buyer disputes it.
    await call('PATCH', `/api/seller/order-items/${lampItem.id}`, seller, { status: 'approved' });
    const shipmentId = (await call('POST', `/api/shipments/create/${order.id}`, seller)).json().shipments[0].id as string;
    expect((await call('POST', `/api/shipments/process-ups/${shipmentId}`, seller)).statusCode).toBe(200);
    await runMailJob();
    smtp.received.length = 0;
    const boundary = '----mail-test';
    const fields = { orderItemId: lampItem.id, reason: 'damaged', description: 'It arrived cracked <img src=x onerror=alert(1)> in two places.' };
    const body =
      Object.entries(fields)
        .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
        .join('') + `--${boundary}--\r\n`;
    const opened = await testApp.app.inject({
      method: 'POST',
      url: '/api/disputes',
      headers: { authorization: buyer.token, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(opened.statusCode).toBeLessThan(300);
    await runMailJob();
    const disputeMails = smtp.received.filter((received) => received.parsed.subject === `Dispute opened on order #${order.id.slice(0, 8)}: Lamp <b>XL</b>`);
    expect(disputeMails.map(to)).toEqual(expect.arrayContaining([buyer.email, seller.email, admin.email]));
    for (const received of disputeMails) {
      expect(String(received.parsed.html)).not.toContain('<img');
      expect(String(received.parsed.html)).toContain('&lt;img src=x onerror=alert(1)&gt;');
    }
    // Only the seller's copy is optional, so only it can be unsubscribed from.
    expect(disputeMails.find((received) => to(received) === seller.email)!.header('list-unsubscribe')).toContain('p=disputeOpened');
    expect(disputeMails.find((received) => to(received) === admin.email)!.header('list-unsubscribe')).toBeUndefined();
    expect(String(disputeMails.find((received) => to(received) === admin.email)!.parsed.html)).toContain(`${PUBLIC_URL}/admin/disputes/`);
  });
});

describe('preferences and the unsubscribe link', () => {
  it('sends an opted-out seller no "new order" e-mail; the receipt still goes', async () => {
    const seller = await person('seller');
    const buyer = await person('buyer');
    const preferences = { newOrder: false, newMessage: true, payoutSent: true, disputeOpened: true, weeklySummary: false };
    expect((await call('PUT', '/api/users/me/notification-preferences', seller, preferences)).statusCode).toBe(200);
    const category = await createCommerceCategory(testApp.database.db);
    const product = await createListing(testApp.database.db, { sellerId: seller.id, categoryId: category.id });
    await buy(buyer, product.id);
    await runMailJob();
    expect(smtp.received.map(to)).toEqual([buyer.email]);
    expect((await outboxRows()).filter((row) => row.toUserId === seller.id)).toEqual([]);
  });

  it('turns the preference off from the link (GET asks, POST one-click does it) and refuses a forged link', async () => {
    const seller = await person('seller');
    const other = await person('seller');
    const buyer = await person('buyer');
    const category = await createCommerceCategory(testApp.database.db);
    await buy(buyer, (await createListing(testApp.database.db, { sellerId: seller.id, categoryId: category.id })).id);
    await runMailJob();
    const mail = smtp.received.find((received) => to(received) === seller.email)!;
    const url = new URL(mail.header('list-unsubscribe')!.slice(1, -1));
    const path = `${url.pathname}${url.search}`;

    // GET only asks: link checkers open links.
    const page = await testApp.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('Stop e-mails about new orders?');
    expect((await call('GET', '/api/users/me/notification-preferences', seller)).json().newOrder).toBe(true);

    // The mail client's one-click POST.
    const done = await testApp.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    expect((await call('GET', '/api/users/me/notification-preferences', seller)).json()).toMatchObject({
      newOrder: false,
      payoutSent: true,
      disputeOpened: true,
    });

    // The next order sends the seller nothing.
    smtp.received.length = 0;
    await buy(buyer, (await createListing(testApp.database.db, { sellerId: seller.id, categoryId: category.id })).id);
    await runMailJob();
    expect(smtp.received.map(to)).toEqual([buyer.email]);

    // Someone else's id with this signature, or a changed preference: refused, nothing changes.
    const forged = new URL(url);
    forged.searchParams.set('u', other.id);
    const refused = await testApp.app.inject({
      method: 'POST',
      url: `${forged.pathname}${forged.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: expect.stringMatching(/not valid/), code: 'invalid_unsubscribe_link' });
    const otherPreference = new URL(url);
    otherPreference.searchParams.set('p', 'payoutSent');
    expect((await testApp.app.inject({ method: 'GET', url: `${otherPreference.pathname}${otherPreference.search}` })).json()).toMatchObject({
      code: 'invalid_unsubscribe_link',
    });
    expect((await call('GET', '/api/users/me/notification-preferences', other)).json().newOrder).toBe(true);
    expect((await testApp.app.inject({ method: 'GET', url: '/api/mail/unsubscribe' })).json()).toMatchObject({ code: 'validation_failed' });
  });
});

describe('sent once', () => {
  it('records and sends the same event handled twice as one message per recipient', async () => {
    const seller = await person('seller');
    const buyer = await person('buyer');
    const category = await createCommerceCategory(testApp.database.db);
    const { order } = await buy(buyer, (await createListing(testApp.database.db, { sellerId: seller.id, categoryId: category.id })).id);
    await runMailJob();
    smtp.received.length = 0;
    // The app's own reactions, subscribed a second time on a bus of their own: the same order placed, twice more.
    const events = createDomainEvents({ database: testApp.database.db });
    const failures: unknown[] = [];
    const workspace = createWorkspaceService({ db: testApp.database.db, clock: testApp.clock });
    const mail = createMailService({
      db: testApp.database.db,
      clock: testApp.clock,
      config: testApp.config.mail,
      log: { info: () => undefined, warn: () => undefined },
    });
    const again = createMailNotifications({
      db: testApp.database.db,
      events,
      mail,
      workspace,
      unsubscribeLinks: createUnsubscribeLinks({ secret: 'x'.repeat(32), publicUrl: PUBLIC_URL }),
      publicUrl: PUBLIC_URL,
      clock: testApp.clock,
      isOnline: async () => false,
      weeklyFiguresOf: (sellerId, from, to) => findSellerWeekFigures(testApp.database.db, sellerId, from, to),
      onError: (error) => void failures.push(error),
    });
    const event = {
      type: 'order.placed' as const,
      orderId: order.id,
      buyerId: buyer.id,
      sellerIds: [seller.id],
      productIds: [],
      totalCents: order.totalCents,
      order: (await findPlacedOrder(testApp.database.db, order.id))!,
    };
    events.publish(event);
    events.publish(event);
    await again.settled();
    expect(failures).toEqual([]);
    expect(await mail.deliverDue()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(smtp.received).toHaveLength(0);
    const rows = (await outboxRows()).filter((row) => row.dedupeKey?.includes(order.id));
    expect(rows.map((row) => row.dedupeKey).sort()).toEqual([`order-placed-buyer:${order.id}`, `order-placed-seller:${order.id}:${seller.id}`]);
    // Asked directly, the second send answers the first row as a duplicate.
    const direct = {
      to: buyer.email,
      template: 'test',
      subject: 'Once',
      html: '<p>x</p>',
      text: 'x',
      category: 'transactional' as const,
      dedupeKey: `test-once-${order.id}`,
    };
    const first = await mail.send(direct);
    expect(await mail.send(direct)).toEqual({ id: first.id, duplicate: true });
    await mail.deliverDue();
    expect(smtp.received.filter((received) => received.parsed.subject === 'Once')).toHaveLength(1);
  });

  it('delivers each message once when two instances run the mail job at the same time', async () => {
    const second = await buildTestApp({ environment: { SMTP_URL: smtp.url, MAIL_FROM: FROM, PUBLIC_URL }, sharedDatabase: testApp.database });
    try {
      const base = Date.now();
      const mail = createMailService({
        db: testApp.database.db,
        clock: testApp.clock,
        config: testApp.config.mail,
        log: { info: () => undefined, warn: () => undefined },
      });
      for (let index = 0; index < 12; index += 1) {
        await mail.send({
          to: `race-${index}@test.example`,
          template: 'test',
          subject: `Race ${base}-${index}`,
          html: '<p>race</p>',
          text: 'race',
          category: 'transactional',
        });
      }
      const [a, b] = await Promise.all([testApp.services.mail.deliverDue(), second.services.mail.deliverDue()]);
      expect(a.sent + b.sent).toBe(12);
      const arrived = smtp.received.filter((received) => received.parsed.subject?.startsWith(`Race ${base}-`));
      expect(arrived).toHaveLength(12);
      expect(new Set(arrived.map((received) => received.parsed.subject)).size).toBe(12);
    } finally {
      await second.close();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL (skipped without TEST_DATABASE_URL)', () => {
  it('runs the mail job on both, each with its own queue and connections, and every message arrives once', { timeout: timeLimit(60_000) }, async () => {
    const [row] = (await testApp.database.executeSql('select current_database() as name')).rows as Array<{ name: string }>;
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${row!.name}`;
    const ownConnections = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 3 });
    const fast = { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1, drainSeconds: 2 };
    const environment = { SMTP_URL: smtp.url, MAIL_FROM: FROM, PUBLIC_URL };
    const first = await buildTestApp({ environment, sharedDatabase: testApp.database, jobs: fast });
    const second = await buildTestApp({ environment, sharedDatabase: ownConnections, jobs: fast });
    try {
      const base = Date.now();
      const mail = createMailService({
        db: testApp.database.db,
        clock: first.clock,
        config: testApp.config.mail,
        log: { info: () => undefined, warn: () => undefined },
      });
      for (let index = 0; index < 12; index += 1) {
        await mail.send({
          to: `queue-${index}@test.example`,
          template: 'test',
          subject: `Queued ${base}-${index}`,
          html: '<p>q</p>',
          text: 'q',
          category: 'transactional',
        });
      }
      const arrived = () => smtp.received.filter((received) => received.parsed.subject?.startsWith(`Queued ${base}-`));
      const queuedRows = async () => (await outboxRows()).filter((row) => row.subject.startsWith(`Queued ${base}-`));
      // Settled once every row says sent and, after that, no mail run is under way on either instance. A sent
      // row is never claimed again, so later runs send none of these; a second copy of one (two runs holding
      // the same row) would come from a run still under way, and the sink has a copy before its run finishes.
      await vi.waitFor(
        async () => {
          expect((await queuedRows()).map((row) => row.status)).toEqual(Array.from({ length: 12 }, () => 'sent'));
          expect((await first.jobs!.stats()).find((queue) => queue.queue === JOB_NAMES.sendQueuedMail)?.active).toBe(0);
        },
        { timeout: 30_000, interval: 200 },
      );
      expect(arrived()).toHaveLength(12);
      expect(new Set(arrived().map((received) => received.parsed.subject)).size).toBe(12);
      expect((await queuedRows()).every((row) => row.attempts === 1)).toBe(true);
    } finally {
      await first.close();
      await second.close();
      await ownConnections.close();
    }
  });
});

describe('failures', () => {
  const send = (address: string, subject: string) =>
    createMailService({
      db: testApp.database.db,
      clock: testApp.clock,
      config: testApp.config.mail,
      log: { info: () => undefined, warn: () => undefined },
    }).send({ to: address, template: 'test', subject, html: '<p>x</p>', text: 'x', category: 'transactional' });
  const rowOf = async (id: string) => (await testApp.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;

  it('records a 550 as failed for good and never tries the address again', async () => {
    smtp.answerRecipient = (address) => (address === 'gone@test.example' ? { code: 550, message: '5.1.1 Mailbox unavailable' } : null);
    const { id } = await send('gone@test.example', 'Bounce');
    expect(await testApp.services.mail.deliverDue()).toMatchObject({ failed: 1, sent: 0 });
    expect(await rowOf(id)).toMatchObject({ status: 'failed', attempts: 1, lastError: expect.stringContaining('550'), sentAt: null });
    testApp.clock.advance(24 * 60 * 60 * 1000);
    await testApp.services.mail.deliverDue();
    expect(smtp.attempts.get('gone@test.example')).toBe(1);
    expect((await rowOf(id)).status).toBe('failed');
  });

  it('retries a 451 after a backoff, and then sends', async () => {
    let refusals = 1;
    smtp.answerRecipient = (address) => (address === 'later@test.example' && refusals-- > 0 ? { code: 451, message: '4.7.1 Try again later' } : null);
    const { id } = await send('later@test.example', 'Greylisted');
    expect(await testApp.services.mail.deliverDue()).toMatchObject({ retrying: 1 });
    const waiting = await rowOf(id);
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1, lastError: expect.stringContaining('451') });
    expect(waiting.nextAttemptAt.getTime()).toBe(testApp.clock.now().getTime() + 30_000);
    // Not due yet: nothing is tried.
    await testApp.services.mail.deliverDue();
    expect(smtp.attempts.get('later@test.example')).toBe(1);
    testApp.clock.advance(30_000);
    expect(await testApp.services.mail.deliverDue()).toMatchObject({ sent: 1 });
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(smtp.received.filter((received) => received.parsed.subject === 'Greylisted')).toHaveLength(1);
  });

  it('retries when the SMTP server does not answer at all', async () => {
    const closed = await startSmtpSink();
    const url = closed.url;
    await closed.close();
    const unreachable = createMailService({
      db: testApp.database.db,
      clock: testApp.clock,
      config: { smtpUrl: url, from: FROM },
      log: { info: () => undefined, warn: () => undefined },
    });
    // Only this message is due for this service's round: the others were sent or wait for later.
    await testApp.services.mail.deliverDue();
    const { id } = await unreachable.send({
      to: 'someone@test.example',
      template: 'test',
      subject: 'Nobody home',
      html: '<p>x</p>',
      text: 'x',
      category: 'transactional',
    });
    expect(await unreachable.deliverDue(1)).toMatchObject({ retrying: 1 });
    expect(await rowOf(id)).toMatchObject({ status: 'queued', attempts: 1, lastError: expect.stringMatching(/ECONNREFUSED|connect/i) });
    unreachable.close();
  });
});

describe('the Subject header', () => {
  const INJECTED = 'Order #1\r\nBcc: everyone@evil.example\r\n\r\n<b>Injected body</b>\u0000\u2028end';
  const capturing = () => {
    const envelopes: MailEnvelope[] = [];
    const transport: MailTransport = {
      send: async (envelope) => {
        envelopes.push(envelope);
        return { messageId: `<captured-${envelopes.length}@shop.test>` };
      },
      close: () => undefined,
    };
    const service = createMailService({
      db: testApp.database.db,
      clock: testApp.clock,
      config: testApp.config.mail,
      transport,
      log: { info: () => undefined, warn: () => undefined },
    });
    return { envelopes, service };
  };

  it('never carries a line break or another control character, whatever subject it is given', async () => {
    const { envelopes, service } = capturing();
    const { id } = await service.send({
      to: 'subject@test.example',
      template: 'test',
      subject: INJECTED,
      html: '<p>x</p>',
      text: 'x',
      category: 'transactional',
    });
    const [row] = await testApp.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row?.subject).toBe('Order #1 Bcc: everyone@evil.example <b>Injected body</b> end');
    await service.deliverDue();
    const sent = envelopes.find((envelope) => envelope.to === 'subject@test.example');
    expect(sent?.subject).toBe('Order #1 Bcc: everyone@evil.example <b>Injected body</b> end');
  });

  it('sends a message written before this rule, with a line break in its subject, on one line', async () => {
    const { envelopes, service } = capturing();
    const now = testApp.clock.now();
    const [row] = await testApp.database.db
      .insert(mailOutbox)
      .values({
        toAddress: 'old-subject@test.example',
        fromAddress: FROM,
        template: 'test',
        category: 'transactional',
        subject: 'Welcome to Corner\r\nBcc: everyone@evil.example',
        html: '<p>x</p>',
        text: 'x',
        headers: {},
        status: 'queued',
        nextAttemptAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await service.deliverDue();
    const sent = envelopes.find((envelope) => envelope.to === 'old-subject@test.example');
    expect(sent?.subject).toBe('Welcome to Corner Bcc: everyone@evil.example');
    expect((await testApp.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, row!.id)))[0]?.status).toBe('sent');
  });
});

describe('the outbox for admins', () => {
  it('is admin only (401, 403), pages newest first, and shows one message whole', async () => {
    const admin = await person('admin');
    const seller = await person('seller');
    const buyer = await person('buyer');
    expect((await call('GET', '/api/admin/outbox', null)).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/outbox', seller)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/outbox', buyer)).statusCode).toBe(403);
    const mail = createMailService({
      db: testApp.database.db,
      clock: testApp.clock,
      config: testApp.config.mail,
      log: { info: () => undefined, warn: () => undefined },
    });
    for (const label of ['older', 'newer']) {
      testApp.clock.advance(60_000);
      await mail.send({ to: `${label}@test.example`, template: 'test', subject: label, html: `<p>${label}</p>`, text: label, category: 'transactional' });
    }
    const first = await call('GET', '/api/admin/outbox?limit=1', admin);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ page: 1, limit: 1, messages: [{ subject: 'newer', status: 'queued', attempts: 0 }] });
    const second = await call('GET', '/api/admin/outbox?limit=1&page=2', admin);
    expect(second.json().messages[0].subject).toBe('older');
    expect(first.json().total).toBeGreaterThanOrEqual(2);
    const id = first.json().messages[0].id as string;
    expect((await call('GET', `/api/admin/outbox/${id}`, admin)).json()).toMatchObject({
      id,
      from: FROM,
      to: 'newer@test.example',
      html: '<p>newer</p>',
      text: 'newer',
      headers: {},
    });
    expect((await call('GET', `/api/admin/outbox/${id}`, seller)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/outbox/00000000-0000-4000-8000-000000000000', admin)).json()).toMatchObject({ code: 'not_found' });
    expect((await call('GET', '/api/admin/outbox?page=0', admin)).json()).toMatchObject({ code: 'validation_failed' });
  });

  it('hides a reset or verification link from admins when SMTP delivers it, and shows it when the outbox is the only delivery', async () => {
    const admin = await person('admin');
    const secret = {
      template: 'password-reset',
      subject: 'Reset',
      html: '<p><a href="https://shop.test/reset-password/SECRET">Reset</a></p>',
      text: 'https://shop.test/reset-password/SECRET',
      category: 'transactional' as const,
    };
    const sending = createMailService({
      db: testApp.database.db,
      clock: testApp.clock,
      config: testApp.config.mail,
      log: { info: () => undefined, warn: () => undefined },
    });
    const { id } = await sending.send({ to: 'reset@test.example', ...secret });
    const shown = (await call('GET', `/api/admin/outbox/${id}`, admin)).json();
    expect(JSON.stringify(shown)).not.toContain('SECRET');
    expect(shown).toMatchObject({ subject: 'Reset', text: HIDDEN_ACCOUNT_LINK_NOTICE });
    const kept = createMailService({
      db: testApp.database.db,
      clock: testApp.clock,
      config: { smtpUrl: undefined, from: FROM },
      log: { info: () => undefined, warn: () => undefined },
    });
    const demo = await kept.send({ to: 'demo-reset@test.example', ...secret });
    expect((await kept.findOutboxMessage(demo.id)).text).toContain('SECRET');
  });

  it('keeps messages without SMTP_URL, unsent, for the outbox', async () => {
    const kept = createMailService({
      db: testApp.database.db,
      clock: testApp.clock,
      config: { smtpUrl: undefined, from: FROM },
      log: { info: () => undefined, warn: () => undefined },
    });
    const { id } = await kept.send({ to: 'kept@test.example', template: 'test', subject: 'Kept', html: '<p>k</p>', text: 'k', category: 'transactional' });
    expect(await kept.deliverDue()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect((await testApp.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]).toMatchObject({ status: 'kept', attempts: 0 });
  });
});
