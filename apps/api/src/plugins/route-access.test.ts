import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { declaredRoutes, limitsLooserThanTheHouseRule, routesWithoutAccess } from '../../test/route-declarations';
import type { AuthService } from '../modules/auth/auth.service';
import type { UserRecord } from '../modules/users';
import { HOUR, perAddress, perClient, SEARCH, UPLOAD } from '../security/rate-limits';
import authentication from './authentication';
import errorHandler from './error-handler';
import { declarationOf, FRAMEWORK_ROUTES, only, own, PUBLIC, publicAnswering, rolesCheckedByHandler, SIGNED_IN } from './route-access';

// Each route declares who may call it and its request limit (./route-access.ts). The declaration is the
// guard (./authentication.ts), and the security tests' checks (test/route-declarations.ts) report a route
// that declares nothing or a house-rule route without a tight enough limit. Here on a bare Fastify with
// made-up routes; the app's own routes go through security/authorization-matrix.test.ts and
// security/rate-limits.test.ts.

const TOKENS: Record<string, UserRecord['role']> = { 'buyer-token': 'buyer', 'seller-token': 'seller' };
const auth = {
  checkToken: async (token: string) =>
    TOKENS[token] ? { user: { id: `${TOKENS[token]}-id`, role: TOKENS[token] } as UserRecord } : { refused: 'invalid' as const },
} as unknown as AuthService;

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** A bare app recording its routes, with the error handler and the authentication plugin (and so the guards). */
async function bareApp(registered: RouteOptions[] = []) {
  const created = Fastify();
  created.addHook('onRoute', (route) => {
    registered.push(route);
  });
  created.setValidatorCompiler(validatorCompiler);
  created.setSerializerCompiler(serializerCompiler);
  await created.register(errorHandler);
  await created.register(authentication, { auth });
  app = created;
  return created;
}

