import { describe, expect, it } from 'vitest';
import { apiUrl, toQueryString } from './url';

const base = 'https://example.org/api/v1.0/';

describe('apiUrl', () => {
  it('resolves a path under the versioned prefix', () => {
    expect(apiUrl(base, 'users/42')).toBe('https://example.org/api/v1.0/users/42');
  });

  it('keeps the prefix when the path starts with a slash', () => {
    expect(apiUrl(base, '/health')).toBe('https://example.org/api/v1.0/health');
  });

  it('accepts a base without a trailing slash', () => {
    expect(apiUrl('https://example.org/api/v1.0', 'health')).toBe('https://example.org/api/v1.0/health');
  });

  it('appends a GET payload to a query the path already has', () => {
    expect(apiUrl(base, 'login?include_profile=true', { a: 1 })).toBe(
      'https://example.org/api/v1.0/login?include_profile=true&a=1',
    );
  });
});

describe('toQueryString', () => {
  it('writes scalars as they are and leaves absent values out', () => {
    expect(toQueryString({ skip: 0, search: 'red kite', cached: false, none: undefined, nil: null })).toBe(
      'skip=0&search=red+kite&cached=false',
    );
  });

  it('writes structured values as JSON', () => {
    expect(toQueryString({ filter: { group: 'Birds' }, ids: [1, 2] })).toBe(
      `filter=${encodeURIComponent('{"group":"Birds"}')}&ids=${encodeURIComponent('[1,2]')}`,
    );
  });
});
