import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Socket } from 'socket.io-client';
import type { ChatMessage, ClientToServerEvents, SendMessageAck, ServerToClientEvents } from '@marketplace/contracts/chat';
import { chatMessages } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { createCategory, createOrder, createProduct } from '../../../test/factories-orders';
import { createSocketPerson, listenOnFreePort, nextEvent, openSocket, type SocketPerson } from '../../../test/socket-client';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

let testApp: TestApp;
let baseUrl: string;
const sockets: Client[] = [];
let buyer: SocketPerson;
let seller: SocketPerson;
let stranger: SocketPerson;
let otherSeller: SocketPerson;
let productId: string;

const person = (role: 'buyer' | 'seller') => createSocketPerson(testApp, role);

function call(method: 'GET' | 'POST', url: string, who: SocketPerson | null, payload?: object) {
  return testApp.app.inject({ method, url, headers: who ? { authorization: who.bearer } : {}, ...(payload ? { payload } : {}) });
}

/** A connected socket, or the connect error's message. */
const open = (token: string): Promise<Client> => openSocket(baseUrl, token, sockets);

function send(socket: Client, payload: { chatId: string; content: string; attachments?: string[] }): Promise<SendMessageAck> {
  return new Promise((resolve) => socket.emit('send_message', payload, resolve));
}

async function startChat(): Promise<string> {
  const response = await call('POST', '/api/chat', buyer, { sellerId: seller.id, productId });
  expect(response.statusCode).toBe(200);
  return response.json().chat.id as string;
}

beforeAll(async () => {
  testApp = await buildTestApp();
  baseUrl = await listenOnFreePort(testApp);
  buyer = await person('buyer');
  seller = await person('seller');
  stranger = await person('buyer');
  otherSeller = await person('seller');
  const category = await createCategory(testApp.database.db);
  productId = (await createProduct(testApp.database.db, { sellerId: seller.id, categoryId: category.id, title: 'Desk lamp' })).id;
});

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await testApp?.close();
});

describe('conversations over REST (docs/product/api.md)', () => {
  it('starts one conversation per buyer and seller, about a product, and lists it for both', async () => {
    const first = await call('POST', '/api/chat', buyer, { sellerId: seller.id, productId });
    expect(first.json()).toMatchObject({
      success: true,
      created: true,
      chat: { seller_id: seller.id, buyer_id: buyer.id, unread_count: 0, product: { id: productId, title: 'Desk lamp' } },
    });
    const again = await call('POST', '/api/chat', buyer, { sellerId: seller.id });
    expect(again.json()).toMatchObject({ created: false, chat: { id: first.json().chat.id } });

    const mine = await call('GET', `/api/chat/${buyer.id}`, buyer);
    expect(mine.json().chats.map((chat: { id: string }) => chat.id)).toContain(first.json().chat.id);
    const theirs = await call('GET', `/api/chat/${seller.id}`, seller);
    expect(theirs.json().chats[0]).toMatchObject({ id: first.json().chat.id, other: { id: buyer.id, role: 'buyer' } });
  });

  it('refuses other people’s lists, bad tokens, sellers starting chats, and products or orders that do not fit', async () => {
    expect((await call('GET', `/api/chat/${seller.id}`, buyer)).statusCode).toBe(403);
    expect((await call('GET', `/api/chat/${buyer.id}`, null)).statusCode).toBe(401);
    expect((await testApp.app.inject({ method: 'GET', url: `/api/chat/${buyer.id}`, headers: { authorization: 'Bearer not-a-token' } })).statusCode).toBe(401);
    expect((await call('POST', '/api/chat', seller, { sellerId: otherSeller.id })).statusCode).toBe(403);
    expect((await call('POST', '/api/chat', buyer, { sellerId: stranger.id })).statusCode).toBe(404);
    expect((await call('POST', '/api/chat', buyer, { sellerId: otherSeller.id, productId })).statusCode).toBe(404);
    expect((await call('POST', '/api/chat', buyer, { sellerId: 'nope' })).statusCode).toBe(400);
    // An order is the buyer's own, with this seller's item in it.
    const category = await createCategory(testApp.database.db);
    const product = await createProduct(testApp.database.db, { sellerId: seller.id, categoryId: category.id });
    const { order } = await createOrder(testApp.database.db, { buyerId: stranger.id, items: [{ product }] });
    expect((await call('POST', '/api/chat', buyer, { sellerId: seller.id, orderId: order.id })).statusCode).toBe(404);
    const { order: own } = await createOrder(testApp.database.db, { buyerId: buyer.id, items: [{ product }] });
    expect((await call('POST', '/api/chat', buyer, { sellerId: seller.id, orderId: own.id })).statusCode).toBe(200);
  });
});

