import { ACCOUNT_ERROR_CODES, type User } from '@marketplace/contracts/auth';
import {
  CANNOT_SUSPEND_SELF_MESSAGE,
  CURRENT_PASSWORD_INCORRECT_MESSAGE,
  type AdminUser,
  type AdminUsersResponse,
  type ChangePasswordResponse,
  type ProfileUser,
  type UserInsightsResponse,
  type UserStatus,
} from '@marketplace/contracts/users';
import { totalPagesFor } from '@marketplace/domain/pagination-window';
import type { Role } from '@marketplace/contracts/auth';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { DomainEventPublisher } from '../../lib/domain-events';
import { badRequest, notFound } from '../../lib/http-errors';
import { assertShopNameFree, shopNameTaken } from './shop-names';
import {
  findUserById,
  findUsersPage,
  isShopNameTakenError,
  replacePasswordEndingSessions,
  setUserStatus,
  updateUser,
  type UserRecord,
} from './users.repository';

/** The public face of a user row: never the password hash. */
export function toUserDto(user: UserRecord): User {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    companyName: user.companyName ?? null,
  };
}

export function fullNameOf(user: Pick<UserRecord, 'firstName' | 'lastName'>): string {
  return `${user.firstName} ${user.lastName}`.trim();
}

export function toProfileDto(user: UserRecord): ProfileUser {
  return { ...toUserDto(user), phone: user.phone ?? null, createdAt: user.createdAt.toISOString(), handlingDays: user.handlingDays ?? null };
}

export function toAdminUserDto(user: UserRecord): AdminUser {
  return { ...toUserDto(user), status: user.status, createdAt: user.createdAt.toISOString() };
}

export const USER_NOT_FOUND_MESSAGE = 'User not found';
export const COMPANY_NAME_SELLERS_ONLY_MESSAGE = 'Only sellers have a company name';
export const HANDLING_DAYS_SELLERS_ONLY_MESSAGE = 'Only sellers have a handling time';
export interface ProfileChanges {
  firstName?: string | undefined;
  lastName?: string | undefined;
  phone?: string | null | undefined;
  companyName?: string | undefined;
  /** Sellers only; null clears it. */
  handlingDays?: number | null | undefined;
}

export interface UserListQuery {
  q?: string | undefined;
  role?: Role | undefined;
  status?: UserStatus | undefined;
  page: number;
  limit: number;
}

export interface UsersService {
  updateProfile(user: UserRecord, changes: ProfileChanges): Promise<ProfileUser>;
  /** Sets a new password and ends every other session; answers the caller a new token to stay signed in with. */
  changePassword(user: UserRecord, currentPassword: string, newPassword: string): Promise<ChangePasswordResponse>;
  listUsers(query: UserListQuery): Promise<AdminUsersResponse>;
  setUserStatus(admin: UserRecord, userId: string, status: UserStatus): Promise<AdminUser>;
  findInsights(userId: string): Promise<UserInsightsResponse>;
}

/** The password rules (the auth module's), for a change of password. */
export interface PasswordRules {
  assertAcceptable(password: string, field: string): Promise<void>;
  hash(plain: string): Promise<string>;
  verify(passwordHash: string, plain: string): Promise<boolean>;
}

/** What a buyer bought and a seller sold, for the insights page: a report over orders and the catalogue (the analytics module's). */
export interface UserActivity {
  ofBuyer(buyerId: string): Promise<UserInsightsResponse['buyer']>;
  ofSeller(sellerId: string): Promise<UserInsightsResponse['seller']>;
}

