/**
 * Row types of the tables created by server/migrations, as Kysely sees them. Keep in step with the
 * SQL by hand: a column added there is added here in the same commit. Rows never leave the server
 * as they are; repositories map them to the contract types of src/contract.
 */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Permissions } from '@contract/permissions';

/** timestamptz: pg parses it into a Date; we write Dates from the application clock. */
type Timestamp = ColumnType<Date, Date | undefined, Date>;
type NullableTimestamp = ColumnType<Date | null, Date | null | undefined, Date | null>;

export interface UsersTable {
  id: Generated<string>;
  email: string;
  password_hash: string | null;
  firstname: Generated<string>;
  nickname: string;
  avatar: string | null;
  about: Generated<string>;
  roles: ColumnType<string[], string[] | undefined, string[]>;
  /** jsonb; pg serialises the object with JSON.stringify on the way in. */
  permissions: ColumnType<Permissions, string | undefined, string>;
  newsletter_subscribed: Generated<boolean>;
  stats_visible_to_others: Generated<boolean>;
  location_id: string | null;
  email_verified_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type TokenKind = 'auth' | 'refresh' | 'client';

export interface AuthTokensTable {
  id: Generated<string>;
  token_hash: string;
  kind: TokenKind;
  user_id: string | null;
  session_id: string | null;
  client_id: string | null;
  expires_at: Timestamp;
  created_at: Timestamp;
  revoked_at: NullableTimestamp;
  replaced_by: string | null;
}

export interface PasswordResetsTable {
  rid: string;
  user_id: string;
  pin_hash: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface EmailVerificationsTable {
  token_hash: string;
  user_id: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface SocialIdentitiesTable {
  provider: string;
  subject: string;
  user_id: string;
  email: string | null;
  created_at: Timestamp;
}

/** Reference data (002_reference_data.sql); written only by server/db/reference/seed.ts. */
export interface LocationsTable {
  id: string;
  parent_id: string | null;
  type: 'country' | 'region';
  name: string;
  /** jsonb: name by language id. */
  names: ColumnType<Record<string, string>, string, string>;
  iso_a2: string | null;
  iso_a3: string | null;
  iso_3166_2: string | null;
  continent: string | null;
  latitude: number;
  longitude: number;
  has_species: boolean;
  search_text: string;
  search_name: string;
}

export interface LanguagesTable {
  id: string;
  locale: string;
  name: string;
  native_name: string;
  direction: 'ltr' | 'rtl';
  sort: number;
}

export interface TaxaClassificationsTable {
  id: string;
  name: string;
  group_id: string;
  group_name: string;
  category: string | null;
  sort: number;
  is_default: boolean;
  scope: 'checklist' | 'world';
  source: string;
}

export interface LocationClassificationsTable {
  location_id: string;
  classification_id: string;
  active: boolean;
  coverage: 'local' | 'world' | 'none';
  source: string | null;
}

export interface ReferenceImportsTable {
  dataset: string;
  checksum: string;
  imported_at: Timestamp;
}

/** Species reference data (005_species.sql); written only by server/db/species/seed.ts. */
export interface SpeciesTable {
  id: string;
  group_id: 'birds' | 'mammals' | 'reptiles' | 'amphibians';
  classifications: string[];
  scientific_name: string;
  authority: string | null;
  taxon_order: string | null;
  family: string | null;
  name: string;
  /** jsonb: name by language id. */
  names: ColumnType<Record<string, string>, string, string>;
  /** jsonb: {system, category, classification, group_name, name, english_name?, code?}. */
  taxa: ColumnType<Record<string, unknown>, string, string>;
  /** jsonb: the same with `enabled`, one per further classification. */
  taxa_alt: ColumnType<Array<Record<string, unknown>>, string, string>;
  /** jsonb: {thumbs: [{media_id, path}]}. */
  photo: ColumnType<{ thumbs: Array<{ media_id: string; path: string }> }, string | undefined, string>;
  extinct: boolean;
  body_mass_g: number | null;
  body_mass_basis: 'species' | 'genus' | 'family' | 'order' | null;
  source: 'avilist' | 'ioc' | 'mdd' | 'rdb' | 'amphibiaweb';
  source_id: string;
  sort: number;
  search_text: string;
  search_name: string;
  /** bigint: pg answers it as a string. */
  mod: ColumnType<string, number, number>;
  rev: string;
  deleted: boolean;
}

export interface SpeciesLocationsTable {
  species_id: string;
  location_id: string;
  occurrence: string;
  source: string;
}

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
  kind: 'species' | 'observation';
  species_id: string | null;
  /** kind 'observation': the owner's sighting (a `species_observations` record id), if named. */
  observation_id: ColumnType<string | null, string | null | undefined, string | null>;
  owner_id: string | null;
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

/** Content pages and help (008_content_pages.sql); seeded by server/db/content/seed.ts. */
export interface ContentPagesTable {
  id: string;
  slug: string;
  title: string;
  /** Markdown. */
  body: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface HelpCategoriesTable {
  slug: string;
  title: string;
  sort: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface HelpTopicsTable {
  id: string;
  slug: string;
  category: string;
  title: string;
  /** Markdown. */
  body: string;
  sort: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface DB {
  users: UsersTable;
  auth_tokens: AuthTokensTable;
  password_resets: PasswordResetsTable;
  email_verifications: EmailVerificationsTable;
  social_identities: SocialIdentitiesTable;
  locations: LocationsTable;
  languages: LanguagesTable;
  taxa_classifications: TaxaClassificationsTable;
  location_classifications: LocationClassificationsTable;
  reference_imports: ReferenceImportsTable;
  species: SpeciesTable;
  species_locations: SpeciesLocationsTable;
  media: MediaTable;
  media_comments: MediaCommentsTable;
  media_likes: MediaLikesTable;
  content_pages: ContentPagesTable;
  help_categories: HelpCategoriesTable;
  help_topics: HelpTopicsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type AuthTokenRow = Selectable<AuthTokensTable>;
export type LocationRow = Selectable<LocationsTable>;
export type SpeciesRow = Selectable<SpeciesTable>;
export type MediaRow = Selectable<MediaTable>;
export type MediaCommentRow = Selectable<MediaCommentsTable>;
