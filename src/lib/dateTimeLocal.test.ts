import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dateTimeLocalOf, secondsOfDateTimeLocal } from './dateTimeLocal';

const zone = process.env.TZ;
beforeEach(() => {
  process.env.TZ = 'America/Los_Angeles';
});
afterEach(() => {
  process.env.TZ = zone;
});

describe('datetime-local values', () => {
  it('reads a local date and time as seconds', () => {
    // 2024-05-04 09:30 in Los Angeles (PDT, UTC-7) is 16:30 UTC.
    expect(secondsOfDateTimeLocal('2024-05-04T09:30')).toBe(Date.UTC(2024, 4, 4, 16, 30) / 1000);
    expect(secondsOfDateTimeLocal('2024-05-04T09:30:15')).toBe(Date.UTC(2024, 4, 4, 16, 30, 15) / 1000);
  });

  it('shows seconds as the local date and time, to the minute', () => {
    expect(dateTimeLocalOf(Date.UTC(2024, 0, 2, 3, 4, 59) / 1000)).toBe('2024-01-01T19:04');
  });

  it('round-trips to the minute', () => {
    const seconds = Date.UTC(2023, 10, 5, 12, 45) / 1000;
    expect(secondsOfDateTimeLocal(dateTimeLocalOf(seconds))).toBe(seconds);
  });

  it('refuses empty, malformed and impossible values', () => {
    for (const value of ['', '2024-05-04', '2024-02-30T10:00', '2024-05-04T24:00', 'yesterday']) {
      expect(secondsOfDateTimeLocal(value)).toBeNull();
    }
  });
});