describe('the chat socket', () => {
  it('refuses a bad or missing token', async () => {
    await expect(open('not-a-token')).rejects.toThrow('Unauthorized access - token may be expired');
    await expect(open('')).rejects.toThrow('Unauthorized');
  });

  it('joins the user’s chats, stores a message before it reaches every tab of both people, and counts it unread', async () => {
    const chatId = await startChat();
    const [buyerTab, buyerOtherTab, sellerTab] = await Promise.all([open(buyer.token), open(buyer.token), open(seller.token)]);
    const joined = nextEvent(buyerTab, 'joined_chats');
    buyerTab.emit('join_chats');
    expect((await joined).chatIds).toContain(chatId);

    const arrivals = [nextEvent(buyerTab, 'new_message'), nextEvent(buyerOtherTab, 'new_message'), nextEvent(sellerTab, 'new_message')];
    const ack = await send(buyerTab, { chatId, content: '  Is the <b>lamp</b> still available?  ' });
    expect(ack.ok).toBe(true);
    const message = (ack as { message: ChatMessage }).message;
    expect(message).toMatchObject({ sender_id: buyer.id, content: 'Is the <b>lamp</b> still available?', reference: { productId, productTitle: 'Desk lamp' } });
    for (const arrival of await Promise.all(arrivals)) expect(arrival).toEqual({ chatId, message });
    const [stored] = await testApp.database.db.select().from(chatMessages).where(eq(chatMessages.id, message.id));
    expect(stored?.content).toBe('Is the <b>lamp</b> still available?');

    const sellerList = await call('GET', `/api/chat/${seller.id}`, seller);
    expect(sellerList.json().chats.find((chat: { id: string }) => chat.id === chatId)).toMatchObject({
      unread_count: 1,
      last_message: { content: 'Is the <b>lamp</b> still available?' },
    });

    // The seller reads it: their tabs hear messages_read, the buyer hears chat_read.
    const cleared = nextEvent(sellerTab, 'messages_read');
    const seen = nextEvent(buyerTab, 'chat_read');
    sellerTab.emit('mark_read', { chatId });
    expect(await cleared).toEqual({ chatId });
    expect(await seen).toMatchObject({ chatId, readerId: seller.id });
    const after = await call('GET', `/api/chat/${seller.id}`, seller);
    expect(after.json().chats.find((chat: { id: string }) => chat.id === chatId).unread_count).toBe(0);

    const typing = nextEvent(sellerTab, 'typing');
    buyerTab.emit('typing', { chatId });
    expect(await typing).toEqual({ chatId, userId: buyer.id });
  });

  it('refuses empty, too long and outsiders’ messages, storing nothing', async () => {
    const chatId = await startChat();
    const [buyerTab, strangerTab] = await Promise.all([open(buyer.token), open(stranger.token)]);
    const before = (await testApp.database.db.select().from(chatMessages).where(eq(chatMessages.chatId, chatId))).length;
    const serverError = nextEvent(buyerTab, 'error');
    expect(await send(buyerTab, { chatId, content: '   ' })).toEqual({ ok: false, error: 'A message cannot be empty' });
    expect(await serverError).toEqual({ message: 'A message cannot be empty' });
    expect(await send(buyerTab, { chatId, content: 'x'.repeat(5001) })).toEqual({ ok: false, error: 'A message can be at most 5,000 characters' });
    expect(await send(strangerTab, { chatId, content: 'let me in' })).toEqual({ ok: false, error: 'Chat not found' });
    expect(await send(buyerTab, { chatId: 'nope', content: 'hi' })).toMatchObject({ ok: false, error: 'Invalid chat id' });
    expect(await send(buyerTab, { chatId, content: 'with a photo that is not mine', attachments: ['00000000-0000-4000-8000-000000000000'] })).toMatchObject({
      ok: false,
    });
    const after = (await testApp.database.db.select().from(chatMessages).where(eq(chatMessages.chatId, chatId))).length;
    expect(after).toBe(before);

    const denied = nextEvent(strangerTab, 'error');
    strangerTab.emit('mark_read', { chatId });
    expect(await denied).toEqual({ message: 'Chat not found' });
    expect((await call('GET', `/api/chat/${chatId}/messages`, stranger)).statusCode).toBe(404);
  });

  it('slows down a user sending more than 20 messages in 10 seconds, with an error, still connected', async () => {
    const chatId = await startChat();
    const tab = await open(buyer.token);
    testApp.clock.advance(60_000);
    const answers: SendMessageAck[] = [];
    for (let index = 0; index < 21; index += 1) answers.push(await send(tab, { chatId, content: `message ${index}` }));
    expect(answers.slice(0, 20).every((answer) => answer.ok)).toBe(true);
    expect(answers[20]).toMatchObject({ ok: false, error: expect.stringContaining('too fast') });
    expect(tab.connected).toBe(true);
    testApp.clock.advance(10_001);
    expect((await send(tab, { chatId, content: 'after a pause' })).ok).toBe(true);
  });

  it('pages history back with before=, and sends photos checked by their bytes', async () => {
    const chatId = await startChat();
    const page = await call('GET', `/api/chat/${chatId}/messages?limit=5`, seller);
    expect(page.json().messages).toHaveLength(5);
    expect(page.json().hasMore).toBe(true);
    const oldest = page.json().messages[0].id as string;
    const older = await call('GET', `/api/chat/${chatId}/messages?limit=5&before=${oldest}`, seller);
    expect(older.json().messages.at(-1).created_at <= page.json().messages[0].created_at).toBe(true);
    expect(older.json().messages.map((message: { id: string }) => message.id)).not.toContain(oldest);

    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c05621' } })
      .png()
      .toBuffer();
    const form = (name: string, data: Buffer, type: string) => {
      const boundary = '----chat-test';
      const body = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`),
        data,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return { headers: { authorization: buyer.bearer, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body };
    };
    const notImage = await testApp.app.inject({
      method: 'POST',
      url: `/api/chat/${chatId}/attachments`,
      ...form('photo.png', Buffer.from('<script>alert(1)</script>'), 'image/png'),
    });
    expect(notImage.statusCode).toBe(400);
    const uploaded = await testApp.app.inject({ method: 'POST', url: `/api/chat/${chatId}/attachments`, ...form('lamp.png', png, 'image/png') });
    expect(uploaded.statusCode).toBe(201);
    const attachment = uploaded.json().attachments[0];
    const tab = await open(buyer.token);
    const ack = await send(tab, { chatId, content: '', attachments: [attachment.id] });
    expect(ack).toMatchObject({ ok: true, message: { attachments: [{ id: attachment.id, url: expect.stringContaining('.webp') }] } });
    // An attachment goes with one message only.
    expect((await send(tab, { chatId, content: 'again', attachments: [attachment.id] })).ok).toBe(false);
  });
});
