/**
 * Places (hotspots), field guides, habitat and the location writes (SPEC §7 "Hotspots and field
 * guides", "Reference data"; the model in docs/places.md). Every request and answer of those calls,
 * so the OpenAPI document is the contract, and the boundary rules both sides run (`boundaryProblem`).
 */
import { Type, type Static } from 'typebox';
import { success } from './envelope';
import { SpeciesImageUploadSchema } from './media';
import { SKIP_MAX } from './paging';
import { LOCATION_TYPES } from './reference';

export const HOTSPOT_ID_PATTERN = '^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$';
export const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
export const HABITAT_TAG_PATTERN = '^[a-z0-9][a-z0-9 -]{0,39}$';
export const RING_POSITIONS_MAX = 2000;
export const RINGS_MAX = 20;
export const PLACES_PAGE_MAX = 100;
export const PLACES_LIST_MAX = 500;
export const PLACES_MAP_MAX = 2000;
export const PLACES_MAP_DEFAULT = 500;
/**
 * Photos a place or a field guide may hold: every answer about one and its synced record carries
 * the list, so it stays short (docs/places.md "Photos").
 */
export const PLACE_PHOTOS_MAX = 12;

const latitude = (description = 'Latitude in degrees') =>
  Type.Number({ minimum: -90, maximum: 90, description });
const longitude = (description = 'Longitude in degrees') =>
  Type.Number({ minimum: -180, maximum: 180, description });
const limit = (max: number, description: string) => Type.Integer({ minimum: 1, maximum: max, description });
const locationId = Type.String({ minLength: 1, maxLength: 64, description: 'A location id (GET locations)' });
const speciesId = Type.String({ minLength: 1, maxLength: 100, description: 'A species id (POST species)' });

// ---- Geometry ---------------------------------------------------------------------------------

export const PositionSchema = Type.Tuple([longitude('Longitude'), latitude('Latitude')], {
  description: 'GeoJSON order: [longitude, latitude]',
});
export const PolygonSchema = Type.Object(
  {
    type: Type.Literal('Polygon'),
    coordinates: Type.Array(
      Type.Array(PositionSchema, { minItems: 4, maxItems: RING_POSITIONS_MAX, description: 'A closed ring' }),
      { minItems: 1, maxItems: RINGS_MAX, description: 'The outer ring, then any holes' },
    ),
  },
  { additionalProperties: false, description: 'A GeoJSON Polygon; rings must close (last = first)' },
);
export type Polygon = Static<typeof PolygonSchema>;

/**
 * Why a polygon that passed its schema cannot be stored, naming the field, or undefined: a ring
 * that does not close, or one that spans more than 180° of longitude (it would cross the
 * antimeridian, which the bounding-box prefilter does not split).
 */
export function boundaryProblem(polygon: Polygon, field = 'boundary'): string | undefined {
  for (const [index, ring] of polygon.coordinates.entries()) {
    const first = ring[0];
    const last = ring[ring.length - 1];
    if (!first || !last || first[0] !== last[0] || first[1] !== last[1])
      return `${field}.coordinates[${index}]: the ring does not close (its last position must equal its first)`;
    const lngs = ring.map((position) => position[0]);
    if (Math.max(...lngs) - Math.min(...lngs) > 180)
      return `${field}.coordinates[${index}]: a boundary may not cross the antimeridian`;
  }
  return undefined;
}

/** The box of a polygon's outer ring. */
export function polygonBox(polygon: Polygon): {
  minLat: number;
  maxLat: number;
  minLng: number;
  maxLng: number;
} {
  const ring = polygon.coordinates[0] ?? [];
  const lats = ring.map((position) => position[1]);
  const lngs = ring.map((position) => position[0]);
  return {
    minLat: Math.min(...lats),
    maxLat: Math.max(...lats),
    minLng: Math.min(...lngs),
    maxLng: Math.max(...lngs),
  };
}

// ---- Params and queries -----------------------------------------------------------------------

