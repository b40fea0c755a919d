/**
 * Media (SPEC §7 "Species, observations, media"): the photos of a species and its distribution
 * map, the GeoJSON shapes of the location outlines asset (public/maps/locations.geojson) the map is
 * drawn from, and members' sighting photos with their comments and likes. Pure: no Node, DOM or
 * Dexie.
 */
import { Type, type Static } from 'typebox';
import { success } from './envelope';
import { SKIP_MAX } from './paging';
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

/**
 * What the photo list can be narrowed to: the species' reference photos, or members' photos of
 * their public sightings of it ('observation'); 'all' is both.
 */
export const SPECIES_IMAGE_CATEGORIES = ['all', 'species', 'observation'] as const;

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
  skip: Type.Integer({ minimum: 0, maximum: SKIP_MAX, default: 0 }),
  randomize: Type.Boolean({ default: false, description: 'Random order instead of oldest first' }),
  user_id: Type.Optional(uuid('Only photos uploaded by this member')),
  category: Type.Enum(SPECIES_IMAGE_CATEGORIES, {
    default: 'all',
    description:
      "'species': the species' reference photos; 'observation': members' photos of their public sightings of it",
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

/** The most species one `GET species_images` answers. */
export const SPECIES_GALLERY_PAGE_MAX = 200;

/**
 * GET species_images (docs/api.md "Species gallery"): for the species on a member's list (the
 * location and classifications of `POST species`), the newest photo of a live public sighting of
 * each, paged over the species that have one, in taxonomic order.
 */
export const SpeciesGalleryQuerySchema = Type.Object({
  location_id: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 64,
      description: 'Only species on the list there (as POST species); default anywhere',
    }),
  ),
  classifications: Type.Optional(
    Type.String({
      maxLength: 400,
      description: "The member's config classifications, comma-separated; default every classification",
    }),
  ),
  skip: Type.Integer({ minimum: 0, maximum: SKIP_MAX, default: 0 }),
  limit: Type.Integer({ minimum: 1, maximum: SPECIES_GALLERY_PAGE_MAX, default: 100 }),
});
export type SpeciesGalleryQuery = Static<typeof SpeciesGalleryQuerySchema>;

/** One tile: the photo and its species; nothing of the sighting (no id, position or member). */
export const SpeciesGalleryImageSchema = Type.Object({
  species_id: Type.String(),
  media_id: Type.String(),
  path: Type.String({ description: 'URL of the image, at most 2048 px on its longer side (JPEG)' }),
  thumbnail: Type.String({ description: 'URL of the thumbnail, at most 320 px (WebP)' }),
  width: Type.Integer(),
  height: Type.Integer(),
  created_at: Type.Integer({ description: 'When the photo was stored, seconds since the epoch' }),
});
export type SpeciesGalleryImage = Static<typeof SpeciesGalleryImageSchema>;

export const SpeciesGalleryResponseSchema = success({
  images: Type.Array(SpeciesGalleryImageSchema, { description: 'One per species, taxonomic order' }),
  total: Type.Integer({ minimum: 0, description: 'Species on the list with such a photo, over every page' }),
});
export type SpeciesGalleryResponse = Static<typeof SpeciesGalleryResponseSchema>;

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

// ---- Sighting photos, comments and likes (docs/api.md "Sighting photos, comments and likes") --

/**
 * What a stored photo is: a species' reference photo, a member's photo of a sighting, or a photo
 * of a place or a field guide (admins upload those; docs/api.md "Photos of places and field guides").
 */
export const MEDIA_CATEGORIES = ['species', 'observation', 'hotspot', 'field_guide', 'ebook'] as const;
export type MediaCategory = (typeof MEDIA_CATEGORIES)[number];

/** Longest comment or reply, after trimming. */
export const COMMENT_MAX_LENGTH = 2000;
/** Client-generated comment and reply ids: no '|' (GET comment/{id}|{reply_id} splits on it). */
export const COMMENT_ID_PATTERN = '^[A-Za-z0-9_-]{1,64}$';
/** Longest accepted `thumbnail` / `banner` of PUT media/{id}/base64 (accepted and ignored). */
export const MEDIA_EXTRA_FIELD_MAX_LENGTH = 1024 * 1024;
export const COMMENTS_PAGE_MAX = 200;

