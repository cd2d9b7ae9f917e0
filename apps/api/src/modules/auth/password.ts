import { hash, verify } from '@node-rs/argon2';
import { ACCOUNT_ERROR_CODES } from '@marketplace/contracts/auth';
import { judgePassword } from '@marketplace/domain/password-policy';
import { badRequest } from '../../lib/http-errors';

// argon2id (the `algorithm` value 2; the package's enum is a const enum that isolated modules cannot
// import) with OWASP's recommended parameters: 19 MiB of memory, 2 passes, 1 lane.
// @node-rs/argon2 ships prebuilt binaries per platform with no install script; the `argon2` package's
// prebuilt Linux binary crashed on Debian 12, which is why it is not used.
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, OPTIONS);
}

export async function verifyPassword(passwordHash: string, plain: string): Promise<boolean> {
  try {
    return await verify(passwordHash, plain);
  } catch {
    return false;
  }
}

/**
 * A real hash of a throwaway password, verified against when the email is unknown so that a wrong
 * email takes as long as a wrong password and answers cannot be told apart by timing.
 */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword('decoy-password-never-matches');
  return decoyHash;
}

/**
 * The password policy (@marketplace/domain/password-policy) for a new password: at sign-up, on a reset
 * and on a change. A refused one answers 400 `weak_password` saying why, on the field that holds it.
 */
export async function assertAcceptablePassword(password: string, field: string): Promise<void> {
  const verdict = await judgePassword(password);
  if (verdict.isAcceptable) return;
  const message = verdict.problem ?? 'Choose a stronger password';
  throw badRequest(message, { code: ACCOUNT_ERROR_CODES.weakPassword, hint: verdict.hint, issues: [{ path: field, message }] });
}
