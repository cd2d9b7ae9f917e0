import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, SendMessageAck, ServerToClientEvents } from '@marketplace/contracts/chat';
import { SANDBOX_TEST_ACCOUNT_NUMBER, SANDBOX_TEST_ROUTING_NUMBER } from '@marketplace/contracts/payouts';
import { dollarsToCents, formatCents } from '@marketplace/domain/money';
import { mailOutbox } from '../../db/schema';
import { createDomainEvents } from '../../lib/domain-events';
import { defineJobs, JOB_NAMES } from '../../jobs';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { addShipFromAddress, createUser, FACTORY_PASSWORD } from '../../../test/factories';
import { bearerFor, createCommerceCategory, createListing } from '../../../test/factories-commerce';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../../../test/smtp-sink';
import { findSellerWeekFigures } from '../analytics';
import { createWorkspaceService } from '../workspace';
import { CHAT_MAIL_INTERVAL_MS, createMailNotifications, excerptOf } from './mail-notifications';
import { createMailService } from './mail.service';
import { createUnsubscribeLinks } from './unsubscribe-links';
import { isoWeekOf, startOfIsoWeek, weekDueAt } from './weekly-summary';
import { timeLimit } from '../../../test/time-limit';

// The e-mails of the marketplace's journeys beyond the purchase (docs/product/notifications.md), as a
// real SMTP server in this process receives them: an item confirmed or declined, out for delivery, a
// dispute answered and settled, chat messages to someone who is away, the admins' support alert, the
// seller's weekly summary, and the password reset from the request to signing in with the new password.

const PUBLIC_URL = 'https://shop.test';
const FROM = 'Test Market <mail@shop.test>';
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

let smtp: SmtpSink;
let testApp: TestApp;
let baseUrl: string;
const sockets: Client[] = [];

interface Person {
  id: string;
  email: string;
  role: 'buyer' | 'seller' | 'admin';
}

// A fresh token on every call: tokens last an hour, and some tests move the clock by days.
const call = async (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, who: Person | null, payload?: object) =>
  testApp.app.inject({ method, url, headers: who ? { authorization: await bearerFor(testApp, who) } : {}, ...(payload ? { payload } : {}) });

async function person(role: Person['role'], overrides: { firstName?: string; companyName?: string; status?: 'active' | 'suspended' } = {}): Promise<Person> {
  const user = await createUser(testApp.database.db, { role, ...overrides });
  return { id: user.id, email: user.email, role };
}

async function withAddress(seller: Person): Promise<Person> {
  await addShipFromAddress(testApp.database.db, seller.id);
  return seller;
}

/** A seller with a ship-from address and a finished payouts onboarding (so an admin can pay them). */
async function sellerReadyToBePaid(): Promise<Person> {
  const seller = await withAddress(await person('seller', { firstName: 'Sam' }));
  const created = await call('POST', '/api/stripe-connect/create-express-account', seller, { type: 'express', country: 'US' });
  const link = await call('POST', '/api/stripe-connect/create-onboarding-link', seller, { accountId: created.json().accountId });
  const token = new URL(link.json().url as string).pathname.split('/').at(-1);
  await call('POST', `/api/sandbox/connect/links/${token}/complete`, null, {
    businessType: 'company',
    businessName: 'Acme',
    routingNumber: SANDBOX_TEST_ROUTING_NUMBER,
    accountNumber: SANDBOX_TEST_ACCOUNT_NUMBER,
  });
  expect((await call('GET', `/api/stripe-connect/account-status/${created.json().accountId}`, seller)).json().status).toBe('complete');
  return seller;
}

async function setPreferences(seller: Person, changes: Partial<Record<'newOrder' | 'newMessage' | 'payoutSent' | 'disputeOpened' | 'weeklySummary', boolean>>) {
  const preferences = { newOrder: true, newMessage: true, payoutSent: true, disputeOpened: true, weeklySummary: false, ...changes };
  expect((await call('PUT', '/api/users/me/notification-preferences', seller, preferences)).statusCode).toBe(200);
}

