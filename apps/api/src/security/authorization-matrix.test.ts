import type { FastifyInstance, RouteOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper';
import { bearerFor } from '../../test/factories-commerce';
import { createUser } from '../../test/factories';
import { createCategory, createOrder, createProduct } from '../../test/factories-orders';
import { declaredRoutes, routesWithoutAccess, type DeclaredRoute } from '../../test/route-declarations';
import {
  describeExpectation,
  expectationFor,
  fillPath,
  inputJsonSchema,
  meets,
  PERSONAS,
  queryString,
  SAMPLE_BODIES,
  SAMPLE_QUERIES,
  sampleFromJsonSchema,
  SESSION_ENDING_ROUTES,
  type Persona,
} from '../../test/route-samples';
import { disputes, orderItems, shipments } from '../db/schema';
import { findUserById } from '../modules/users';
import { FRAMEWORK_ROUTES, routeKey } from '../plugins/route-access';

// Every route Fastify registers × {anonymous, buyer, seller, other seller, admin} against the access the
// route declares (`config.access`, plugins/route-access.ts; the framework's routes have theirs in its
// FRAMEWORK_ROUTES). Routes are collected with an onRoute hook buildApp puts on its Fastify instance the
// moment it creates it (buildTestApp's `onRoute`; one added in `beforeReady` would come after the modules
// registered their routes), then checked against the OpenAPI document so neither list can drift.

const registered: RouteOptions[] = [];
const onRoute = (route: RouteOptions) => {
  registered.push(route);
};

type Route = DeclaredRoute;

const testApp: TestApp = await buildTestApp({ onRoute });
const app: FastifyInstance = testApp.app;
const routes = declaredRoutes(registered);

const users = {} as Record<Exclude<Persona, 'anonymous'>, { id: string; token: string }>;

beforeAll(async () => {
  for (const persona of ['buyer', 'seller', 'otherSeller', 'admin'] as const) {
    const user = await createUser(testApp.database.db, { role: persona === 'otherSeller' ? 'seller' : persona });
    users[persona] = { id: user.id, token: await bearerFor(testApp, user) };
  }
});

afterAll(async () => {
  await testApp.close();
});

const BOUNDARY = '----authorization-matrix';
const emptyForm = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="note"\r\n\r\nmatrix\r\n--${BOUNDARY}--\r\n`;

/** One placeholder request for the route as `persona`. */
function call(route: Route, persona: Persona) {
  const rule = route.access;
  const self = persona === 'anonymous' || persona === 'otherSeller' ? users.seller.id : users[persona].id;
  const headerSchema = inputJsonSchema(route.headers);
  const headers = {
    ...(headerSchema ? (sampleFromJsonSchema(headerSchema) as Record<string, string>) : {}),
    ...(persona === 'anonymous' ? {} : { authorization: users[persona].token }),
  };
  const querySchema = inputJsonSchema(route.querystring);
  const query = SAMPLE_QUERIES[route.key] ?? (querySchema ? (sampleFromJsonSchema(querySchema) as Record<string, unknown>) : {});
  const url = `${fillPath(route.url, rule, self)}${queryString(query)}`;
  if (route.method === 'OPTIONS') {
    return app.inject({ method: 'OPTIONS', url, headers: { ...headers, origin: 'http://localhost:3000', 'access-control-request-method': 'GET' } });
  }
  if (route.multipart) {
    return app.inject({
      method: route.method as 'POST',
      url,
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: emptyForm,
    });
  }
  const bodySchema = inputJsonSchema(route.body);
  const body = SAMPLE_BODIES[route.key]?.(persona) ?? (bodySchema ? sampleFromJsonSchema(bodySchema) : undefined);
  if (body !== undefined)
    return app.inject({ method: route.method as 'POST', url, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
  if (route.key === 'POST /api/stripe-connect/webhook')
    return app.inject({ method: 'POST', url, headers: { ...headers, 'content-type': 'application/json' }, payload: '{"type":"account.updated"}' });
  return app.inject({ method: route.method as 'GET', url, headers });
}

describe('route enumeration', () => {
  it('finds every route the OpenAPI document lists, and nothing documented is missing', () => {
    const documented = new Set<string>();
    const paths = (app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
    for (const [path, operations] of Object.entries(paths)) {
      for (const method of Object.keys(operations)) documented.add(routeKey(method.toUpperCase(), path.replace(/\{(\w+)\}/g, ':$1').replace(/\{\*\}$/, '*')));
    }
    const visible = new Set(routes.filter((route) => !route.hidden && route.method !== 'HEAD').map((route) => route.key));
    expect([...documented].filter((key) => !visible.has(key))).toEqual([]);
    expect([...visible].filter((key) => !documented.has(key))).toEqual([]);
    // A sanity floor: the app has well over a hundred endpoints; an empty list means the hook broke.
    expect(visible.size).toBeGreaterThan(100);
    for (const route of routes.filter((candidate) => candidate.url !== '*'))
      expect(app.hasRoute({ method: route.method as 'GET', url: route.url }), `${route.method} ${route.url}`).toBe(true);
  });

  it('finds the access every route declares, and no framework line for a route that is gone', () => {
    expect(routesWithoutAccess(routes)).toEqual([]);
    const keys = new Set(routes.map((route) => route.key));
    expect(
      Object.keys(FRAMEWORK_ROUTES)
        .filter((key) => !keys.has(key))
        .map((key) => `framework line for a route that does not exist: ${key}`),
    ).toEqual([]);
  });
});

describe('authorization matrix', () => {
  it.each(routes.map((route) => [`${route.method} ${route.url}`, route] as const))('%s', async (_name, route) => {
    const rule = route.access;
    if (!rule) throw new Error(`new route without an authorization rule: ${route.method} ${route.url}`);
    const wrong: string[] = [];
    for (const persona of PERSONAS) {
      const expectation = expectationFor(rule, persona);
      const response = await call(route, persona);
      if (!meets(expectation, response.statusCode)) {
        wrong.push(`${persona}: got ${response.statusCode} ${response.body.slice(0, 160)}, expected ${describeExpectation(expectation)}`);
      }
      // Signed out everywhere: sign in again for the routes after this one.
      if (persona !== 'anonymous' && SESSION_ENDING_ROUTES.has(route.key)) {
        const fresh = await findUserById(testApp.database.db, users[persona].id);
        users[persona].token = await bearerFor(testApp, fresh!);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe("another seller's rows", () => {
  const ids = { productId: '', orderId: '', orderItemId: '', shipmentId: '', disputeId: '', chatId: '' };

  beforeAll(async () => {
    const db = testApp.database.db;
    const category = await createCategory(db);
    const product = await createProduct(db, { sellerId: users.seller.id, categoryId: category.id, title: 'Walnut board' });
    const { order, items } = await createOrder(db, { buyerId: users.buyer.id, status: 'shipped', items: [{ product, status: 'shipped' }] });
    const [shipment] = await db
      .insert(shipments)
      .values({
        orderId: order.id,
        sellerId: users.seller.id,
        status: 'created',
        trackingNumber: '1Z999AA10123456784',
        recipientAddress: { name: 'Test Buyer', line1: '1 Market St', city: 'San Francisco', state: 'CA', postalCode: '94105', countryCode: 'US' },
      })
      .returning();
    const [dispute] = await db
      .insert(disputes)
      .values({
        orderItemId: items[0]!.id,
        orderId: order.id,
        buyerId: users.buyer.id,
        sellerId: users.seller.id,
        reason: 'damaged',
        description: 'The board arrived cracked.',
      })
      .returning();
    const chat = await app.inject({
      method: 'POST',
      url: '/api/chat',
      headers: { authorization: users.buyer.token },
      payload: { sellerId: users.seller.id, productId: product.id },
    });
    expect(chat.statusCode).toBe(200);
    Object.assign(ids, {
      productId: product.id,
      orderId: order.id,
      orderItemId: items[0]!.id,
      shipmentId: shipment!.id,
      disputeId: dispute!.id,
      chatId: (chat.json() as { chat: { id: string } }).chat.id,
    });
  });

  const as = (persona: 'seller' | 'otherSeller', method: 'GET' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url, headers: { authorization: users[persona].token }, ...(payload ? { payload } : {}) });

  it('keeps the order and its item away from another seller (and leaves the item as it was)', async () => {
    expect((await as('seller', 'GET', `/api/seller/orders/${ids.orderId}`)).statusCode).toBe(200);
    expect((await as('seller', 'GET', `/api/seller/order-items/${ids.orderItemId}`)).statusCode).toBe(200);
    expect([403, 404]).toContain((await as('otherSeller', 'GET', `/api/seller/orders/${ids.orderId}`)).statusCode);
    expect([403, 404]).toContain((await as('otherSeller', 'GET', `/api/seller/order-items/${ids.orderItemId}`)).statusCode);
    expect([403, 404]).toContain((await as('otherSeller', 'PATCH', `/api/seller/order-items/${ids.orderItemId}`, { status: 'delivered' })).statusCode);
    const [item] = await testApp.database.db.select().from(orderItems).where(eq(orderItems.id, ids.orderItemId));
    expect(item?.status).toBe('shipped');
  });

  it('keeps the shipment away from another seller', async () => {
    const own = await as('seller', 'GET', `/api/shipments/seller/${users.seller.id}`);
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain(ids.shipmentId);
    const list = await as('otherSeller', 'GET', `/api/shipments/seller/${users.seller.id}`);
    expect([403, 404]).toContain(list.statusCode);
    expect(list.body).not.toContain(ids.shipmentId);
    const mine = await as('otherSeller', 'GET', `/api/shipments/seller/${users.otherSeller.id}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.body).not.toContain(ids.shipmentId);
    expect([403, 404]).toContain((await as('otherSeller', 'PUT', `/api/shipments/track/${ids.shipmentId}`)).statusCode);
    expect([403, 404]).toContain((await as('otherSeller', 'DELETE', `/api/shipments/void/${ids.shipmentId}`)).statusCode);
    const [row] = await testApp.database.db.select().from(shipments).where(eq(shipments.id, ids.shipmentId));
    expect(row?.voidedAt).toBeNull();
  });

  it('keeps the dispute away from another seller', async () => {
    expect((await as('seller', 'GET', `/api/disputes/${ids.disputeId}`)).statusCode).toBe(200);
    expect([403, 404]).toContain((await as('otherSeller', 'GET', `/api/disputes/${ids.disputeId}`)).statusCode);
    const list = await as('otherSeller', 'GET', '/api/disputes');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(ids.disputeId);
  });

  it('keeps the conversation away from another seller', async () => {
    expect((await as('seller', 'GET', `/api/chat/${ids.chatId}/messages`)).statusCode).toBe(200);
    expect([403, 404]).toContain((await as('otherSeller', 'GET', `/api/chat/${ids.chatId}/messages`)).statusCode);
    expect([403, 404]).toContain((await as('otherSeller', 'GET', `/api/chat/${users.seller.id}`)).statusCode);
    const list = await as('otherSeller', 'GET', `/api/chat/${users.otherSeller.id}`);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(ids.chatId);
  });

  it("keeps the listing's edit and stock away from another seller", async () => {
    expect([403, 404]).toContain((await as('otherSeller', 'PUT', `/api/products/${ids.productId}`, { title: 'Taken over' })).statusCode);
    expect([403, 404]).toContain((await as('otherSeller', 'PATCH', `/api/seller/products/${ids.productId}/inventory`, { quantity: 0 })).statusCode);
    expect([403, 404]).toContain((await as('otherSeller', 'GET', `/api/products/${ids.productId}/images`)).statusCode);
    const product = await app.inject({ method: 'GET', url: `/api/products/${ids.productId}` });
    expect(product.body).not.toContain('Taken over');
  });
});

