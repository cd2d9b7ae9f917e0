import argon2 from 'argon2';

// argon2id with the library's defaults (64 MiB, 3 passes): OWASP's recommended password hash.
export function hashPassword(plain: string): Promise<string> {
  return argon2.hash(plain, { type: argon2.argon2id });
}

export async function verifyPassword(hash: string, plain: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, plain);
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
