/**
 * Sightings (SPEC §3 "Observation", "Geo point", "User stats"): the `data` of a
 * `species_observations` sync record, the object of the observation calls (SPEC §7 "Species,
 * observations, media"; docs/api.md "Observations"), and the schema of the user stats answer.
 * The device fills every field offline from its own species row (quick record, the full form), the
 * server's REST calls write the same object through the same collection push.
 *
 * The pure rules over sightings (the lifer rule, user stats) live in stats.ts, which imports only
 * types from here, so the device can compute them without loading TypeBox.
 */
import { Type, type Static } from 'typebox';
import { Compile } from 'typebox/compile';
import { success } from './envelope';
import { SPECIES_ID_PATTERN } from './species';
import { SKIP_MAX } from './paging';
import { REV_PATTERN } from './sync';

/** The synced collection of sightings; stored on the device with an index on `user_id`. */
export const OBSERVATIONS_COLLECTION = 'species_observations';
/** SPEC §4/§9: the fixed date of a quick-recorded unspecified observation (2000-01-01). */
export const UNSPECIFIED_OBSERVATION_DATE = 946_677_600;
export const OBSERVATION_NOTE_MAX = 5000;
export const OBSERVATION_MEDIA_MAX = 20;
export const OBSERVATION_TRIPS_MAX = 100;
/** SPEC §9: the initial fetch of a member's sightings; also the most one list call answers. */
export const OBSERVATIONS_PAGE_MAX = 500;
export const OBSERVATIONS_PAGE_DEFAULT = 100;
/** The latest date accepted (9999-12-31): a device with a wrong clock must still be able to save. */
const DATE_MAX = 253_402_300_799;

// ---- Geo point ------------------------------------------------------------------------------------

export const COORDINATE_DECIMALS = 7;
export const ACCURACY_DECIMALS = 2;

function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  const rounded = Math.round(value * factor) / factor;
  // -0 would serialise as 0 anyway; keep equality checks simple.
  return rounded === 0 ? 0 : rounded;
}

/** A latitude or longitude rounded to 7 decimals (about 1 cm), SPEC §3 "Geo point". */
export function roundCoordinate(value: number): number {
  return roundTo(value, COORDINATE_DECIMALS);
}

/** A position accuracy (metres) rounded to 2 decimals. */
export function roundAccuracy(value: number): number {
  return roundTo(value, ACCURACY_DECIMALS);
}

export const GeoPointSchema = Type.Object(
  {
    type: Type.Literal('Point'),
    coordinates: Type.Tuple(
      [Type.Number({ minimum: -180, maximum: 180 }), Type.Number({ minimum: -90, maximum: 90 })],
      { description: 'GeoJSON order: [longitude, latitude], each rounded to 7 decimals' },
    ),
    accuracy: Type.Optional(
      Type.Number({ minimum: 0, description: 'Metres (the device fix), rounded to 2 decimals' }),
    ),
    time: Type.Optional(Type.Integer({ minimum: 0, description: 'When the fix was taken, in seconds' })),
  },
  { additionalProperties: false },
);
export type GeoPoint = Static<typeof GeoPointSchema>;

/** A GeoJSON point from a latitude and longitude, rounded as SPEC §3 says. */
export function geoPoint(position: { lat: number; lng: number; accuracy?: number; time?: number }): GeoPoint {
  const point: GeoPoint = {
    type: 'Point',
    coordinates: [roundCoordinate(position.lng), roundCoordinate(position.lat)],
  };
  if (position.accuracy !== undefined) point.accuracy = roundAccuracy(position.accuracy);
  if (position.time !== undefined) point.time = Math.floor(position.time);
  return point;
}

/** The same point with its numbers rounded (what the server stores from a REST write). */
export function roundGeoPoint(point: GeoPoint): GeoPoint {
  const [lng, lat] = point.coordinates;
  return geoPoint({
    lat,
    lng,
    ...(point.accuracy !== undefined ? { accuracy: point.accuracy } : {}),
    ...(point.time !== undefined ? { time: point.time } : {}),
  });
}

// ---- Observation ----------------------------------------------------------------------------------

export const ObservationIdSchema = Type.String({
  minLength: 1,
  maxLength: 64,
  description: 'Client-generated (UUIDv7 or similar); the same as the sync record id',
});