describe('who is asking is checked before what they sent', () => {
  /** The route's request with every input wrong: path parameters, query and body all fail validation. */
  function invalidCall(route: Route, persona: 'anonymous' | 'buyer') {
    const url = route.url.replace(/:(\w+)/g, 'not-valid').replace(/\*$/, 'x');
    const query = route.querystring ? '?page=0&limit=-1&status=not-a-status&days=7.5' : '';
    const headers = persona === 'anonymous' ? {} : { authorization: users.buyer.token };
    if (!route.body) return app.inject({ method: route.method as 'GET', url: `${url}${query}`, headers });
    return app.inject({
      method: route.method as 'POST',
      url: `${url}${query}`,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '"not an object"',
    });
  }
  const guarded = routes.filter(
    (route) => route.method !== 'OPTIONS' && route.method !== 'HEAD' && !route.multipart && route.access && route.access.access !== 'public',
  );

  /** Every route's answer to `persona` sending all-invalid inputs, where it is not `status`. */
  async function otherAnswers(candidates: Route[], persona: 'anonymous' | 'buyer', status: number): Promise<string[]> {
    const wrong: string[] = [];
    for (const route of candidates) {
      const response = await invalidCall(route, persona);
      if (response.statusCode !== status) wrong.push(`${route.method} ${route.url}: ${response.statusCode} ${response.body.slice(0, 120)}`);
    }
    return wrong;
  }

  it('answers 401 to an anonymous caller, whatever they sent, so inputs are not explained to strangers', async () => {
    expect(guarded.length).toBeGreaterThan(80);
    expect(await otherAnswers(guarded, 'anonymous', 401)).toEqual([]);
  });

  it('answers 403 to a signed-in user of another role, whatever they sent', async () => {
    // Routes whose handler checks the roles itself (`checkedBy: 'handler'`) do so once the request is valid.
    const forbidden = guarded.filter(
      (route) => route.access?.access === 'roles' && route.access.checkedBy !== 'handler' && expectationFor(route.access, 'buyer').kind === 'status',
    );
    expect(forbidden.length).toBeGreaterThan(40);
    expect(await otherAnswers(forbidden, 'buyer', 403)).toEqual([]);
  });
});
