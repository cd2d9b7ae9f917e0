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
     * preValidation: 401 unless a valid bearer token of an active user is sent. It runs before the
     * request's schema is checked, so a caller who may not use a route learns nothing of its inputs.
     */
    authenticate: preValidationAsyncHookHandler;
    /** preValidation: authenticate, then 403 unless the user has one of the roles. */
    requireRole(...roles: Role[]): preValidationAsyncHookHandler;
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
  app.decorate('requireRole', (...roles: Role[]) => async (request: FastifyRequest, reply: FastifyReply) => {
    await authenticate(request, reply);
    if (!roles.includes(userOf(request).role)) throw new HttpError(403, 'You do not have access to this resource');
  });
}

export default fp(authenticationPlugin, { name: 'authentication' });