export const HotspotIdParamsSchema = Type.Object({
  id: Type.String({ pattern: HOTSPOT_ID_PATTERN, description: 'The place id (1-64 of A-Z a-z 0-9 _ -)' }),
});
export type HotspotIdParams = Static<typeof HotspotIdParamsSchema>;

export const FieldGuideIdParamsSchema = Type.Object({
  id: Type.String({ pattern: UUID_PATTERN, description: 'The field guide id (a UUID)' }),
});
export type FieldGuideIdParams = Static<typeof FieldGuideIdParamsSchema>;

export const NearbyQuerySchema = Type.Object({
  lat: latitude(),
  lng: longitude(),
  species_id: Type.Optional(speciesId),
  limit: Type.Optional(limit(PLACES_PAGE_MAX, 'How many (default 20)')),
  include_coordinates: Type.Optional(Type.Boolean({ description: 'Also answer each boundary polygon' })),
});
export type NearbyQuery = Static<typeof NearbyQuerySchema>;

export const GuidesNearbyQuerySchema = Type.Object({
  lat: latitude(),
  lng: longitude(),
  species_id: Type.Optional(speciesId),
  limit: Type.Optional(limit(PLACES_PAGE_MAX, 'How many (default 20)')),
});
export type GuidesNearbyQuery = Static<typeof GuidesNearbyQuerySchema>;

export const SpeciesPlacesQuerySchema = Type.Object({
  species_id: speciesId,
  limit: Type.Optional(limit(PLACES_PAGE_MAX, 'How many (default 20)')),
});
export type SpeciesPlacesQuery = Static<typeof SpeciesPlacesQuerySchema>;

export const PopularQuerySchema = Type.Object({
  location_id: Type.Optional(locationId),
  limit: Type.Optional(limit(PLACES_PAGE_MAX, 'How many (default 20)')),
});
export type PopularQuery = Static<typeof PopularQuerySchema>;

export const PlacesListQuerySchema = Type.Object({
  skip: Type.Optional(Type.Integer({ minimum: 0, maximum: SKIP_MAX })),
  limit: Type.Optional(limit(PLACES_LIST_MAX, 'How many (default 50)')),
  search: Type.Optional(
    Type.String({ maxLength: 100, description: 'Case- and accent-insensitive, on the name' }),
  ),
  include_coordinates: Type.Optional(Type.Boolean({ description: 'Also answer each boundary polygon' })),
});
export type PlacesListQuery = Static<typeof PlacesListQuerySchema>;

export const MapQuerySchema = Type.Object({
  bounds: Type.String({
    maxLength: 100,
    pattern: '^\\s*-?[0-9.]+\\s*,\\s*-?[0-9.]+\\s*,\\s*-?[0-9.]+\\s*,\\s*-?[0-9.]+\\s*$',
    description: 'west,south,east,north in degrees (west > east when the box crosses the antimeridian)',
  }),
  rand: Type.Optional(
    Type.Boolean({ description: 'Sample at random when more match (else a stable sample)' }),
  ),
  limit: Type.Optional(limit(PLACES_MAP_MAX, `At most this many points (default ${PLACES_MAP_DEFAULT})`)),
});
export type MapQuery = Static<typeof MapQuerySchema>;

