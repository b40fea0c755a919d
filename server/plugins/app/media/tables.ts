/**
 * Photo tables (006_media.sql, 007_observation_media.sql), merged into the app's `DB` type
 * (db/schema.ts).
 * Keep in step with the SQL by hand: a column added there is added here in the same commit.
 */
import type { ColumnType, Selectable } from 'kysely';
import type { NullableTimestamp, Timestamp } from '../../../db/schema';

/** One stored file of a photo (006_media.sql `variants`). */
export interface MediaVariantFile {
  /** The media store key, '<media id>/original.jpg' or '<media id>/thumbnail.webp'. */
  key: string;
  content_type: string;
  width: number;
  height: number;
  bytes: number;
}

export interface MediaVariants {
  original: MediaVariantFile;
  thumbnail: MediaVariantFile;
}

/** Photos (006_media.sql, 007_observation_media.sql); written only by server/plugins/app/media. */
export interface MediaTable {
  id: string;
  /** 'ebook': a picture of the ebook media library (202611291016_ebooks.sql, plugins/app/ebooks). */
  kind: 'species' | 'observation' | 'hotspot' | 'field_guide' | 'ebook';
  species_id: string | null;
  /** kind 'observation': the owner's sighting (a `species_observations` record id), if named. */
  observation_id: ColumnType<string | null, string | null | undefined, string | null>;
  owner_id: string | null;
  /** kind 'hotspot' or 'field_guide' (202611281812_place_photos.sql): the place's or guide's id. */
  place_id: ColumnType<string | null, string | null | undefined, string | null>;
  photo_name: string | null;
  /** jsonb. */
  variants: ColumnType<MediaVariants, string, string>;
  width: number;
  height: number;
  created_at: Timestamp;
  deleted_at: NullableTimestamp;
}

/** Comments and replies on photos (007_observation_media.sql). */
export interface MediaCommentsTable {
  id: string;
  media_id: string;
  /** null: a comment; else the comment this reply answers. */
  parent_id: string | null;
  author_id: string;
  body: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

/** Likes on photos (007_observation_media.sql). */
export interface MediaLikesTable {
  media_id: string;
  user_id: string;
  created_at: Timestamp;
}

declare module '../../../db/schema' {
  interface DB {
    media: MediaTable;
    media_comments: MediaCommentsTable;
    media_likes: MediaLikesTable;
  }
}

export type MediaRow = Selectable<MediaTable>;
export type MediaCommentRow = Selectable<MediaCommentsTable>;