export const MediaIdParamsSchema = Type.Object({
  id: uuid('The photo; a sighting photo has an id its device generated'),
});
export type MediaIdParams = Static<typeof MediaIdParamsSchema>;

const ignoredImage = (what: string) =>
  Type.Optional(
    Type.String({
      maxLength: MEDIA_EXTRA_FIELD_MAX_LENGTH,
      description: `Accepted and ignored: the server makes the ${what} from \`image\``,
    }),
  );

/**
 * PUT media/{id}/base64: a member's photo of a sighting, the id generated by the device (a
 * replay of the same id answers the stored photo). `image` as in POST species/{id}/images.
 */
export const MediaUploadSchema = Type.Object(
  {
    image: Type.String({ minLength: 1, description: 'The image as a base64 data URL or bare base64' }),
    observation_id: Type.Optional(
      Type.String({ minLength: 1, maxLength: 64, description: "The member's sighting the photo belongs to" }),
    ),
    photo_name: Type.Optional(
      Type.String({
        maxLength: 200,
        description: 'A caption or the original file name; never used as a path',
      }),
    ),
    thumbnail: ignoredImage('thumbnail'),
    banner: ignoredImage('sizes it serves'),
  },
  { additionalProperties: false },
);
export type MediaUpload = Static<typeof MediaUploadSchema>;

/** A stored photo as the media calls answer it. */
export const MediaPhotoSchema = Type.Object({
  media_id: Type.String(),
  path: Type.String({ description: 'URL of the image, at most 2048 px on its longer side (JPEG)' }),
  thumbnail: Type.String({ description: 'URL of the thumbnail, at most 320 px (WebP)' }),
  width: Type.Integer(),
  height: Type.Integer(),
  observation_id: Type.Union([Type.String(), Type.Null()], { description: 'The sighting, if named' }),
  photo_name: Type.Union([Type.String(), Type.Null()]),
  user_id: Type.Union([Type.String(), Type.Null()], { description: 'The uploader' }),
  category: Type.Enum(MEDIA_CATEGORIES),
  created_at: Type.Integer({ description: 'Seconds since the epoch' }),
});
export type MediaPhoto = Static<typeof MediaPhotoSchema>;

export const MediaUploadResponseSchema = success({
  media: MediaPhotoSchema,
  created: Type.Boolean({ description: 'false: the id was stored already (a replay writes nothing)' }),
});
export type MediaUploadResponse = Static<typeof MediaUploadResponseSchema>;

export const MediaBase64ResponseSchema = success({
  image: Type.String({ description: 'The stored original as a data URL (data:image/jpeg;base64,…)' }),
  media: MediaPhotoSchema,
});
export type MediaBase64Response = Static<typeof MediaBase64ResponseSchema>;

export const MediaPreviewDeleteQuerySchema = Type.Object({
  type: Type.Optional(
    Type.String({ maxLength: 32, description: 'Accepted and ignored: every file of the photo goes' }),
  ),
});

export const CommentIdSchema = Type.String({
  pattern: COMMENT_ID_PATTERN,
  description: 'Client-generated (a UUID is best); unique over all comments and replies',
});
const CommentTextSchema = Type.String({
  minLength: 1,
  maxLength: COMMENT_MAX_LENGTH,
  description: 'Plain text; trimmed, must not be empty',
});
const authorFields = {
  user_id: Type.String({ description: 'The author' }),
  nickname: Type.Union([Type.String(), Type.Null()]),
  comment: Type.String(),
  created_at: Type.Integer({ description: 'Seconds since the epoch' }),
  updated_at: Type.Integer({ description: 'Last edit, in seconds' }),
};