/** What the device copies from its species row (`taxa`), so lists work without the species. */
export const ObservationTaxaSchema = Type.Object({
  classification: Type.String({ maxLength: 40, description: "'Birds|IOC', 'Mammals|Larger', …" }),
  group_name: Type.String({ maxLength: 100 }),
  name: Type.String({ maxLength: 200, description: 'The scientific name under that classification' }),
});
export type ObservationTaxa = Static<typeof ObservationTaxaSchema>;

/** What a sighting copies from its species' taxa, so lists work without the species. */
export function taxaOf(species: { taxa: ObservationTaxa }): ObservationTaxa {
  return {
    classification: species.taxa.classification,
    group_name: species.taxa.group_name,
    name: species.taxa.name,
  };
}

export const ObservationMediaSchema = Type.Object({
  featured: Type.Boolean({ description: 'The photo a list shows for the sighting' }),
  media_id: Type.String({ minLength: 1, maxLength: 64 }),
  path: Type.String({ maxLength: 2048, description: 'URL of the image' }),
  species_thumb: Type.Optional(
    Type.Boolean({
      description:
        "true: a reference thumbnail of the species (a quick record's featured media), not the member's own photo",
    }),
  ),
});
export type ObservationMedia = Static<typeof ObservationMediaSchema>;

/**
 * Where the sighting was (SPEC §3: "location (last_mod, map of location ids to names)"): the
 * reference locations around the coordinate, e.g. `{"US-WA-…": "Washington", "USA": "United
 * States"}`, and when they were looked up. Absent or null until a lookup has been made.
 */
export const ObservationLocationSchema = Type.Object({
  last_mod: Type.Integer({ minimum: 0, description: 'When the names were looked up, in seconds' }),
  names: Type.Record(Type.String({ minLength: 1, maxLength: 64 }), Type.String({ maxLength: 200 }), {
    description: 'Location id → name: the region and its country',
  }),
});
export type ObservationLocation = Static<typeof ObservationLocationSchema>;

const observationFields = {
  species_id: Type.Union([Type.String({ pattern: SPECIES_ID_PATTERN }), Type.Null()], {
    description: 'null: an unspecified observation (quick record without a species)',
  }),
  taxa: Type.Union([ObservationTaxaSchema, Type.Null()], { description: 'null when unspecified' }),
  coordinate: Type.Union([GeoPointSchema, Type.Null()], {
    description: 'null when there was no fix (then coordinate_hidden), or hidden from another member',
  }),
  coordinate_hidden: Type.Boolean({ description: 'Other members never get the coordinate' }),
  date: Type.Integer({ minimum: 0, maximum: DATE_MAX, description: 'When it was seen, in seconds' }),
  public: Type.Boolean({ description: 'Other members (and guests) may see it' }),
  lifer: Type.Boolean({ description: "The member's first sighting of the species (stats.ts lifersOf)" }),
  note: Type.String({ maxLength: OBSERVATION_NOTE_MAX }),
  media: Type.Array(ObservationMediaSchema, { maxItems: OBSERVATION_MEDIA_MAX }),
  location: Type.Optional(Type.Union([ObservationLocationSchema, Type.Null()])),
  trips: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
    maxItems: OBSERVATION_TRIPS_MAX,
    description: 'Ids of the trips whose dates cover the sighting',
  }),
  created: Type.Optional(Type.Integer({ minimum: 0, description: 'First saved, in seconds' })),
  updated: Type.Optional(Type.Integer({ minimum: 0, description: 'Last saved, in seconds' })),
};

/** A sighting: the `data` of a `species_observations` record. */
export const ObservationSchema = Type.Object({
  observation_id: ObservationIdSchema,
  user_id: Type.String({ minLength: 1, maxLength: 64, description: 'The member who saw it' }),
  ...observationFields,
});
export type Observation = Static<typeof ObservationSchema>;

let observationCheck: ReturnType<typeof Compile<typeof ObservationSchema>> | undefined;

/**
 * True when the value is a valid Observation. Compiled on first use, so importing this module for
 * its types and constants costs nothing. The collection push stores any JSON `data`, so the server
 * answers only records that pass this.
 */
export function isObservation(value: unknown): value is Observation {
  observationCheck ??= Compile(ObservationSchema);
  return observationCheck.Check(value);
}

// ---- The observation calls ------------------------------------------------------------------------

