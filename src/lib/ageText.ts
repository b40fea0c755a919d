/**
 * How long ago something happened, as SPEC §9 words it: under 60 s 'now', then minutes, hours and
 * days ago, over a year 'More than a year Ago'. Dates are in seconds, as the API gives them.
 */
import { formatMessage, messages } from '@contract/messages';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const YEAR = 365 * DAY;

function counted(count: number, one: string, many: string): string {
  return count === 1 ? one : formatMessage(many, { count });
}

export function ageText(dateSeconds: number, nowMs = Date.now()): string {
  const age = Math.max(0, Math.floor(nowMs / 1000) - dateSeconds);
  if (age < MINUTE) return messages.ageNow;
  if (age < HOUR) return counted(Math.floor(age / MINUTE), messages.ageMinute, messages.ageMinutes);
  if (age < DAY) return counted(Math.floor(age / HOUR), messages.ageHour, messages.ageHours);
  if (age <= YEAR) return counted(Math.floor(age / DAY), messages.ageDay, messages.ageDays);
  return messages.ageOverAYear;
}
