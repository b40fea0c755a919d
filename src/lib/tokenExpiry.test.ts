import { describe, expect, it } from 'vitest';
import { isTokenExpired, tokenExpiresAt } from './tokenExpiry';

describe('tokenExpiresAt', () => {
  it('reads the last dot-separated segment as seconds', () => {
    expect(tokenExpiresAt('abc.def.1700000000')).toBe(1_700_000_000);
  });

  it('uses only the last segment when earlier ones are numeric too', () => {
    expect(tokenExpiresAt('123.456.789')).toBe(789);
  });

  it('returns null for a token without a dot', () => {
    expect(tokenExpiresAt('1700000000')).toBeNull();
  });

  it('returns null when the last segment is not a whole number', () => {
    expect(tokenExpiresAt('abc.17e8')).toBeNull();
    expect(tokenExpiresAt('abc.-5')).toBeNull();
    expect(tokenExpiresAt('abc.12.5')).toBe(5);
    expect(tokenExpiresAt('abc.')).toBeNull();
    expect(tokenExpiresAt('abc. 17')).toBeNull();
  });

  it('returns null for an absurdly long number rather than an imprecise one', () => {
    expect(tokenExpiresAt(`abc.${'9'.repeat(20)}`)).toBeNull();
  });
});

describe('isTokenExpired', () => {
  const token = 'random.1000';

  it('is not expired one second before the expiry', () => {
    expect(isTokenExpired(token, 999_000)).toBe(false);
  });

  it('is expired exactly at the expiry second', () => {
    expect(isTokenExpired(token, 1_000_000)).toBe(true);
  });

  it('is expired after the expiry', () => {
    expect(isTokenExpired(token, 5_000_000)).toBe(true);
  });

  it('renews early by the given margin', () => {
    expect(isTokenExpired(token, 971_000, 30)).toBe(true);
    expect(isTokenExpired(token, 969_000, 30)).toBe(false);
  });

  it('treats a token without a readable expiry as expired', () => {
    expect(isTokenExpired('no-expiry', 0)).toBe(true);
  });
});