let keys = 0;
/** Checks out what is in the buyer's cart plus `quantity` of the product; answers the order and its items. */
async function buy(buyer: Person, productId: string, quantity = 1) {
  expect((await call('POST', '/api/cart/items', buyer, { product_id: productId, quantity })).statusCode).toBeLessThan(300);
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/orders/checkout',
    headers: { authorization: await bearerFor(testApp, buyer), 'idempotency-key': `journey-${Date.now()}-${++keys}` },
    payload: {
      shippingAddress: { name: 'Ada Buyer', line1: '1 Main St', city: 'Portland', state: 'OR', postal_code: '97201', country: 'US' },
      payment: { card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2035, cvc: '123' } },
    },
  });
  expect(response.statusCode).toBeLessThan(300);
  const [order] = await testApp.database.db.query.orders.findMany({
    where: (orders, { eq }) => eq(orders.buyerId, buyer.id),
    orderBy: (orders, { desc }) => desc(orders.createdAt),
  });
  const items = await testApp.database.db.query.orderItems.findMany({ where: (items, { eq }) => eq(items.orderId, order!.id) });
  return { order: order!, items };
}

/** Approves the items and buys one label for them: answers the shipment. */
async function approveAndShip(seller: Person, orderId: string, itemIds: readonly string[]) {
  for (const id of itemIds) expect((await call('PATCH', `/api/seller/order-items/${id}`, seller, { status: 'approved' })).statusCode).toBe(200);
  const created = await call('POST', `/api/shipments/create/${orderId}`, seller);
  expect(created.statusCode).toBeLessThan(300);
  const shipmentId = created.json().shipments[0].id as string;
  const processed = await call('POST', `/api/shipments/process-ups/${shipmentId}`, seller);
  expect(processed.statusCode).toBe(200);
  return { shipmentId, trackingNumber: processed.json().trackingNumber as string };
}