export interface Bounds {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** The `bounds` parameter as numbers, or the reason it is not a box. */
export function parseBounds(text: string): Bounds | string {
  const [west, south, east, north] = text.split(',').map((part) => Number(part.trim()));
  const box = { west: west ?? NaN, south: south ?? NaN, east: east ?? NaN, north: north ?? NaN };
  if (![box.west, box.east].every((value) => Number.isFinite(value) && Math.abs(value) <= 180))
    return 'bounds: west and east must be longitudes between -180 and 180';
  if (![box.south, box.north].every((value) => Number.isFinite(value) && Math.abs(value) <= 90))
    return 'bounds: south and north must be latitudes between -90 and 90';
  if (box.south > box.north) return 'bounds: south must not be above north';
  return box;
}

export const HotspotSpeciesQuerySchema = Type.Object({
  location_id: Type.Optional(
    Type.String({ minLength: 1, maxLength: 64, description: "Only species on this location's list" }),
  ),
});
export type HotspotSpeciesQuery = Static<typeof HotspotSpeciesQuerySchema>;

export const HabitatQuerySchema = Type.Object({ lat: latitude(), lng: longitude() });
export type HabitatQuery = Static<typeof HabitatQuerySchema>;

// ---- Bodies -----------------------------------------------------------------------------------

export const HotspotInputSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    description: Type.Optional(Type.String({ maxLength: 10_000 })),
    latitude: latitude(),
    longitude: longitude(),
    boundary: Type.Optional(Type.Union([PolygonSchema, Type.Null()])),
    radius_km: Type.Optional(
      Type.Number({ minimum: 0.1, maximum: 200, description: 'The area without a boundary (default 5)' }),
    ),
    location_id: Type.Optional(Type.Union([locationId, Type.Null()])),
    habitat: Type.Optional(
      Type.Array(Type.String({ pattern: HABITAT_TAG_PATTERN }), { maxItems: 20, uniqueItems: true }),
    ),
  },
  { additionalProperties: false },
);
export type HotspotInput = Static<typeof HotspotInputSchema>;

export const FieldGuideInputSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    about: Type.Optional(Type.String({ maxLength: 10_000 })),
    phone: Type.Optional(Type.String({ maxLength: 40, pattern: '^[0-9+() .-]*$' })),
    email: Type.Optional(Type.String({ maxLength: 254, pattern: '^$|^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$' })),
    website: Type.Optional(Type.String({ maxLength: 500, pattern: '^$|^https?://[^\\s]+$' })),
    languages: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 40 }), { maxItems: 20, uniqueItems: true }),
    ),
    latitude: latitude('Latitude of the base'),
    longitude: longitude('Longitude of the base'),
    location_id: Type.Optional(Type.Union([locationId, Type.Null()])),
  },
  { additionalProperties: false },
);
export type FieldGuideInput = Static<typeof FieldGuideInputSchema>;

export const SpeciesIdBodySchema = Type.Object({ species_id: speciesId }, { additionalProperties: false });
export const FieldGuideIdBodySchema = Type.Object(
  { field_guide_id: Type.String({ pattern: UUID_PATTERN }) },
  { additionalProperties: false },
);
export const HotspotIdBodySchema = Type.Object(
  { hotspot_id: Type.String({ pattern: HOTSPOT_ID_PATTERN }) },
  { additionalProperties: false },
);

export const RatingInputSchema = Type.Object(
  {
    rating: Type.Integer({ minimum: 1, maximum: 5 }),
    comment: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  { additionalProperties: false },
);
export type RatingInput = Static<typeof RatingInputSchema>;

export const LocationInputSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    names: Type.Optional(
      Type.Record(Type.String({ pattern: '^[a-z]{2,3}$' }), Type.String({ minLength: 1, maxLength: 200 }), {
        description: 'Name by language id (GET languages)',
      }),
    ),
    type: Type.Enum(LOCATION_TYPES),
    parent_id: Type.Optional(Type.Union([locationId, Type.Null()], { description: 'Required for a region' })),
    latitude: latitude('A point inside the location'),
    longitude: longitude(),
    classifications: Type.Optional(
      Type.Record(Type.String({ minLength: 1, maxLength: 64 }), Type.Boolean(), {
        description: 'Which animal groups are active here, by classification id (GET taxa/classifications)',
      }),
    ),
  },
  { additionalProperties: false },
);
export type LocationInput = Static<typeof LocationInputSchema>;

// ---- Answers ----------------------------------------------------------------------------------

const nullableString = Type.Union([Type.String(), Type.Null()]);

/** A photo of a place or guide as their answers and synced records carry it, oldest first. */
export const PlacePhotoSchema = Type.Object({
  media_id: Type.String(),
  path: Type.String({ description: 'URL of the image, at most 2048 px on its longer side (JPEG)' }),
  thumbnail: Type.String({ description: 'URL of the thumbnail, at most 320 px (WebP)' }),
});
export type PlacePhoto = Static<typeof PlacePhotoSchema>;
const photos = Type.Optional(
  Type.Array(PlacePhotoSchema, {
    description:
      'Its photos, oldest first (the first is the cover); always sent, absent only on a copy a device kept before photos existed',
  }),
);

