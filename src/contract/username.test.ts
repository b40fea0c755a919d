import { describe, expect, it } from 'vitest';
import { normalizeUsername } from './username';

describe('normalizeUsername', () => {
  it('trims and lowercases, and leaves a normalised name as it is', () => {
    expect(normalizeUsername('  Robin@Example.ORG \t')).toBe('robin@example.org');
    expect(normalizeUsername('robin@example.org')).toBe('robin@example.org');
  });
});