const RevSchema = Type.String({
  pattern: REV_PATTERN,
  description: 'The sync revision `<counter>_<suffix>`',
});

/** What a list or one-sighting answer carries: the sighting, plus what only some callers get. */
export const ObservationItemSchema = Type.Object({
  ...ObservationSchema.properties,
  rev: Type.Optional(
    Type.String({
      description: "The owner's own sightings only: the stored revision, to send back with an edit",
    }),
  ),
  species: Type.Optional(
    Type.Object(
      {
        name: Type.String(),
        scientific_name: Type.String(),
        thumb: Type.Union([Type.String(), Type.Null()], { description: 'URL of a species thumbnail' }),
      },
      { description: 'With include_species_details=true' },
    ),
  ),
});
export type ObservationItem = Static<typeof ObservationItemSchema>;

const UuidSchema = Type.String({
  pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
});

const limitSchema = Type.Integer({
  minimum: 1,
  maximum: OBSERVATIONS_PAGE_MAX,
  default: OBSERVATIONS_PAGE_DEFAULT,
});
const skipSchema = Type.Integer({ minimum: 0, maximum: SKIP_MAX, default: 0 });

/** `GET observations`. */
export const ObservationsQuerySchema = Type.Object({
  user_id: Type.Optional(
    Type.Union([UuidSchema, Type.Literal('')], {
      description: "Whose sightings; default (or empty) the signed-in member's own",
    }),
  ),
  species_id: Type.Optional(Type.String({ pattern: SPECIES_ID_PATTERN })),
  include_species_details: Type.Boolean({ default: false }),
  limit: limitSchema,
  skip: skipSchema,
});
export type ObservationsQuery = Static<typeof ObservationsQuerySchema>;

export const ObservationsResponseSchema = success({
  observations: Type.Array(ObservationItemSchema, { description: 'Newest date first' }),
});
export type ObservationsResponse = Static<typeof ObservationsResponseSchema>;

export const SpeciesObservationsParamsSchema = Type.Object({
  id: Type.String({ pattern: SPECIES_ID_PATTERN, description: 'Species id' }),
});
export const SpeciesObservationParamsSchema = Type.Object({
  id: Type.String({ pattern: SPECIES_ID_PATTERN, description: 'Species id' }),
  obs_id: ObservationIdSchema,
});
export type SpeciesObservationParams = Static<typeof SpeciesObservationParamsSchema>;

/** `GET species/{id}/observations`. */
export const SpeciesObservationsQuerySchema = Type.Object({
  coords: Type.Boolean({ default: false, description: 'Answer coordinates (never hidden ones)' }),
  limit: limitSchema,
  skip: skipSchema,
});
export type SpeciesObservationsQuery = Static<typeof SpeciesObservationsQuerySchema>;

export const ObservationResponseSchema = success({ observation: ObservationItemSchema });
export type ObservationResponse = Static<typeof ObservationResponseSchema>;

/**
 * The body of `PUT species/{id}/observations[/{obs_id}]`: an Observation without `user_id` (the
 * server takes it from the token). `species_id` comes from the address and `taxa` from the
 * species; `lifer` follows the lifer rule; `location` is looked up from the coordinate when not
 * sent. On an update every field is optional and replaces the stored one.
 */
const writeFields = {
  species_id: Type.Optional(
    Type.String({ pattern: SPECIES_ID_PATTERN, description: 'Must be the address’s' }),
  ),
  taxa: Type.Optional(
    Type.Union([ObservationTaxaSchema, Type.Null()], { description: 'Ignored: from the species' }),
  ),
  coordinate: Type.Optional(observationFields.coordinate),
  coordinate_hidden: Type.Optional(observationFields.coordinate_hidden),
  date: Type.Optional(observationFields.date),
  public: Type.Optional(observationFields.public),
  lifer: Type.Optional(Type.Boolean({ description: 'Ignored: the lifer rule decides' })),
  note: Type.Optional(observationFields.note),
  media: Type.Optional(observationFields.media),
  location: observationFields.location,
  trips: Type.Optional(observationFields.trips),
  created: observationFields.created,
  updated: Type.Optional(Type.Integer({ minimum: 0, description: 'Ignored: the server sets it' })),
};

export const ObservationCreateRequestSchema = Type.Object(
  {
    observation_id: ObservationIdSchema,
    ...writeFields,
    date: observationFields.date,
  },
  { additionalProperties: false },
);
export type ObservationCreateRequest = Static<typeof ObservationCreateRequestSchema>;

