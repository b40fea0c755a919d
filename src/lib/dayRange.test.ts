import { describe, expect, it } from 'vitest';
import { dayEndSeconds, dayStartSeconds, dayValueOf } from './dayRange';

/** The seconds of a day value the test knows is valid (null would fail the test here). */
function valid(seconds: number | null): number {
  if (seconds === null) throw new Error('Not a valid day value');
  return seconds;
}

describe('day values and seconds', () => {
  it('spans the whole local day, inclusive', () => {
    const start = valid(dayStartSeconds('2026-03-03'));
    const end = valid(dayEndSeconds('2026-03-03'));
    expect(new Date(start * 1000).getHours()).toBe(0);
    expect(new Date(end * 1000).getHours()).toBe(23);
    expect(new Date(end * 1000).getMinutes()).toBe(59);
    expect(dayValueOf(start)).toBe('2026-03-03');
    expect(dayValueOf(end)).toBe('2026-03-03');
    expect(dayStartSeconds('2026-03-04')).toBe(end + 1);
  });

  it('round-trips every day of a leap year', () => {
    for (let day = 0; day < 366; day++) {
      const value = dayValueOf(new Date(2028, 0, 1 + day, 12).getTime() / 1000);
      expect(dayValueOf(valid(dayStartSeconds(value)))).toBe(value);
      expect(dayValueOf(valid(dayEndSeconds(value)))).toBe(value);
    }
  });

  it('refuses what is not a day', () => {
    expect(dayStartSeconds('')).toBeNull();
    expect(dayStartSeconds('2026-02-31')).toBeNull();
    expect(dayEndSeconds('3 March')).toBeNull();
  });
});
