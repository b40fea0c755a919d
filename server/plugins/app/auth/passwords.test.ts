import { parseOptions } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords';

describe('password hashing', () => {
  it('uses argon2id with m = 19 MiB, t = 2, p = 1', async () => {
    const hashed = await hashPassword('Secret123');
    expect(hashed.startsWith('$argon2id$')).toBe(true);
    expect(parseOptions(hashed)).toMatchObject({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
  });

  it('verifies the right password and refuses a wrong one', async () => {
    const hashed = await hashPassword('Secret123');
    expect(await verifyPassword(hashed, 'Secret123')).toBe(true);
    expect(await verifyPassword(hashed, 'secret123')).toBe(false);
  });

  it('refuses everything for a member without a password', async () => {
    expect(await verifyPassword(null, '')).toBe(false);
    expect(await verifyPassword(null, 'fieldmark-timing-equaliser')).toBe(false);
  });

  it('refuses rather than throws on a corrupt stored hash', async () => {
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false);
  });
});