export const ObservationUpdateRequestSchema = Type.Object(
  {
    observation_id: Type.Optional(ObservationIdSchema),
    ...writeFields,
    rev: Type.Optional(
      Type.String({
        pattern: REV_PATTERN,
        description: 'The revision the edit started from: 409 when the stored one is another',
      }),
    ),
  },
  { additionalProperties: false },
);
export type ObservationUpdateRequest = Static<typeof ObservationUpdateRequestSchema>;

export const ObservationDeleteQuerySchema = Type.Object({
  rev: Type.Optional(
    Type.String({
      pattern: REV_PATTERN,
      description: 'The revision the member last saw: 409 when the stored one is another',
    }),
  ),
});

export const ObservationWriteResponseSchema = success({
  observation: ObservationItemSchema,
  rev: RevSchema,
  created: Type.Boolean({ description: 'false: it existed already (a replayed create writes nothing)' }),
});
export type ObservationWriteResponse = Static<typeof ObservationWriteResponseSchema>;

export const ObservationDeleteResponseSchema = success({ rev: RevSchema });

// ---- Stats --------------------------------------------------------------------------------------

const DateSeenSchema = {
  date_seen_first: Type.Integer({ minimum: 0 }),
  date_seen_last: Type.Integer({ minimum: 0 }),
};

/** SPEC §3 "User stats"; computed by stats.ts `userStats`, on the server and on the device alike. */
export const UserStatsSchema = Type.Object({
  _id: Type.String({ description: 'The member' }),
  observations: Type.Record(
    Type.String(),
    Type.Object({
      count: Type.Integer({ minimum: 1 }),
      ...DateSeenSchema,
      custom_photo: Type.Union([Type.String(), Type.Null()], {
        description:
          "The featured own photo of the latest sighting with one (species thumbnails don't count)",
      }),
      location: Type.Record(Type.String(), Type.Object(DateSeenSchema), { description: 'By location id' }),
    }),
    { description: 'By species id; unspecified sightings are not here' },
  ),
  count: Type.Object({
    observations: Type.Integer({ minimum: 0, description: 'Live sightings, unspecified ones included' }),
    lifers: Type.Integer({ minimum: 0, description: 'Lifer sightings (one per species seen)' }),
  }),
});

export const UserStatsQuerySchema = Type.Object({
  location_id: Type.Optional(
    Type.String({ minLength: 1, maxLength: 64, description: 'Only sightings whose location names it' }),
  ),
  cached: Type.Optional(
    Type.Boolean({ description: 'Accepted and ignored: stats are computed on every call' }),
  ),
  include_observations: Type.Boolean({
    default: false,
    description: `Also the sightings counted (another member's: public ones), newest first, at most ${OBSERVATIONS_PAGE_MAX}`,
  }),
});
export type UserStatsQuery = Static<typeof UserStatsQuerySchema>;

export const UserStatsResponseSchema = success({
  stats: UserStatsSchema,
  observations: Type.Optional(Type.Array(ObservationItemSchema)),
});
export type UserStatsResponse = Static<typeof UserStatsResponseSchema>;

export const SpeciesObservationStatsParamsSchema = Type.Object({
  species_id: Type.String({ pattern: SPECIES_ID_PATTERN }),
});

/** `GET observations/stats/{species_id}`. */
export const SpeciesObservationStatsResponseSchema = success({
  stats: Type.Object({
    species_id: Type.String(),
    observations: Type.Integer({ minimum: 0, description: 'Public live sightings by every member' }),
    members: Type.Integer({ minimum: 0, description: 'Members with a public sighting' }),
    date_seen_first: Type.Union([Type.Integer(), Type.Null()]),
    date_seen_last: Type.Union([Type.Integer(), Type.Null()]),
  }),
  own: Type.Union(
    [
      Type.Object({
        count: Type.Integer({ minimum: 0 }),
        date_seen_first: Type.Union([Type.Integer(), Type.Null()]),
        date_seen_last: Type.Union([Type.Integer(), Type.Null()]),
      }),
      Type.Null(),
    ],
    { description: "The signed-in member's own sightings of it (public or not); null for a client token" },
  ),
});
export type SpeciesObservationStatsResponse = Static<typeof SpeciesObservationStatsResponseSchema>;