async function openDispute(buyer: Person, orderItemId: string, description = 'It arrived cracked in two places, sadly.') {
  const boundary = '----journey-test';
  const fields = { orderItemId, reason: 'damaged', description };
  const body =
    Object.entries(fields)
      .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join('') + `--${boundary}--\r\n`;
  const opened = await testApp.app.inject({
    method: 'POST',
    url: '/api/disputes',
    headers: { authorization: await bearerFor(testApp, buyer), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
  expect(opened.statusCode).toBeLessThan(300);
  return opened.json().dispute.id as string;
}

/** Lets the mail reactions write their rows, then runs the mail job as the queue runs it. */
async function runMailJob() {
  await testApp.services.mailNotifications.settled();
  return testApp.services.mail.deliverDue();
}

/** Runs the mail job and answers what arrived since the last call (the sink is emptied before each test). */
async function delivered(): Promise<ReceivedMail[]> {
  const before = smtp.received.length;
  const outcome = await runMailJob();
  if (outcome.sent > 0) await smtp.waitFor(before + outcome.sent);
  return smtp.received.slice(before);
}

const to = (mail: ReceivedMail) => mail.recipients[0];
const html = (mail: ReceivedMail) => String(mail.parsed.html);
const only = (mails: ReceivedMail[], who: Person) => {
  const found = mails.filter((mail) => to(mail) === who.email);
  expect(found, `mail to ${who.email}`).toHaveLength(1);
  return found[0]!;
};
const outboxRows = () => testApp.database.db.select().from(mailOutbox);

function openSocket(who: Person): Promise<Client> {
  return bearerFor(testApp, who).then(
    (bearer) =>
      new Promise((resolve, reject) => {
        const socket: Client = connect(baseUrl, {
          transports: ['websocket'],
          auth: { token: bearer.replace(/^Bearer /, '') },
          reconnection: false,
          forceNew: true,
        });
        sockets.push(socket);
        socket.once('connect', () => resolve(socket));
        socket.once('connect_error', (error) => reject(error));
      }),
  );
}

function say(socket: Client, chatId: string, content: string): Promise<SendMessageAck> {
  return new Promise((resolve) => socket.emit('send_message', { chatId, content }, resolve));
}

async function startChat(buyer: Person, seller: Person): Promise<string> {
  const response = await call('POST', '/api/chat', buyer, { sellerId: seller.id });
  expect(response.statusCode).toBe(200);
  return response.json().chat.id as string;
}

beforeAll(async () => {
  smtp = await startSmtpSink();
  testApp = await buildTestApp({ environment: { SMTP_URL: smtp.url, MAIL_FROM: FROM, PUBLIC_URL } });
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  const address = testApp.app.server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  // Whatever the set-up wrote is sent and forgotten.
  await runMailJob();
});

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await testApp?.close();
  await smtp?.close();
});

beforeEach(() => {
  smtp.received.length = 0;
});

describe('the seller answers an order', () => {
  it('tells the buyer an item was confirmed, or declined with the reason (escaped) and the refund', async () => {
    const seller = await withAddress(await person('seller', { companyName: 'Oak & Co' }));
    const buyer = await person('buyer', { firstName: 'Ada' });
    const category = await createCommerceCategory(testApp.database.db);
    const board = await createListing(testApp.database.db, {
      sellerId: seller.id,
      categoryId: category.id,
      title: '<script>alert("x")</script> Board',
      priceCents: 4000,
    });
    const mug = await createListing(testApp.database.db, { sellerId: seller.id, categoryId: category.id, title: 'Mug', priceCents: 1500 });
    await call('POST', '/api/cart/items', buyer, { product_id: mug.id, quantity: 2 });
    const { order, items } = await buy(buyer, board.id);
    await delivered();
    const boardItem = items.find((item) => item.productId === board.id)!;
    const mugItem = items.find((item) => item.productId === mug.id)!;
    const number = order.id.slice(0, 8);

    expect((await call('PATCH', `/api/seller/order-items/${boardItem.id}`, seller, { status: 'approved' })).statusCode).toBe(200);
    const approved = only(await delivered(), buyer);
    expect(approved.parsed.subject).toBe(`Confirmed: <script>alert("x")</script> Board (order #${number})`);
    expect(html(approved)).not.toContain('<script>');
    expect(html(approved)).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Board');
    expect(approved.parsed.text).toContain('Oak & Co confirmed "1 × <script>alert("x")</script> Board"');
    expect(html(approved)).toContain(`href="${PUBLIC_URL}/myorders/${order.id}"`);
    expect(approved.header('list-unsubscribe')).toBeUndefined();

    const reason = 'Out of stock <img src=x onerror=alert(1)>';
    expect((await call('PATCH', `/api/seller/order-items/${mugItem.id}`, seller, { status: 'rejected', reason })).statusCode).toBe(200);
    const mails = (await delivered()).filter((mail) => to(mail) === buyer.email);
    const declined = mails.find((mail) => mail.parsed.subject === `Not available: Mug (order #${number})`)!;
    expect(declined).toBeDefined();
    // 2 × $15.00 is the mug's line; shipping is free from $50, so the whole refund is $30.00 (the refund e-mail says the same).
    expect(declined.parsed.text).toContain('Refund: $30.00');
    expect(mails.find((mail) => mail.parsed.subject?.startsWith('Refund of $30.00'))).toBeDefined();
    expect(html(declined)).not.toContain('<img');
    expect(html(declined)).toContain('Out of stock &lt;img src=x onerror=alert(1)&gt;');
    expect(declined.header('list-unsubscribe')).toBeUndefined();
  });
});

describe('out for delivery', () => {
  it('sends the buyer one e-mail for the parcel (not one per item), once, when the carrier has it out for delivery', async () => {
    const seller = await withAddress(await person('seller'));
    const buyer = await person('buyer');
    const category = await createCommerceCategory(testApp.database.db);
    const lamp = await createListing(testApp.database.db, { sellerId: seller.id, categoryId: category.id, title: 'Lamp', priceCents: 3000 });
    const vase = await createListing(testApp.database.db, { sellerId: seller.id, categoryId: category.id, title: 'Vase', priceCents: 2500 });
    await call('POST', '/api/cart/items', buyer, { product_id: vase.id, quantity: 1 });
    const { order, items } = await buy(buyer, lamp.id);
    const { shipmentId, trackingNumber } = await approveAndShip(
      seller,
      order.id,
      items.map((item) => item.id),
    );
    await delivered();
    smtp.received.length = 0;

    expect((await call('PUT', `/api/shipments/track/${shipmentId}`, seller, { simulateStatus: 'out_for_delivery' })).statusCode).toBe(200);
    const mails = await delivered();
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(to(mail!)).toBe(buyer.email);
    expect(mail!.parsed.subject).toBe(`Out for delivery: your order #${order.id.slice(0, 8)}`);
    expect(mail!.parsed.text).toContain(`UPS tracking number: ${trackingNumber}`);
    expect(mail!.parsed.text).toContain('1 × Lamp');
    expect(mail!.parsed.text).toContain('1 × Vase');
    expect(mail!.header('list-unsubscribe')).toBeUndefined();

    // Tracked again while still out for delivery: no news, no e-mail.
    expect((await call('PUT', `/api/shipments/track/${shipmentId}`, seller, { simulateStatus: 'out_for_delivery' })).statusCode).toBe(200);
    expect(await delivered()).toHaveLength(0);
    expect((await outboxRows()).filter((row) => row.template === 'items-out-for-delivery' && row.toUserId === buyer.id)).toHaveLength(1);
  });
});

describe('disputes answered and settled', () => {
  async function shippedItem(seller: Person, buyer: Person, title: string) {
    const category = await createCommerceCategory(testApp.database.db);
    const product = await createListing(testApp.database.db, { sellerId: seller.id, categoryId: category.id, title, priceCents: 6000 });
    const { order, items } = await buy(buyer, product.id);
    await approveAndShip(seller, order.id, [items[0]!.id]);
    return { order, item: items[0]! };
  }

  it('an offer: the buyer and every active admin hear it in dollars; accepted, the buyer and the seller (opted out of dispute alerts) hear the refund', async () => {
    const seller = await withAddress(await person('seller', { companyName: 'Lamps Inc' }));
    const buyer = await person('buyer');
    const admin = await person('admin');
    const suspendedAdmin = await person('admin', { status: 'suspended' });
    await setPreferences(seller, { disputeOpened: false });
    const { order, item } = await shippedItem(seller, buyer, 'Lamp <b>XL</b>');
    const disputeId = await openDispute(buyer, item.id);
    await delivered();
    smtp.received.length = 0;
    const number = order.id.slice(0, 8);

    const answered = await call('POST', `/api/disputes/${disputeId}/respond`, seller, {
      action: 'offer_refund',
      amount: 12.5,
      statement: 'Sorry <img src=x onerror=alert(1)> about that',
    });
    expect(answered.statusCode).toBe(200);
    const mails = await delivered();
    const buyerCopy = only(mails, buyer);
    expect(buyerCopy.parsed.subject).toBe(`Dispute answered on order #${number}: $12.50 offered`);
    expect(buyerCopy.parsed.text).toContain('Lamps Inc answered your dispute about "Lamp <b>XL</b>"');
    expect(buyerCopy.parsed.text).toContain('Refund offered: $12.50');
    expect(html(buyerCopy)).not.toContain('<img');
    expect(html(buyerCopy)).not.toContain('<b>XL');
    expect(html(buyerCopy)).toContain('Sorry &lt;img src=x onerror=alert(1)&gt; about that');
    expect(html(buyerCopy)).toContain(`href="${PUBLIC_URL}/orderDisputes/${disputeId}"`);
    expect(buyerCopy.header('list-unsubscribe')).toBeUndefined();
    const adminCopy = only(mails, admin);
    expect(adminCopy.parsed.subject).toBe(`Dispute answered on order #${number}: $12.50 offered`);
    expect(html(adminCopy)).toContain(`href="${PUBLIC_URL}/admin/disputes/${disputeId}"`);
    expect(mails.filter((mail) => to(mail) === suspendedAdmin.email)).toHaveLength(0);
    expect(mails.filter((mail) => to(mail) === seller.email)).toHaveLength(0);

    expect((await call('POST', `/api/disputes/${disputeId}/accept-offer`, buyer)).statusCode).toBe(200);
    const settled = (await delivered()).filter((mail) => mail.parsed.subject === `Dispute settled on order #${number}: $12.50 refunded`);
    expect(settled.map(to).sort()).toEqual([buyer.email, seller.email].sort());
    const sellerCopy = only(settled, seller);
    expect(sellerCopy.parsed.text).toContain('the buyer accepted your offer');
    expect(sellerCopy.parsed.text).toContain('Refund: $12.50');
    expect(html(sellerCopy)).toContain(`href="${PUBLIC_URL}/seller/disputes/${disputeId}"`);
    // The outcome of their own sale is not an optional alert: sent though dispute alerts are off, with no unsubscribe.
    expect(sellerCopy.header('list-unsubscribe')).toBeUndefined();
    expect(only(settled, buyer).parsed.text).toContain("you accepted the seller's offer");
  });

  it('contested, then rejected by an admin: the buyer hears it was contested; both parties get the decision with the note escaped', async () => {
    const seller = await withAddress(await person('seller'));
    const buyer = await person('buyer');
    const admin = await person('admin');
    const { order, item } = await shippedItem(seller, buyer, 'Chair');
    const disputeId = await openDispute(buyer, item.id);
    await delivered();
    smtp.received.length = 0;
    const number = order.id.slice(0, 8);

    expect(
      (await call('POST', `/api/disputes/${disputeId}/respond`, seller, { action: 'contest', statement: 'It left here in perfect shape, see the photos.' }))
        .statusCode,
    ).toBe(200);
    const answered = await delivered();
    const buyerCopy = only(answered, buyer);
    expect(buyerCopy.parsed.subject).toBe(`Dispute answered on order #${number}: contested`);
    expect(buyerCopy.parsed.text).toContain('they contested the claim');
    expect(buyerCopy.parsed.text).toContain('It left here in perfect shape, see the photos.');
    expect(only(answered, admin).parsed.subject).toBe(`Dispute answered on order #${number}: contested`);

    const resolved = await call('POST', `/api/disputes/${disputeId}/resolve`, admin, { outcome: 'reject', note: 'No damage <script>alert(1)</script> shown' });
    expect(resolved.statusCode).toBe(200);
    const settled = await delivered();
    for (const party of [buyer, seller]) {
      const mail = only(settled, party);
      expect(mail.parsed.subject).toBe(`Dispute settled on order #${number}: claim rejected`);
      expect(mail.parsed.text).toContain('Outcome: Claim rejected');
      expect(html(mail)).not.toContain('<script>');
      expect(html(mail)).toContain('No damage &lt;script&gt;alert(1)&lt;/script&gt; shown');
    }
  });
});

describe('chat messages to someone who is away', () => {
  it('e-mails the offline seller once per 15 minutes per chat, with the sender, an escaped excerpt and the chat link', async () => {
    const seller = await person('seller');
    const buyer = await person('buyer', { firstName: '<b>Ada</b>' });
    const chatId = await startChat(buyer, seller);
    const socket = await openSocket(buyer);
    const hostile = `<script>alert(1)</script> Is the lamp still there? ${'It would go on my desk. '.repeat(20)}`;

    expect(await say(socket, chatId, hostile)).toMatchObject({ ok: true });
    const [first, ...more] = await delivered();
    expect(more).toHaveLength(0);
    expect(to(first!)).toBe(seller.email);
    expect(first!.parsed.subject).toMatch(/^New message from <b>Ada<\/b> /);
    const body = html(first!);
    expect(body).not.toContain('<script>');
    expect(body).not.toContain('<b>Ada');
    expect(body).toContain('&lt;b&gt;Ada&lt;/b&gt;');
    expect(body).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Is the lamp still there?');
    // A short excerpt, not the whole message.
    const excerpt = excerptOf(hostile);
    expect(excerpt.endsWith('…')).toBe(true);
    expect(first!.parsed.text).toContain(excerpt);
    expect(first!.parsed.text).not.toContain(hostile.trim());
    expect(body).toContain(`href="${PUBLIC_URL}/seller/chats?chat=${chatId}"`);
    expect(first!.header('list-unsubscribe')).toContain(`u=${seller.id}&p=newMessage`);

    // Two more within 15 minutes of that e-mail (the last a second before): nothing more.
    testApp.clock.advance(5 * 60 * 1000);
    expect(await say(socket, chatId, 'Hello again?')).toMatchObject({ ok: true });
    testApp.clock.advance(CHAT_MAIL_INTERVAL_MS - 5 * 60 * 1000 - 1000);
    expect(await say(socket, chatId, 'Anyone?')).toMatchObject({ ok: true });
    expect(await delivered()).toHaveLength(0);

    // 15 minutes after the last e-mail written, the next message is news again.
    testApp.clock.advance(1000);
    expect(await say(socket, chatId, 'Still interested!')).toMatchObject({ ok: true });
    const [second, ...others] = await delivered();
    expect(others).toHaveLength(0);
    expect(second!.parsed.text).toContain('Still interested!');
    const rows = (await outboxRows()).filter((row) => row.template === 'chat-message' && row.toUserId === seller.id);
    expect(rows).toHaveLength(2);
    // The buyer, the sender, was never e-mailed about their own messages.
    expect((await outboxRows()).filter((row) => row.template === 'chat-message' && row.toUserId === buyer.id)).toHaveLength(0);
  });

  it('sends nothing while the recipient has the app open, nor to a seller who turned new messages off', async () => {
    const online = await person('seller');
    const optedOut = await person('seller');
    const buyer = await person('buyer');
    await setPreferences(optedOut, { newMessage: false });
    const onlineChat = await startChat(buyer, online);
    const optedOutChat = await startChat(buyer, optedOut);
    await openSocket(online);
    const socket = await openSocket(buyer);
    expect(await say(socket, onlineChat, 'Are you there?')).toMatchObject({ ok: true });
    expect(await say(socket, optedOutChat, 'Are you there?')).toMatchObject({ ok: true });
    expect(await delivered()).toHaveLength(0);
    expect((await outboxRows()).filter((row) => row.toUserId === online.id || row.toUserId === optedOut.id)).toEqual([]);
  });

  it('e-mails an offline buyer too, naming the seller’s company and linking to the buyer’s chats', async () => {
    const seller = await person('seller', { companyName: 'Desk & Lamp' });
    const buyer = await person('buyer');
    const chatId = await startChat(buyer, seller);
    const socket = await openSocket(seller);
    expect(await say(socket, chatId, 'Your lamp ships tomorrow.')).toMatchObject({ ok: true });
    const mail = only(await delivered(), buyer);
    expect(mail.parsed.subject).toBe('New message from Desk & Lamp');
    expect(mail.parsed.text).toContain('Your lamp ships tomorrow.');
    expect(html(mail)).toContain(`href="${PUBLIC_URL}/user/chats?chat=${chatId}"`);
    expect(mail.header('list-unsubscribe')).toContain(`u=${buyer.id}&p=newMessage`);

    // A buyer has no Settings page: the link itself turns chat e-mails off for them.
    const unsubscribe = new URL(mail.header('list-unsubscribe')!.slice(1, -1));
    const done = await testApp.app.inject({
      method: 'POST',
      url: `${unsubscribe.pathname}${unsubscribe.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    testApp.clock.advance(CHAT_MAIL_INTERVAL_MS + 1000);
    expect(await say(socket, chatId, 'Tracking number to follow.')).toMatchObject({ ok: true });
    expect(await delivered()).toHaveLength(0);
  });

  it('writes one e-mail when two instances react to the same chat at once', async () => {
    const seller = await person('seller');
    const buyer = await person('buyer');
    const chatId = await startChat(buyer, seller);
    const socket = await openSocket(buyer);
    expect(await say(socket, chatId, 'First')).toMatchObject({ ok: true });
    await testApp.services.mailNotifications.settled();
    // Forget the app's own e-mail: what is tested is two more reactions, racing, on a chat with none.
    await testApp.database.db.delete(mailOutbox).where(eq(mailOutbox.toUserId, seller.id));
    const messages = await call('GET', `/api/chat/${chatId}/messages`, buyer);
    const messageId = (messages.json().messages as Array<{ id: string }>)[0]!.id;

    const instances = [0, 1].map(() => {
      const events = createDomainEvents({ database: testApp.database.db });
      const mail = createMailService({
        db: testApp.database.db,
        clock: testApp.clock,
        config: testApp.config.mail,
        log: { info: () => undefined, warn: () => undefined },
      });
      const workspace = createWorkspaceService({ db: testApp.database.db, clock: testApp.clock });
      const unsubscribeLinks = createUnsubscribeLinks({ secret: testApp.config.jwtSecret, publicUrl: PUBLIC_URL });
      const failures: unknown[] = [];
      const reactions = createMailNotifications({
        db: testApp.database.db,
        events,
        mail,
        workspace,
        unsubscribeLinks,
        publicUrl: PUBLIC_URL,
        clock: testApp.clock,
        isOnline: async () => false,
        weeklyFiguresOf: (sellerId, from, to) => findSellerWeekFigures(testApp.database.db, sellerId, from, to),
        onError: (error) => void failures.push(error),
      });
      return { events, reactions, failures };
    });
    for (const instance of instances)
      instance.events.publish({
        type: 'chat.message-sent',
        chatId,
        messageId,
        senderId: buyer.id,
        recipientId: seller.id,
        buyerId: buyer.id,
        content: 'First',
        photoCount: 0,
      });
    await Promise.all(instances.map((instance) => instance.reactions.settled()));
    expect(instances.flatMap((instance) => instance.failures)).toEqual([]);
    expect((await outboxRows()).filter((row) => row.toUserId === seller.id && row.template === 'chat-message')).toHaveLength(1);
  });
});

describe('support requests', () => {
  it('alerts every active admin with the sender and the escaped subject, linking to the admins’ support requests', async () => {
    const seller = await person('seller', { firstName: 'Sue' });
    const admin = await person('admin');
    const suspended = await person('admin', { status: 'suspended' });
    const subject = '<img src=x onerror=alert(1)> Payout missing';
    const sent = await call('POST', '/api/support/requests', seller, { topic: 'payouts', subject, message: 'My payout for last week has not arrived yet.' });
    expect(sent.statusCode).toBe(201);
    const mails = await delivered();
    const alert = only(mails, admin);
    expect(alert.parsed.subject).toBe(`Support request: ${subject}`);
    expect(alert.parsed.text).toContain(`(${seller.email}) sent the marketplace team a support request`);
    expect(html(alert)).not.toContain('<img');
    expect(html(alert)).toContain('&lt;img src=x onerror=alert(1)&gt; Payout missing');
    expect(html(alert)).toContain(`href="${PUBLIC_URL}/admin/settings"`);
    expect(alert.header('list-unsubscribe')).toBeUndefined();
    expect(mails.filter((mail) => to(mail) === suspended.email)).toHaveLength(0);
    expect(mails.filter((mail) => to(mail) === seller.email)).toHaveLength(0);
  });
});

describe('password reset, over SMTP', () => {
  it('mails a link whose token sets the new password once: the new one signs in, the old one and a second use are refused', async () => {
    const user = await createUser(testApp.database.db, { role: 'buyer' });
    const post = (url: string, payload: object) => testApp.app.inject({ method: 'POST', url, payload, remoteAddress: '198.51.100.23' });
    expect((await post('/api/auth/forgot-password', { email: user.email })).statusCode).toBe(204);
    const mail = only(await delivered(), { id: user.id, email: user.email, role: 'buyer' });
    expect(mail.header('list-unsubscribe')).toBeUndefined();
    const pattern = new RegExp(`${PUBLIC_URL.replace(/[.]/g, '\\.')}/reset-password/([A-Za-z0-9_-]+)`);
    const token = pattern.exec(String(mail.parsed.text))?.[1];
    expect(token).toBeDefined();
    expect(html(mail)).toContain(`${PUBLIC_URL}/reset-password/${token}`);

    expect((await post('/api/auth/reset-password', { token: token!, password: 'a-brand-new-password' })).statusCode).toBe(204);
    expect((await post('/api/auth/login', { email: user.email, password: FACTORY_PASSWORD })).statusCode).toBe(401);
    const signedIn = await post('/api/auth/login', { email: user.email, password: 'a-brand-new-password' });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().token).toEqual(expect.any(String));
    const again = await post('/api/auth/reset-password', { token: token!, password: 'yet-another-password' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'reset_token_used', error: expect.any(String) });
    expect((await post('/api/auth/login', { email: user.email, password: 'yet-another-password' })).statusCode).toBe(401);
  });
});

describe('ISO weeks', () => {
  it('names weeks as ISO 8601 does, around the turn of the year', () => {
    expect(isoWeekOf(new Date('2021-01-03T23:00:00Z'))).toBe('2020-W53');
    expect(isoWeekOf(new Date('2021-01-04T00:00:00Z'))).toBe('2021-W01');
    expect(isoWeekOf(new Date('2024-12-30T12:00:00Z'))).toBe('2025-W01');
    expect(isoWeekOf(new Date('2026-01-15T12:00:00Z'))).toBe('2026-W03');
    expect(startOfIsoWeek(new Date('2026-01-18T23:59:59Z')).toISOString()).toBe('2026-01-12T00:00:00.000Z');
    expect(weekDueAt(new Date('2026-01-19T05:59:59Z'))).toBeNull();
    expect(weekDueAt(new Date('2026-01-19T06:00:00Z'))).toMatchObject({
      isoWeek: '2026-W03',
      from: new Date('2026-01-12T00:00:00Z'),
      to: new Date('2026-01-19T00:00:00Z'),
    });
    expect(weekDueAt(new Date('2026-01-20T07:00:00Z'))).toBeNull();
  });
});

// Last: it moves the clock by days.
describe('the seller’s weekly summary', () => {
  it('writes last week’s figures, equal to the seller dashboard’s and the payout stats’, once per ISO week, only to sellers who want it', {
    timeout: timeLimit(60_000),
  }, async () => {
    const seller = await sellerReadyToBePaid();
    const quiet = await person('seller');
    const buyer = await person('buyer');
    const admin = await person('admin');
    await setPreferences(seller, { weeklySummary: true });
    const category = await createCommerceCategory(testApp.database.db);
    const board = await createListing(testApp.database.db, {
      sellerId: seller.id,
      categoryId: category.id,
      title: 'Board <i>oak</i>',
      priceCents: 2250,
      quantity: 10,
    });
    const spoon = await createListing(testApp.database.db, { sellerId: seller.id, categoryId: category.id, title: 'Spoon', priceCents: 1000, quantity: 10 });
    const quietProduct = await createListing(testApp.database.db, { sellerId: quiet.id, categoryId: category.id, priceCents: 5000 });

    // The reported week starts next Monday; one sale lands the hour before it (the week before).
    const monday = new Date(startOfIsoWeek(testApp.clock.now()).getTime() + 7 * DAY);
    testApp.clock.set(new Date(monday.getTime() - HOUR));
    await buy(buyer, board.id, 1);
    testApp.clock.set(new Date(monday.getTime() + 2 * DAY + 10 * HOUR));
    // A sale shipped, delivered and paid; a rejected one (not a sale); a pending one (a sale); the quiet seller's.
    const paidOrder = await buy(buyer, board.id, 2);
    const { shipmentId } = await approveAndShip(seller, paidOrder.order.id, [paidOrder.items[0]!.id]);
    expect((await call('PUT', `/api/shipments/track/${shipmentId}`, seller, { simulateStatus: 'delivered' })).statusCode).toBe(200);
    expect((await call('POST', '/api/stripe-connect/payout', admin, { orderItemId: paidOrder.items[0]!.id })).statusCode).toBe(200);
    const rejected = await buy(buyer, spoon.id, 1);
    expect((await call('PATCH', `/api/seller/order-items/${rejected.items[0]!.id}`, seller, { status: 'rejected', reason: 'Sold out' })).statusCode).toBe(200);
    await buy(buyer, board.id, 1);
    await buy(buyer, quietProduct.id, 1);
    await runMailJob();

    // What the dashboard and the payout stats say on Sunday evening, for the seven days Monday to Sunday.
    testApp.clock.set(new Date(monday.getTime() + 6 * DAY + 20 * HOUR));
    const dashboard = await call('GET', '/api/analytics/summary?days=7', seller);
    expect(dashboard.statusCode).toBe(200);
    const current = dashboard.json().current as { revenue: number; orders: number; itemsSold: number };
    expect(current).toMatchObject({ revenue: 67.5, orders: 2, itemsSold: 3 });
    const stats = await call('GET', `/api/admin/payoutStats/stats?dateRange=7&sellerId=${seller.id}`, admin);
    expect(stats.statusCode).toBe(200);
    const series = stats.json().data.time_series as Array<{ amount: number; count: number }>;
    const paidCents = series.reduce((total, day) => total + dollarsToCents(day.amount), 0);
    const paidCount = series.reduce((total, day) => total + day.count, 0);
    expect(paidCount).toBe(1);

    // Monday before 06:00 UTC: not yet.
    const job = defineJobs(testApp.services, testApp.config).find((definition) => definition.name === JOB_NAMES.sendWeeklySummaries)!;
    testApp.clock.set(new Date(monday.getTime() + 7 * DAY + 5 * HOUR));
    expect(await job.run({})).toEqual({ sent: 0, alreadySent: 0 });
    // Monday morning: the summary of the week, for the seller who asked only.
    testApp.clock.set(new Date(monday.getTime() + 7 * DAY + 7 * HOUR));
    expect(await job.run({})).toEqual({ sent: 1, alreadySent: 0 });
    const mails = await delivered();
    expect(mails.map(to)).toEqual([seller.email]);
    const [summary] = mails;
    const week = isoWeekOf(monday);
    expect(summary!.parsed.subject).toBe(`Your week ${week}: ${formatCents(dollarsToCents(current.revenue))} in sales`);
    const text = String(summary!.parsed.text);
    expect(text).toContain(`Orders: ${current.orders}`);
    expect(text).toContain(`Items sold: ${current.itemsSold}`);
    expect(text).toContain(`Sales: ${formatCents(dollarsToCents(current.revenue))}`);
    expect(text).toContain(`Payouts received (${paidCount}): ${formatCents(paidCents)}`);
    expect(text).toContain(`(${monday.toISOString().slice(0, 10)} to ${new Date(monday.getTime() + 6 * DAY).toISOString().slice(0, 10)}, UTC)`);
    expect(html(summary!)).toContain(`href="${PUBLIC_URL}/seller/dashboard"`);
    expect(summary!.header('list-unsubscribe')).toContain(`u=${seller.id}&p=weeklySummary`);
    expect(summary!.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const [row] = (await outboxRows()).filter((candidate) => candidate.toUserId === seller.id && candidate.template === 'weekly-summary');
    expect(row!.dedupeKey).toBe(`weekly-summary:${seller.id}:${week}`);

    // The next hourly round, and a retry: already written, nothing sent.
    testApp.clock.advance(HOUR);
    expect(await job.run({})).toEqual({ sent: 0, alreadySent: 1 });
    expect(await testApp.services.mailNotifications.sendWeeklySummaries()).toEqual({ sent: 0, alreadySent: 1 });
    expect(await delivered()).toHaveLength(0);

    // Unsubscribed through the link: next Monday, nothing.
    const unsubscribe = new URL(summary!.header('list-unsubscribe')!.slice(1, -1));
    const done = await testApp.app.inject({
      method: 'POST',
      url: `${unsubscribe.pathname}${unsubscribe.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    testApp.clock.set(new Date(monday.getTime() + 14 * DAY + 7 * HOUR));
    expect(await job.run({})).toEqual({ sent: 0, alreadySent: 0 });
    expect((await outboxRows()).filter((candidate) => candidate.toUserId === seller.id && candidate.template === 'weekly-summary')).toHaveLength(1);
  });
});
