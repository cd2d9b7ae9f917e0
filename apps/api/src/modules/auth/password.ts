import { hash, verify } from '@node-rs/argon2';

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
