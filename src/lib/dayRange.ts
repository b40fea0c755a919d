/**
 * Calendar days as the member picks them (`<input type="date">` values, `YYYY-MM-DD`) and the
 * second-based dates sightings and trips are stored with. A day is the member's own local day:
 * "from 3 March" starts at local midnight, "to 5 March" ends at the last second of that local day,
 * so a sighting at 23:30 on the 5th is inside the range wherever the device is.
 */

const DAY_VALUE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Local midnight of `YYYY-MM-DD` as a Date, or null for an empty or malformed value. */
function localMidnight(value: string): Date | null {
  const match = DAY_VALUE.exec(value);
  if (!match) return null;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const date = new Date(year, month - 1, day);
  // new Date(2026, 1, 31) rolls over into March: a day that does not exist is not a day.
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  return date;
}

/** The first second (seconds since the epoch) of the local day `YYYY-MM-DD`; null when not a day. */
export function dayStartSeconds(value: string): number | null {
  const midnight = localMidnight(value);
  return midnight === null ? null : Math.floor(midnight.getTime() / 1000);
}

/** The last second of the local day `YYYY-MM-DD` (23:59:59, whatever daylight saving does). */
export function dayEndSeconds(value: string): number | null {
  const midnight = localMidnight(value);
  if (midnight === null) return null;
  const next = new Date(midnight.getFullYear(), midnight.getMonth(), midnight.getDate() + 1);
  return Math.floor(next.getTime() / 1000) - 1;
}

/** The local day of `seconds` as `YYYY-MM-DD`, the value a date input shows. */
export function dayValueOf(seconds: number): string {
  const date = new Date(seconds * 1000);
  const pad = (part: number) => String(part).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
