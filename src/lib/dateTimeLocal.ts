/**
 * `<input type="datetime-local">` values (`YYYY-MM-DDTHH:mm`, the member's local time, no zone) and
 * the second-based dates sightings are stored with.
 */

const DATE_TIME_VALUE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** The local time of `seconds` as the input shows it, to the minute. */
export function dateTimeLocalOf(seconds: number): string {
  const date = new Date(seconds * 1000);
  const pad = (part: number) => String(part).padStart(2, '0');
  return (
    `${String(date.getFullYear()).padStart(4, '0')}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}`
  );
}

/** Seconds since the epoch of a local `YYYY-MM-DDTHH:mm[:ss]`; null for an empty or impossible value. */
export function secondsOfDateTimeLocal(value: string): number | null {
  const match = DATE_TIME_VALUE.exec(value.trim());
  if (!match) return null;
  const [year = 0, month = 0, day = 0, hours = 0, minutes = 0, seconds = 0] = match
    .slice(1)
    // An optional group that did not match is undefined, whatever exec's type says.
    .map((part: string | undefined) => Number(part ?? 0));
  if (hours > 23 || minutes > 59 || seconds > 59) return null;
  const date = new Date(year, month - 1, day, hours, minutes, seconds);
  // new Date(2026, 1, 31) rolls over into March: a day that does not exist is not a date.
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  return Math.floor(date.getTime() / 1000);
}
