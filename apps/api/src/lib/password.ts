/**
 * Password hashing with argon2id (@node-rs/argon2, OWASP parameters:
 * 19 MiB, 2 passes, 1 lane). Hashes are PHC strings starting with `$argon2id$`.
 */
import { hash, verify, type Algorithm } from '@node-rs/argon2';

/**
 * `Algorithm` is an ambient const enum, which verbatimModuleSyntax cannot read;
 * Algorithm.Argon2id is 2 (db/seed/seed.test.ts checks the `$argon2id$` prefix).
 */
const ARGON2ID = 2 as Algorithm;

const OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** True when `password` matches `passwordHash`; false for a wrong password or a malformed hash. */
export async function verifyPassword(password: string, passwordHash: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of one verification and returns false: call it when the
 * account does not exist, so the response time does not reveal that.
 */
export async function verifyPasswordDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('senha-inexistente-para-igualar-o-tempo');
  await verifyPassword(password, await dummyHash);
  return false;
}
