/**
 * Trips and hotspot likes (SPEC §3 "Trip", "Hotspot like"): the `data` of the `trips` and
 * `hotspot_likes` sync records. SPEC shows only user_id, date_start and date_end of a trip; a
 * member also expects to name a trip and keep a note, so `name` and `note` are ours (docs/api.md).
 * Dates are seconds; a trip covers every sighting whose `date` lies in [date_start, date_end].
 * Pure: no Node, DOM or Dexie.
 */
import { Type, type Static } from 'typebox';
import { Compile } from 'typebox/compile';
import { GeoPointSchema } from './observations';

export const TRIPS_COLLECTION = 'trips';
export const HOTSPOT_LIKES_COLLECTION = 'hotspot_likes';
export const TRIP_NAME_MAX = 120;
export const TRIP_NOTE_MAX = 2000;
const DATE_MAX = 253_402_300_799;

export const TripSchema = Type.Object({
  trip_id: Type.String({ minLength: 1, maxLength: 64, description: 'Client-generated; the record id' }),
  user_id: Type.String({ minLength: 1, maxLength: 64 }),
  name: Type.String({ minLength: 1, maxLength: TRIP_NAME_MAX }),
  date_start: Type.Integer({ minimum: 0, maximum: DATE_MAX, description: 'Seconds, inclusive' }),
  date_end: Type.Integer({ minimum: 0, maximum: DATE_MAX, description: 'Seconds, inclusive' }),
  note: Type.String({ maxLength: TRIP_NOTE_MAX }),
  created: Type.Optional(Type.Integer({ minimum: 0 })),
  updated: Type.Optional(Type.Integer({ minimum: 0 })),
});
export type Trip = Static<typeof TripSchema>;

/** DELETE trips/{id}: the trip by its record id (its `trip_id`). */
export const TripParamsSchema = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64, description: 'The trip (its record id)' }),
});

let tripCheck: ReturnType<typeof Compile<typeof TripSchema>> | undefined;

/** True when the value is a valid Trip whose end is not before its start. */
export function isTrip(value: unknown): value is Trip {
  tripCheck ??= Compile(TripSchema);
  return tripCheck.Check(value) && value.date_end >= value.date_start;
}

/** True when the trip's dates cover `date` (seconds). */
export function tripCovers(trip: Pick<Trip, 'date_start' | 'date_end'>, date: number): boolean {
  return date >= trip.date_start && date <= trip.date_end;
}

/**
 * True when a sighting belongs to the trip: linked to it, or dated within it. Both, because the
 * links are written by the device that saved them: a sighting pulled before its trip arrived, or a
 * trip moved on another device, still belongs where its date says. Lists, counts and filters of a
 * trip's sightings all use this.
 */
export function sightingInTrip(
  sighting: { date: number; trips: readonly string[] },
  trip: Pick<Trip, 'trip_id' | 'date_start' | 'date_end'>,
): boolean {
  return sighting.trips.includes(trip.trip_id) || tripCovers(trip, sighting.date);
}

export const HotspotLikeSchema = Type.Object({
  user_id: Type.String({ minLength: 1, maxLength: 64 }),
  hotspot_id: Type.String({ minLength: 1, maxLength: 64 }),
  liked: Type.Boolean(),
  coordinate: Type.Union([GeoPointSchema, Type.Null()]),
});
export type HotspotLike = Static<typeof HotspotLikeSchema>;
