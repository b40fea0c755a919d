/** How many sightings each trip holds (SPEC §3 "Trip"; the rule is the contract's `sightingInTrip`). */
import { formatMessage } from '@contract/messages';
import { sightingTexts } from '@contract/sightingTexts';
import { sightingInTrip, type Trip } from '@contract/trips';

type TripDates = Pick<Trip, 'trip_id' | 'date_start' | 'date_end'>;

/** How many of `sightings` belong to each trip, by trip id. */
export function sightingCounts(
  trips: readonly TripDates[],
  sightings: ReadonlyArray<{ date: number; trips: readonly string[] }>,
): Map<string, number> {
  return new Map(
    trips.map((trip) => [
      trip.trip_id,
      sightings.filter((sighting) => sightingInTrip(sighting, trip)).length,
    ]),
  );
}

/** "1 sighting", "4 sightings". */
export function sightingCountText(count: number): string {
  return count === 1
    ? sightingTexts.tripSightingsOne
    : formatMessage(sightingTexts.tripSightingsMany, { count });
}