const body = z.object({ note: z.string().min(3) });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('the declaration is the guard', () => {
  it('lets anyone call a public route', async () => {
    const server = await bareApp();
    server.get('/open', { config: { access: PUBLIC } }, async () => ({ ok: true }));
    expect((await server.inject({ method: 'GET', url: '/open' })).statusCode).toBe(200);
  });

  it('answers 401 without a valid token on a signed-in route, before the body is checked', async () => {
    const server = await bareApp();
    server.post('/mine', { config: { access: SIGNED_IN }, schema: { body } }, async (request) => ({ who: request.currentUser?.role }));
    expect((await server.inject({ method: 'POST', url: '/mine', payload: { note: 'x' } })).statusCode).toBe(401);
    expect((await server.inject({ method: 'POST', url: '/mine', headers: bearer('forged'), payload: { note: 'hello' } })).statusCode).toBe(401);
    expect((await server.inject({ method: 'POST', url: '/mine', headers: bearer('buyer-token'), payload: { note: 'x' } })).statusCode).toBe(400);
    const allowed = await server.inject({ method: 'POST', url: '/mine', headers: bearer('buyer-token'), payload: { note: 'hello' } });
    expect(allowed.json()).toEqual({ who: 'buyer' });
  });

  it('answers 403 to another role, before the body is checked, and lets the roles through', async () => {
    const server = await bareApp();
    server.post('/sellers', { config: { access: only('seller') }, schema: { body } }, async () => ({ ok: true }));
    const refused = await server.inject({ method: 'POST', url: '/sellers', headers: bearer('buyer-token'), payload: { note: 'x' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'You do not have access to this resource' });
    expect((await server.inject({ method: 'POST', url: '/sellers', headers: bearer('seller-token'), payload: { note: 'hello' } })).statusCode).toBe(200);
  });

  it('only authenticates where the handler checks the roles itself', async () => {
    const server = await bareApp();
    server.get('/started-by-buyers', { config: { access: rolesCheckedByHandler(only('buyer'), 'the handler says so') } }, async (request) => ({
      who: request.currentUser?.role,
    }));
    expect((await server.inject({ method: 'GET', url: '/started-by-buyers' })).statusCode).toBe(401);
    expect((await server.inject({ method: 'GET', url: '/started-by-buyers', headers: bearer('seller-token') })).json()).toEqual({ who: 'seller' });
  });

  it('guards the HEAD route Fastify adds for a GET like the GET', async () => {
    const server = await bareApp();
    server.get('/own/:userId', { config: { access: own(SIGNED_IN, 'userId') } }, async () => ({ ok: true }));
    expect((await server.inject({ method: 'HEAD', url: '/own/someone' })).statusCode).toBe(401);
    expect((await server.inject({ method: 'HEAD', url: '/own/someone', headers: bearer('buyer-token') })).statusCode).toBe(200);
  });

  it('refuses a route that adds app.authenticate itself', async () => {
    const server = await bareApp();
    expect(() => server.get('/twice', { config: { access: SIGNED_IN }, preValidation: server.authenticate }, async () => ({ ok: true }))).toThrow(
      /declare config\.access/,
    );
  });
});

describe('what the security tests report', () => {
  it('reports a route without config.access as a new route without an authorization rule', async () => {
    const registered: RouteOptions[] = [];
    const server = await bareApp(registered);
    server.get('/declared', { config: { access: PUBLIC } }, async () => ({ ok: true }));
    server.post('/forgotten', async () => ({ ok: true }));
    server.get('/limited-only', { config: { requestLimit: perClient(10, HOUR) } }, async () => ({ ok: true }));
    await server.ready();
    expect(routesWithoutAccess(declaredRoutes(registered))).toEqual([
      'new route without an authorization rule: POST /forgotten',
      'new route without an authorization rule: GET /limited-only',
      'new route without an authorization rule: HEAD /limited-only',
    ]);
  });

  it('reports a house-rule route (sign-in, an upload, a search) without a limit tighter than the global one', async () => {
    const registered: RouteOptions[] = [];
    const server = await bareApp(registered);
    const multipart = { consumes: ['multipart/form-data'] };
    server.post('/api/auth/login', { config: { access: publicAnswering(401, 'no such user') } }, async () => ({ ok: true }));
    server.post('/api/photos', { config: { access: SIGNED_IN }, schema: multipart }, async () => ({ ok: true }));
    server.post('/api/photos/limited', { config: { access: SIGNED_IN, requestLimit: UPLOAD }, schema: multipart }, async () => ({ ok: true }));
    server.get('/api/search/loose', { config: { access: PUBLIC, requestLimit: perAddress(6000, 60) } }, async () => ({ ok: true }));
    server.get('/api/search/tight', { config: { access: PUBLIC, requestLimit: SEARCH } }, async () => ({ ok: true }));
    await server.ready();
    expect(limitsLooserThanTheHouseRule(declaredRoutes(registered), 600)).toEqual([
      'POST /api/auth/login: no requestLimit in its config (it would only have the global budget)',
      'POST /api/photos: no requestLimit in its config (it would only have the global budget)',
      'GET /api/search/loose: 6000 a minute is not tighter than the global 600',
    ]);
  });

  it('speaks for the framework’s routes, which cannot declare anything, from one table', () => {
    expect(declarationOf({ method: 'OPTIONS', url: '*', config: {} })).toBe(FRAMEWORK_ROUTES['OPTIONS *']);
    expect(declarationOf({ method: 'HEAD', url: '/api/docs/json', config: {} })).toBe(FRAMEWORK_ROUTES['GET /api/docs/json']);
    expect(declarationOf({ method: 'GET', url: '/assets/app.js', config: { rootPath: '/srv/web/dist' } })).toMatchObject({
      access: PUBLIC,
      requestLimit: { unlimited: true },
    });
    expect(declarationOf({ method: 'GET', url: '/api/undeclared', config: {} })).toBeNull();
  });
});
