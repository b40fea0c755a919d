/**
 * Dates as the member reads them, in the device's language and time zone. Stored dates are seconds
 * since the epoch (SPEC §3). The formatters are built once: Intl constructors are slow, and a long
 * list formats a date per row.
 */
const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dayTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** "3 Mar 2026" (as the device's locale writes it). */
export function formatDay(seconds: number): string {
  return day.format(new Date(seconds * 1000));
}

/** "3 Mar 2026, 10:15". */
export function formatDayTime(seconds: number): string {
  return dayTime.format(new Date(seconds * 1000));
}

/** "3 – 5 Mar 2026", or one day when both fall on it. */
export function formatDayRange(startSeconds: number, endSeconds: number): string {
  return day.formatRange(new Date(startSeconds * 1000), new Date(endSeconds * 1000));
}