// Users is the lowest layer (modules/layers.ts): what it needs from the modules above it is handed in at
// boot by users.module.ts (tokens and password rules from auth, built by app.ts before any module; sales
// figures from analytics, through a port the analytics module fills).
export function createUsersService(deps: {
  db: Database;
  clock: Clock;
  /** Where `user.changed` is published (lib/domain-events.ts): sign-in caches and the seller's name on listings follow it. */
  events: DomainEventPublisher;
  /** Signs a session token for the user at their current session version (the auth module's token service). */
  signToken: (user: UserRecord) => Promise<string>;
  passwords: PasswordRules;
  activity: UserActivity;
}): UsersService {
  // Each write is one statement outside any transaction: committed when it returns, so the change is published at once.
  const changed = (updated: UserRecord | null, change: 'profile' | 'password' | 'status') => {
    if (updated) deps.events.publish({ type: 'user.changed', userId: updated.id, change });
    return updated;
  };
  const saveProfile = async (userId: string, values: Parameters<typeof updateUser>[2]) => changed(await updateUser(deps.db, userId, values), 'profile');

  return {
    async updateProfile(user, changes) {
      if (changes.companyName !== undefined && user.role !== 'seller') {
        throw badRequest(COMPANY_NAME_SELLERS_ONLY_MESSAGE, { issues: [{ path: 'companyName', message: COMPANY_NAME_SELLERS_ONLY_MESSAGE }] });
      }
      if (changes.handlingDays !== undefined && user.role !== 'seller') {
        throw badRequest(HANDLING_DAYS_SELLERS_ONLY_MESSAGE, { issues: [{ path: 'handlingDays', message: HANDLING_DAYS_SELLERS_ONLY_MESSAGE }] });
      }
      // The name the shop has is no change: a shop named before names were unique may share it with an older one (docs/product/shops.md).
      const companyName = changes.companyName !== undefined && changes.companyName !== user.companyName ? changes.companyName : undefined;
      if (companyName !== undefined) await assertShopNameFree(deps.db, companyName, user.id);
      const updated = await saveProfile(user.id, {
        ...(changes.firstName !== undefined ? { firstName: changes.firstName } : {}),
        ...(changes.lastName !== undefined ? { lastName: changes.lastName } : {}),
        ...(changes.phone !== undefined ? { phone: changes.phone === '' ? null : changes.phone } : {}),
        ...(companyName !== undefined ? { companyName } : {}),
        ...(changes.handlingDays !== undefined ? { handlingDays: changes.handlingDays } : {}),
        updatedAt: deps.clock.now(),
      }).catch((error: unknown) => {
        if (companyName !== undefined && isShopNameTakenError(error)) throw shopNameTaken(companyName);
        throw error;
      });
      if (!updated) throw notFound(USER_NOT_FOUND_MESSAGE);
      return toProfileDto(updated);
    },

    async changePassword(user, currentPassword, newPassword) {
      // Read the hash afresh: the request's user row was loaded before any concurrent change.
      const current = await findUserById(deps.db, user.id);
      if (!current || !(await deps.passwords.verify(current.passwordHash, currentPassword))) {
        throw badRequest(CURRENT_PASSWORD_INCORRECT_MESSAGE, {
          code: ACCOUNT_ERROR_CODES.currentPasswordIncorrect,
          issues: [{ path: 'currentPassword', message: CURRENT_PASSWORD_INCORRECT_MESSAGE }],
        });
      }
      await deps.passwords.assertAcceptable(newPassword, 'newPassword');
      // Whoever else held a session (a stolen token, a forgotten browser) is signed out; the caller
      // gets a token at the new session version, so this browser stays signed in (docs/product/accounts.md).
      const updated = changed(await replacePasswordEndingSessions(deps.db, user.id, await deps.passwords.hash(newPassword), deps.clock.now()), 'password');
      if (!updated) throw notFound(USER_NOT_FOUND_MESSAGE);
      return { token: await deps.signToken(updated), user: toUserDto(updated) };
    },

    async listUsers(query) {
      const { rows, total } = await findUsersPage(deps.db, {
        q: query.q || undefined,
        role: query.role,
        status: query.status,
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      });
      return {
        users: rows.map(toAdminUserDto),
        pagination: { page: query.page, limit: query.limit, totalPages: totalPagesFor(total, query.limit), totalItems: total },
      };
    },

    async setUserStatus(admin, userId, status) {
      if (userId === admin.id && status === 'suspended') {
        throw badRequest(CANNOT_SUSPEND_SELF_MESSAGE);
      }
      // Suspension takes effect at once, on every instance: it ends every session (the session version
      // moves on, so no token from before works again, even after a reinstatement), and `user.changed`
      // drops the cached user rows here and, through the cache bus, on the other instances; open
      // chat sockets close on it, and the seller's listings leave the catalogue.
      const updated = changed(await setUserStatus(deps.db, userId, status, deps.clock.now()), 'status');
      if (!updated) throw notFound(USER_NOT_FOUND_MESSAGE);
      return toAdminUserDto(updated);
    },

    async findInsights(userId) {
      const user = await findUserById(deps.db, userId);
      if (!user) throw notFound(USER_NOT_FOUND_MESSAGE);
      const [buyer, seller] = await Promise.all([
        user.role === 'buyer' ? deps.activity.ofBuyer(user.id) : null,
        user.role === 'seller' ? deps.activity.ofSeller(user.id) : null,
      ]);
      return { user: { ...toAdminUserDto(user), phone: user.phone ?? null }, buyer, seller };
    },
  };
}