export const HotspotSchema = Type.Object({
  hotspot_id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  location_id: nullableString,
  location_name: nullableString,
  latitude: Type.Number(),
  longitude: Type.Number(),
  radius_km: Type.Number(),
  has_boundary: Type.Boolean(),
  boundary: Type.Optional(Type.Union([PolygonSchema, Type.Null()])),
  habitat: Type.Array(Type.String()),
  likes: Type.Integer({ description: 'Members liking it (the hotspot_likes collection)' }),
  rating: Type.Union([Type.Number(), Type.Null()], { description: 'Average rating, null when none' }),
  ratings: Type.Integer({ description: 'How many ratings' }),
  distance_km: Type.Optional(Type.Number({ description: 'nearby: 0 when the point is inside' })),
  sightings: Type.Optional(
    Type.Integer({ description: 'species_seen, popular: qualifying public sightings' }),
  ),
  score: Type.Optional(Type.Number({ description: 'popular: the score (docs/places.md)' })),
  photos,
});
export type Hotspot = Static<typeof HotspotSchema>;

export const FieldGuideSchema = Type.Object({
  field_guide_id: Type.String(),
  name: Type.String(),
  about: Type.String(),
  phone: Type.String(),
  email: Type.String(),
  website: Type.String(),
  languages: Type.Array(Type.String()),
  location_id: nullableString,
  latitude: Type.Number(),
  longitude: Type.Number(),
  hotspots: Type.Integer({ description: 'How many places they guide at' }),
  distance_km: Type.Optional(Type.Number()),
  score: Type.Optional(Type.Number()),
  photos,
});
export type FieldGuide = Static<typeof FieldGuideSchema>;

export const PlaceRefSchema = Type.Object({ hotspot_id: Type.String(), name: Type.String() });
export const GuideRefSchema = Type.Object({ field_guide_id: Type.String(), name: Type.String() });

export const PlaceSpeciesSchema = Type.Object({
  species_id: Type.String(),
  name: Type.String(),
  scientific_name: Type.String(),
  group_id: Type.String(),
  regular: Type.Boolean({ description: 'Curated as regular at the place' }),
  sightings: Type.Integer({ description: 'Qualifying public sightings inside the place' }),
  last_seen: Type.Union([Type.Integer(), Type.Null()], { description: 'Date of the latest, in seconds' }),
});
export type PlaceSpecies = Static<typeof PlaceSpeciesSchema>;

export const RatingSchema = Type.Object({
  user_id: Type.String(),
  nickname: Type.String(),
  rating: Type.Integer(),
  comment: Type.String(),
  date: Type.Integer({ description: 'Last change, in seconds' }),
});

