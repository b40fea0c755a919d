/**
 * A trip's sightings count as text (SPEC §3 "Trip"); the counts come from the sightings domain
 * (observations/list/tripSightingReads.ts).
 */
import { formatMessage } from '@contract/messages';
import { sightingTexts } from '../observations/texts';

/** "1 sighting", "4 sightings". */
export function sightingCountText(count: number): string {
  return count === 1
    ? sightingTexts.tripSightingsOne
    : formatMessage(sightingTexts.tripSightingsMany, { count });
}
