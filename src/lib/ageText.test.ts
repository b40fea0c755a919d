import { describe, expect, it } from 'vitest';
import { ageText } from './ageText';

const NOW_MS = 1_795_355_286_000;
const now = NOW_MS / 1000;

describe('ageText (SPEC §9)', () => {
  it('says now under a minute, then minutes, hours and days ago', () => {
    expect(ageText(now - 59, NOW_MS)).toBe('now');
    expect(ageText(now + 30, NOW_MS)).toBe('now');
    expect(ageText(now - 60, NOW_MS)).toBe('1 minute ago');
    expect(ageText(now - 59 * 60, NOW_MS)).toBe('59 minutes ago');
    expect(ageText(now - 3600, NOW_MS)).toBe('1 hour ago');
    expect(ageText(now - 23 * 3600, NOW_MS)).toBe('23 hours ago');
    expect(ageText(now - 86_400, NOW_MS)).toBe('1 day ago');
    expect(ageText(now - 365 * 86_400, NOW_MS)).toBe('365 days ago');
  });

  it('says more than a year ago after a year', () => {
    expect(ageText(now - 366 * 86_400, NOW_MS)).toBe('More than a year Ago');
  });
});
