/**
 * Password (and reset pin) hashing: argon2id with m = 19 MiB, t = 2, p = 1, the OWASP minimum.
 * `verifyPassword` against a missing hash still spends the same work, so "no such member" and
 * "wrong password" take the same time and cannot be told apart from outside.
 */
import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';

// Algorithm is an ambient const enum, which isolatedModules cannot read: its Argon2id member is 2.
// eslint-disable-next-line @typescript-eslint/no-unsafe-enum-assignment -- the enum itself cannot be read here.
const ARGON2ID = 2 as Algorithm;

export const ARGON2_OPTIONS: Options = {
  algorithm: ARGON2ID,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/** False for a null hash (social-only member or unknown email), after the same amount of work. */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (passwordHash === null) {
    dummyHash ??= hashPassword('fieldmark-timing-equaliser');
    await verify(await dummyHash, password);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash is a data problem, not a reason to let anyone in.
    return false;
  }
}
