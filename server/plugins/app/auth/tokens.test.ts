import { describe, expect, it } from 'vitest';
import {
  bearerToken,
  generatePin,
  generateToken,
  hashToken,
  isWellFormedToken,
  tokenExpirySeconds,
} from './tokens';

describe('generateToken', () => {
  it('ends with its expiry as the last dot-separated segment', () => {
    const token = generateToken(1_900_000_000);
    expect(token.split('.').at(-1)).toBe('1900000000');
    expect(tokenExpirySeconds(token)).toBe(1_900_000_000);
  });

  it('carries 256 random bits in base64url before the expiry', () => {
    const [random] = generateToken(1).split('.');
    expect(random).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(random ?? '', 'base64url')).toHaveLength(32);
  });

  it('never repeats', () => {
    const tokens = new Set(Array.from({ length: 1000 }, () => generateToken(1)));
    expect(tokens.size).toBe(1000);
  });

  it('drops a fractional expiry rather than writing an unparsable segment', () => {
    expect(tokenExpirySeconds(generateToken(1234.9))).toBe(1234);
  });
});

describe('tokenExpirySeconds', () => {
  it('reads only the last segment', () => {
    expect(tokenExpirySeconds('a.123.456')).toBe(456);
  });

  it('answers null when the last segment is not a whole number', () => {
    expect(tokenExpirySeconds('abc')).toBeNull();
    expect(tokenExpirySeconds('abc.')).toBeNull();
    expect(tokenExpirySeconds('abc.12x')).toBeNull();
    expect(tokenExpirySeconds('abc.-5')).toBeNull();
    expect(tokenExpirySeconds('abc.1.5e3')).toBeNull();
    expect(tokenExpirySeconds(`abc.${'9'.repeat(30)}`)).toBeNull();
  });
});

describe('isWellFormedToken', () => {
  it('accepts what generateToken makes', () => {
    expect(isWellFormedToken(generateToken(1_900_000_000))).toBe(true);
  });

  it('refuses anything else before it reaches the database', () => {
    expect(isWellFormedToken('')).toBe(false);
    expect(isWellFormedToken('short.123')).toBe(false);
    expect(isWellFormedToken(`${'a'.repeat(43)}.`)).toBe(false);
    expect(isWellFormedToken(`${'a'.repeat(43)}.12.34`)).toBe(false);
    expect(isWellFormedToken(`${'a'.repeat(42)}+.123`)).toBe(false);
  });
});

describe('hashToken', () => {
  it('is a stable hex SHA-256 that differs per token', () => {
    const token = generateToken(1);
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(token)).toBe(hashToken(token));
    expect(hashToken(token)).not.toBe(hashToken(generateToken(1)));
  });
});

describe('generatePin', () => {
  it('is always six digits, zero-padded', () => {
    for (let i = 0; i < 2000; i++) expect(generatePin()).toMatch(/^\d{6}$/);
  });
});

describe('bearerToken', () => {
  it('reads the credential of a Bearer header, case-insensitively', () => {
    expect(bearerToken('Bearer abc.1')).toBe('abc.1');
    expect(bearerToken('bearer   abc.1 ')).toBe('abc.1');
  });

  it('answers null for a missing or different scheme', () => {
    expect(bearerToken(undefined)).toBeNull();
    expect(bearerToken('Basic abc')).toBeNull();
    expect(bearerToken('Bearer')).toBeNull();
    expect(bearerToken('Bearer a b')).toBeNull();
  });
});
