import type { FastifyInstance, FastifyReply, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { SESSION_ENDED_MESSAGE, type Role } from '@marketplace/contracts/auth';
import { HttpError } from '../lib/http-errors';
import type { AuthService } from '../modules/auth/auth.service';
import type { UserRecord } from '../modules/users/users.repository';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authenticate`; routes behind it can rely on it. */
    currentUser: UserRecord | null;
  }
  interface FastifyInstance {
    /**
     * 401 unless a valid bearer token of an active user is sent. Routes do not add it themselves: their
     * `config.access` puts it on them (below). A public route that reads the user when one is signed in
     * calls it itself and carries on without one.
     */
    authenticate: preValidationAsyncHookHandler;
  }
}

function bearerTokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** The authenticated user; throws if the route forgot its `authenticate` hook. */
export function userOf(request: FastifyRequest): UserRecord {
  if (!request.currentUser) throw new HttpError(401, 'Authentication required');
  return request.currentUser;
}

/** On a public route: the signed-in user when a valid bearer token is sent, else null — a public answer never fails for a bad one. */
export async function viewerOf(app: FastifyInstance, request: FastifyRequest): Promise<UserRecord | null> {
  if (!request.headers.authorization) return null;
  try {
    await app.authenticate.call(app, request, undefined as never);
    return request.currentUser;
  } catch {
    return null;
  }
}

async function authenticationPlugin(app: FastifyInstance, options: { auth: AuthService }) {
  app.decorateRequest('currentUser', null);

  const authenticate = async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = bearerTokenOf(request);
    if (!token) throw new HttpError(401, 'Authentication required');
    const checked = await options.auth.checkToken(token);
    if ('refused' in checked) {
      // Signed out everywhere or a reset password (docs/product/accounts.md): the client can say so.
      if (checked.refused === 'session_ended') throw new HttpError(401, SESSION_ENDED_MESSAGE, { code: 'session_ended' });
      throw new HttpError(401, 'Your session is invalid or has expired. Please log in again.', { code: 'session_expired' });
    }
    request.currentUser = checked.user;
  };

  app.decorate('authenticate', authenticate);
  const requireRole = (roles: readonly Role[]) => async (request: FastifyRequest, reply: FastifyReply) => {
    await authenticate(request, reply);
    if (!roles.includes(userOf(request).role)) throw new HttpError(403, 'You do not have access to this resource');
  };

  // A route's declared access (./route-access.ts) is its guard, put on it as it is registered: signed-in
  // authenticates, roles authenticates and then answers 403 to the other roles (only authenticates when
  // the handler checks the roles itself). Both run first among the route's preValidation hooks: before
  // the request is validated, so a caller who may not use a route learns nothing of its inputs. Public
  // routes get nothing. Routes registered before this plugin (GET /metrics) are public ones.
  app.addHook('onRoute', (route) => {
    const declared = [route.preValidation ?? []].flat();
    if ((declared as unknown[]).includes(authenticate)) {
      throw new Error(`${String(route.method)} ${route.url}: declare config.access instead of adding app.authenticate (plugins/route-access.ts)`);
    }
    const access = route.config?.access;
    if (!access || access.access === 'public') return;
    const guard = access.access === 'roles' && access.checkedBy !== 'handler' ? requireRole(access.roles) : authenticate;
    route.preValidation = [guard, ...declared];
  });
}

export default fp(authenticationPlugin, { name: 'authentication' });