export const ReplySchema = Type.Object({
  reply_id: Type.String(),
  comment_id: Type.String({ description: 'The comment it answers' }),
  media_id: Type.String(),
  ...authorFields,
});
export type Reply = Static<typeof ReplySchema>;

export const CommentSchema = Type.Object({
  comment_id: Type.String(),
  media_id: Type.String(),
  ...authorFields,
  replies: Type.Array(ReplySchema, { description: 'Oldest first' }),
});
export type Comment = Static<typeof CommentSchema>;

export const LikeSchema = Type.Object({
  user_id: Type.String(),
  nickname: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.Integer({ description: 'Seconds since the epoch' }),
});
export type Like = Static<typeof LikeSchema>;

export const MediaMetaQuerySchema = Type.Object({
  load_all: Type.Boolean({ default: false, description: 'Add the comments (with replies) and likes' }),
});

export const MediaMetaResponseSchema = success({
  media: MediaPhotoSchema,
  comment_count: Type.Integer({ description: 'Live comments and replies' }),
  like_count: Type.Integer(),
  liked: Type.Boolean({ description: 'The caller likes it (false for a guest)' }),
  comments: Type.Optional(Type.Array(CommentSchema)),
  likes: Type.Optional(Type.Array(LikeSchema)),
});
export type MediaMetaResponse = Static<typeof MediaMetaResponseSchema>;

export const CommentsQuerySchema = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: COMMENTS_PAGE_MAX, default: 100 }),
  skip: Type.Integer({ minimum: 0, maximum: SKIP_MAX, default: 0 }),
});
export const CommentsResponseSchema = success({
  comments: Type.Array(CommentSchema, { description: 'Oldest first' }),
});
export type CommentsResponse = Static<typeof CommentsResponseSchema>;

export const CommentParamsSchema = Type.Object({ id: uuid('The photo'), comment_id: CommentIdSchema });
export const ReplyParamsSchema = Type.Object({
  id: uuid('The photo'),
  comment_id: CommentIdSchema,
  reply_id: CommentIdSchema,
});

export const CommentWriteSchema = Type.Object(
  { comment: CommentTextSchema },
  { additionalProperties: false },
);
export const ReplyWriteSchema = Type.Object(
  { comment: CommentTextSchema, reply_id: CommentIdSchema },
  { additionalProperties: false },
);
const createdFlag = Type.Boolean({ description: 'false: an edit or a replay of a stored one' });
export const CommentWriteResponseSchema = success({ comment: CommentSchema, created: createdFlag });
export type CommentWriteResponse = Static<typeof CommentWriteResponseSchema>;
export const ReplyWriteResponseSchema = success({ reply: ReplySchema, created: createdFlag });
export type ReplyWriteResponse = Static<typeof ReplyWriteResponseSchema>;

/** GET comment/{id} and comment/{id}|{reply_id}. */
export const CommentLookupParamsSchema = Type.Object({
  id: Type.String({
    pattern: '^[A-Za-z0-9_-]{1,64}(\\|[A-Za-z0-9_-]{1,64})?$',
    description: 'A comment id, or <comment id>|<reply id>',
  }),
});
export const CommentLookupResponseSchema = success({
  comment: CommentSchema,
  reply: Type.Union([ReplySchema, Type.Null()], { description: 'The reply asked for, else null' }),
});
export type CommentLookupResponse = Static<typeof CommentLookupResponseSchema>;

export const LikesResponseSchema = success({
  likes: Type.Array(LikeSchema, { description: 'Newest first' }),
  count: Type.Integer(),
});
export type LikesResponse = Static<typeof LikesResponseSchema>;

export const LikeParamsSchema = Type.Object({
  id: uuid('The photo'),
  user: uuid('The signed-in member (one likes only as oneself)'),
});
export const LikeWriteSchema = Type.Object({ liked: Type.Boolean() }, { additionalProperties: false });
export const LikeWriteResponseSchema = success({ liked: Type.Boolean(), count: Type.Integer() });
export type LikeWriteResponse = Static<typeof LikeWriteResponseSchema>;

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
