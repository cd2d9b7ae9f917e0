import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_CHARACTERS_MESSAGE } from '@marketplace/contracts/common';
import type { ClientToServerEvents, SendMessageAck, ServerToClientEvents } from '@marketplace/contracts/chat';
import { chatMessages, products, reviews, supportRequests } from '../db/schema';
import { createTokenService } from '../modules/auth/tokens';
import { buildTestApp, type TestApp } from '../../test/helper';
import { createCategory } from '../../test/factories-orders';
import { createBoughtItem, createPerson, createReviewableListing, headersOf, type Person } from '../../test/factories-reviews';
import { openSocket } from '../../test/socket-client';

// Input no client of ours sends, through HTTP and the chat socket: a token whose subject is not a user id,
// text with a NUL or another control character. Each is refused as the client's mistake ({ error, code }
// over HTTP, the usual error answer on the socket), never a 500 or a database error, and nothing is stored
// (docs/product/validation.md).

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

let testApp: TestApp;
let baseUrl: string;
const sockets: Client[] = [];
let buyer: Person;
let seller: Person;

/** A token signed with the server's own secret (as a leaked or guessed secret would allow) for any subject. */
async function tokenFor(subject: string): Promise<string> {
  const tokens = createTokenService({ secret: testApp.config.jwtSecret, ttlSeconds: 3600, now: () => testApp.clock.now() });
  return tokens.sign({ userId: subject, role: 'buyer' });
}

const open = (token: string): Promise<Client> => openSocket(baseUrl, token, sockets);

function send(socket: Client, payload: { chatId: string; content: string }): Promise<SendMessageAck> {
  return new Promise((resolve) => socket.emit('send_message', payload, resolve));
}

beforeAll(async () => {
  testApp = await buildTestApp();
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  const address = testApp.app.server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  buyer = await createPerson(testApp, 'buyer');
  seller = await createPerson(testApp, 'seller');
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await testApp?.close();
});

const FORGED_SUBJECTS = ['not-a-uuid', "1' or '1'='1", '00000000-0000-4000-8000-00000000000', `${'9'.repeat(40)}`, 'admin'];

describe('a token whose subject is not a user id', () => {
  it('is a 401 { error, code } on every signed-in route, as any invalid token is', async () => {
    for (const subject of FORGED_SUBJECTS) {
      const authorization = `Bearer ${await tokenFor(subject)}`;
      for (const url of ['/api/auth/me', '/api/cart', '/api/seller/products']) {
        const response = await testApp.app.inject({ method: 'GET', url, headers: { authorization } });
        expect(response.statusCode, `${subject} ${url}: ${response.body}`).toBe(401);
        expect(response.json()).toEqual({ error: expect.any(String), code: 'session_expired' });
      }
    }
    // The real user's token still works.
    expect((await testApp.app.inject({ method: 'GET', url: '/api/auth/me', headers: await headersOf(testApp, buyer) })).statusCode).toBe(200);
  });

  it('is refused at the chat socket’s handshake, and the server keeps serving others', async () => {
    const logsBefore = testApp.logs.length;
    for (const subject of FORGED_SUBJECTS) {
      await expect(open(await tokenFor(subject))).rejects.toThrow('Unauthorized access - token may be expired');
    }
    const real = await open((await headersOf(testApp, buyer)).authorization!.replace(/^Bearer /, ''));
    expect(real.connected).toBe(true);
    // Refused as any bad token is, not as a failed query.
    expect(testApp.logs.slice(logsBefore).join('\n')).not.toMatch(/invalid input syntax for type uuid/);
  });
});

describe('control characters in a chat message sent over the socket', () => {
  it('are refused with the socket’s usual error answer, storing nothing, and the socket stays usable', async () => {
    const listing = await createReviewableListing(testApp, seller);
    const started = await testApp.app.inject({
      method: 'POST',
      url: '/api/chat',
      headers: await headersOf(testApp, buyer),
      payload: { sellerId: seller.id, productId: listing.id },
    });
    const chatId = started.json().chat.id as string;
    const tab = await open((await headersOf(testApp, buyer)).authorization!.replace(/^Bearer /, ''));
    const stored = async () => (await testApp.database.db.select().from(chatMessages).where(eq(chatMessages.chatId, chatId))).length;

    for (const content of ['before\u0000after', '\u0000', 'bell\u0007', 'escape \u001b[31mred', 'delete\u007f']) {
      const serverError = new Promise<{ message: string }>((resolve) => tab.once('error', resolve));
      expect(await send(tab, { chatId, content })).toEqual({ ok: false, error: CONTROL_CHARACTERS_MESSAGE });
      expect(await serverError).toEqual({ message: CONTROL_CHARACTERS_MESSAGE });
    }
    expect(await stored()).toBe(0);
    expect(tab.connected).toBe(true);

    // Tabs and line breaks (a pasted list, Windows line ends) are plain text.
    const ack = await send(tab, { chatId, content: 'Sizes:\r\n\tsmall\n\tlarge' });
    expect(ack).toMatchObject({ ok: true, message: { content: 'Sizes:\r\n\tsmall\n\tlarge' } });
    expect(await stored()).toBe(1);
  });
});

describe('a NUL in text sent over HTTP', () => {
  const expectInvalidText = (response: { statusCode: number; json(): unknown; body: string }) => {
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ error: expect.any(String), code: 'invalid_text' });
  };

  it('a listing’s title: 400 invalid_text, no listing', async () => {
    const category = await createCategory(testApp.database.db, { name: 'Lamps', slug: 'lamps-nul' });
    const before = (await testApp.database.db.select().from(products).where(eq(products.sellerId, seller.id))).length;
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: await headersOf(testApp, seller),
      payload: { title: 'Desk\u0000lamp', description: 'Brass, working.', category: category.slug, price: 40, quantity: 1, condition: 'good' },
    });
    expectInvalidText(response);
    expect((await testApp.database.db.select().from(products).where(eq(products.sellerId, seller.id))).length).toBe(before);
  });

  it('a review’s text, as JSON and as a form: 400 invalid_text, no review', async () => {
    const listing = await createReviewableListing(testApp, seller);
    const item = await createBoughtItem(testApp, buyer, listing);
    const headers = await headersOf(testApp, buyer);
    expectInvalidText(
      await testApp.app.inject({
        method: 'POST',
        url: '/api/reviews',
        headers,
        payload: { orderItemId: item.orderItemId, rating: 4, title: 'Fine', body: 'Works\u0000well.' },
      }),
    );
    const boundary = 'nul-review';
    const form = Object.entries({ orderItemId: item.orderItemId, rating: '4', title: 'Fine', body: 'Works\u0000well.' })
      .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join('');
    expectInvalidText(
      await testApp.app.inject({
        method: 'POST',
        url: '/api/reviews',
        headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: `${form}--${boundary}--\r\n`,
      }),
    );
    expect(await testApp.database.db.select().from(reviews).where(eq(reviews.orderItemId, item.orderItemId))).toEqual([]);
  });

  it('a support request: 400 invalid_text, nothing stored', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/support/requests',
      headers: await headersOf(testApp, seller),
      payload: { topic: 'other', subject: 'Help', message: 'Something\u0000odd happened.' },
    });
    expectInvalidText(response);
    expect(await testApp.database.db.select().from(supportRequests).where(eq(supportRequests.userId, seller.id))).toEqual([]);
  });
});
