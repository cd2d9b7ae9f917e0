import type { User } from '@marketplace/contracts/auth';
import type { UserRecord } from './users.repository';

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