export const HotspotsResponseSchema = success({ hotspots: Type.Array(HotspotSchema) });
export type HotspotsResponse = Static<typeof HotspotsResponseSchema>;
export const HotspotsMapResponseSchema = success({
  hotspots: Type.Array(HotspotSchema),
  total: Type.Integer({ description: 'How many are inside the bounds' }),
});
export const HotspotResponseSchema = success({
  hotspot: Type.Object({ ...HotspotSchema.properties, guides: Type.Array(GuideRefSchema) }),
});
export type HotspotResponse = Static<typeof HotspotResponseSchema>;
export const PlaceSpeciesResponseSchema = success({ species: Type.Array(PlaceSpeciesSchema) });
export const RatingsResponseSchema = success({
  average: Type.Union([Type.Number(), Type.Null()]),
  count: Type.Integer(),
  ratings: Type.Array(RatingSchema),
});
export type RatingsResponse = Static<typeof RatingsResponseSchema>;
export const FieldGuidesResponseSchema = success({ field_guides: Type.Array(FieldGuideSchema) });
export type FieldGuidesResponse = Static<typeof FieldGuidesResponseSchema>;
export const FieldGuidesMapResponseSchema = success({
  field_guides: Type.Array(FieldGuideSchema),
  total: Type.Integer(),
});
export const FieldGuideResponseSchema = success({
  field_guide: Type.Object({
    ...FieldGuideSchema.properties,
    places: Type.Array(PlaceRefSchema),
  }),
});
export type FieldGuideResponse = Static<typeof FieldGuideResponseSchema>;
export const GuideSpeciesResponseSchema = success({
  species: Type.Array(
    Type.Object({ species_id: Type.String(), name: Type.String(), scientific_name: Type.String() }),
  ),
});
export const PlaceRefsResponseSchema = success({ hotspots: Type.Array(PlaceRefSchema) });
export const GuideRefsResponseSchema = success({ field_guides: Type.Array(GuideRefSchema) });
export const HabitatResponseSchema = success({
  habitat: Type.Array(Type.String()),
  hotspot_id: nullableString,
  distance_km: Type.Union([Type.Number(), Type.Null()]),
});
export type HabitatResponse = Static<typeof HabitatResponseSchema>;
export const LocationDeletedSchema = success({});

// ---- Photos of places and guides (docs/api.md "Photos of places and field guides") -------------

export const HotspotImageParamsSchema = Type.Object({
  id: HotspotIdParamsSchema.properties.id,
  media_id: Type.String({ pattern: UUID_PATTERN, description: 'The photo (media) id' }),
});
export type HotspotImageParams = Static<typeof HotspotImageParamsSchema>;
export const FieldGuideImageParamsSchema = Type.Object({
  id: FieldGuideIdParamsSchema.properties.id,
  media_id: Type.String({ pattern: UUID_PATTERN, description: 'The photo (media) id' }),
});
export type FieldGuideImageParams = Static<typeof FieldGuideImageParamsSchema>;

/** A photo with what the admin pages show of it. */
export const PlaceImageSchema = Type.Object({
  ...PlacePhotoSchema.properties,
  width: Type.Integer(),
  height: Type.Integer(),
  photo_name: nullableString,
  created_at: Type.Integer({ description: 'Seconds since the epoch' }),
});
export type PlaceImage = Static<typeof PlaceImageSchema>;

/** The upload body: as POST species/{id}/images, a base64 data URL in JSON. */
export const PlaceImageUploadSchema = SpeciesImageUploadSchema;
export const PlaceImagesResponseSchema = success({ images: Type.Array(PlaceImageSchema) });
export type PlaceImagesResponse = Static<typeof PlaceImagesResponseSchema>;
/** The new photo, and the owner's `photos` as every answer and the next sync will carry them. */
export const PlaceImageUploadResponseSchema = success({
  image: PlaceImageSchema,
  photos: Type.Array(PlacePhotoSchema),
});
export type PlaceImageUploadResponse = Static<typeof PlaceImageUploadResponseSchema>;
export const PlaceImageDeleteResponseSchema = success({ photos: Type.Array(PlacePhotoSchema) });
export type PlaceImageDeleteResponse = Static<typeof PlaceImageDeleteResponseSchema>;

// ---- The region's places on the device (read-only sync collections) ----------------------------

/**
 * Read-only sync collections (docs/sync.md "The places collections"): the places and field guides
 * of a region, pulled through `GET collection/{name}` so the places pages work offline on first
 * use. A `hotspots` record's data is a Hotspot with its boundary; a `field_guides` one a FieldGuide.
 */
export const HOTSPOTS_COLLECTION = 'hotspots';
export const FIELD_GUIDES_COLLECTION = 'field_guides';

/**
 * The pull filter of both: the member's chosen location. A place or guide passes when its location
 * is that one or one of its regions (as `hotspots/popular`); a guide also when they guide at such a
 * place. Tombstones always pass.
 */
export const PlacesCollectionFilterSchema = Type.Object(
  { location_id: locationId },
  { additionalProperties: false },
);
export type PlacesCollectionFilter = Static<typeof PlacesCollectionFilterSchema>;
