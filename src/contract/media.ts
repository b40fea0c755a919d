/**
 * Species media (SPEC §7 "Species, observations, media"): the photos of a species and its
 * distribution map, plus the GeoJSON shapes of the location outlines asset
 * (public/maps/locations.geojson) the map is drawn from. Pure: no Node, DOM or Dexie.
 */
import { Type, type Static } from 'typebox';
import { success } from './envelope';
import { SPECIES_ID_PATTERN, SpeciesThumbSchema } from './species';

// ---- Photos -------------------------------------------------------------------------------------

/** Largest accepted upload (decoded bytes); above it POST species/{id}/images answers 413. */
export const PHOTO_MAX_BYTES = 15 * 1024 * 1024;
/** Largest accepted image in pixels (decompression bombs); above it the upload answers 413. */
export const PHOTO_MAX_PIXELS = 100_000_000;
/** The stored "original" fits in this square (SPEC §9: max 2048×2048, quality 90, aspect kept). */
export const PHOTO_MAX_SIDE = 2048;
export const PHOTO_QUALITY = 90;
/** The thumbnail fits in this square. */
export const THUMBNAIL_SIDE = 320;

export const MEDIA_VARIANTS = ['original', 'thumbnail'] as const;
export type MediaVariant = (typeof MEDIA_VARIANTS)[number];

/** What the photo list can be narrowed to; later kinds (observation photos) add values. */
export const SPECIES_IMAGE_CATEGORIES = ['all', 'species'] as const;

const uuid = (description: string) =>
  Type.String({
    pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
    description,
  });

export const SpeciesImageParamsSchema = Type.Object({
  id: Type.String({ pattern: SPECIES_ID_PATTERN, description: 'Species id' }),
  media_id: uuid('The photo'),
});
export type SpeciesImageParams = Static<typeof SpeciesImageParamsSchema>;

export const SpeciesImagesQuerySchema = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
  skip: Type.Integer({ minimum: 0, default: 0 }),
  randomize: Type.Boolean({ default: false, description: 'Random order instead of oldest first' }),
  user_id: Type.Optional(uuid('Only photos uploaded by this member')),
  category: Type.Enum(SPECIES_IMAGE_CATEGORIES, {
    default: 'all',
    description: "'species': the species' reference photos",
  }),
});
export type SpeciesImagesQuery = Static<typeof SpeciesImagesQuerySchema>;

export const SpeciesImageSchema = Type.Object({
  media_id: Type.String(),
  path: Type.String({ description: 'URL of the image, at most 2048 px on its longer side (JPEG)' }),
  thumbnail: Type.String({ description: 'URL of the thumbnail, at most 320 px (WebP)' }),
  width: Type.Integer(),
  height: Type.Integer(),
  photo_name: Type.Union([Type.String(), Type.Null()]),
  user_id: Type.Union([Type.String(), Type.Null()], { description: 'The uploader' }),
  category: Type.String(),
  created_at: Type.Integer({ description: 'Seconds since the epoch' }),
});
export type SpeciesImage = Static<typeof SpeciesImageSchema>;

export const SpeciesImagesResponseSchema = success({ images: Type.Array(SpeciesImageSchema) });
export type SpeciesImagesResponse = Static<typeof SpeciesImagesResponseSchema>;

/** Base64 of PHOTO_MAX_BYTES, plus room for a data-URL prefix. */
export const PHOTO_MAX_BASE64_LENGTH = Math.ceil(PHOTO_MAX_BYTES / 3) * 4 + 256;

/**
 * POST species/{id}/images: the photo as a base64 data URL (`data:image/jpeg;base64,…`) or bare
 * base64, in JSON. The file type is read from the bytes, never from the prefix or the name.
 */
export const SpeciesImageUploadSchema = Type.Object(
  {
    photo: Type.String({ minLength: 1, description: 'The image as a base64 data URL' }),
    photo_name: Type.Optional(
      Type.String({
        maxLength: 200,
        description: 'A caption or the original file name; never used as a path',
      }),
    ),
  },
  { additionalProperties: false },
);
export type SpeciesImageUpload = Static<typeof SpeciesImageUploadSchema>;

/** The new photo, and the species' `photo.thumbs` as the next sync will carry it. */
export const SpeciesImageUploadResponseSchema = success({
  image: SpeciesImageSchema,
  thumbs: Type.Array(SpeciesThumbSchema),
});
export type SpeciesImageUploadResponse = Static<typeof SpeciesImageUploadResponseSchema>;

export const SpeciesImageDeleteResponseSchema = success({ thumbs: Type.Array(SpeciesThumbSchema) });
export type SpeciesImageDeleteResponse = Static<typeof SpeciesImageDeleteResponseSchema>;

/** GET media/{id}/{variant}: `original`, `thumbnail`, or either with its extension (.jpg, .webp). */
export const MediaFileParamsSchema = Type.Object({
  id: uuid('The photo'),
  variant: Type.String({ pattern: '^(original|thumbnail)(\\.(jpg|webp))?$' }),
});
export type MediaFileParams = Static<typeof MediaFileParamsSchema>;

// ---- GeoJSON (RFC 7946, lon/lat) ---------------------------------------------------------------

export type Position = [number, number];
export const PositionSchema = Type.Tuple([Type.Number(), Type.Number()], {
  description: '[longitude, latitude]',
});

export const PointSchema = Type.Object({ type: Type.Literal('Point'), coordinates: PositionSchema });
export const PolygonSchema = Type.Object({
  type: Type.Literal('Polygon'),
  coordinates: Type.Array(Type.Array(PositionSchema)),
});
export const MultiPolygonSchema = Type.Object({
  type: Type.Literal('MultiPolygon'),
  coordinates: Type.Array(Type.Array(Type.Array(PositionSchema))),
});
export type OutlineGeometry = Static<typeof PolygonSchema> | Static<typeof MultiPolygonSchema>;

/** A feature of public/maps/locations.geojson: `id` is the location id. */
export interface OutlineFeature {
  type: 'Feature';
  id: string;
  properties: { name: string; type: 'country' | 'region' };
  geometry: OutlineGeometry;
}
export interface OutlinesCollection {
  type: 'FeatureCollection';
  features: OutlineFeature[];
}

/** Where the outlines asset is served from (a runtime-cached file of the built app). */
export const OUTLINES_URL = '/maps/locations.geojson';

// ---- Distribution map ---------------------------------------------------------------------------

export const DistributionFeatureSchema = Type.Object({
  type: Type.Literal('Feature'),
  id: Type.String({ description: 'The location id' }),
  properties: Type.Object({
    location_id: Type.String(),
    name: Type.String(),
    occurrence: Type.String({ description: 'present, uncertain, native, introduced, listed, endemic, …' }),
  }),
  geometry: Type.Union([PolygonSchema, MultiPolygonSchema, PointSchema], {
    description: "The location's outline, or a Point at its label point when it has none",
  }),
});
export type DistributionFeature = Static<typeof DistributionFeatureSchema>;

/**
 * GET species/{id}/distribution_map. `scope: 'world'` for a species of a world-scope
 * classification (reptiles): no checklist keys it to locations, so the collection is empty and the
 * client says "worldwide list" instead of drawing a map.
 */
export const DistributionMapResponseSchema = success({
  scope: Type.Union([Type.Literal('locations'), Type.Literal('world')]),
  distribution_map: Type.Object({
    type: Type.Literal('FeatureCollection'),
    features: Type.Array(DistributionFeatureSchema),
  }),
});
export type DistributionMapResponse = Static<typeof DistributionMapResponseSchema>;
