/**
 * Members' photos of their sightings (SPEC §7 "PUT/GET media/{id}/base64", "DELETE
 * media/{id}/preview"; docs/api.md "Sighting photos, comments and likes"): `media` rows of kind
 * 'observation', owned by the uploader, their files in the media store like a species photo's.
 *
 * - **Client-generated ids.** A device uploads from its own queue with the photo's id (a UUID), so
 *   a replay finds the row: the same id by the same owner answers the stored photo and writes
 *   nothing; an id held by another member, by a species photo, or by a deleted photo is a 409.
 *   The check comes before any work, and again by the insert itself (ON CONFLICT DO NOTHING), so
 *   two racing uploads of one id store it once. The files are written inside the inserting
 *   transaction: only the request that inserted the row writes the files of its id, so another
 *   member can never overwrite a photo's files by sending its id.
 * - **Visibility.** The file route is open (random UUIDs, an <img> sends no token). Everything
 *   else answers a sighting photo to its owner, and to others only when the owner's sighting
 *   (`observation_id` in their `species_observations`) is on the server, valid and public, or
 *   while a live newsfeed post carries the photo (issue 16). Species photos are reference
 *   material: everyone sees them.
 * - **Delete** tombstones the row (deleted_at; its id is never reused) and removes the files. The
 *   sighting's `media` list is the device's to change, as the sighting is its record.
 */
import { sql, type Kysely } from 'kysely';
import type { MediaPhoto } from '@contract/media';
import { messages } from '@contract/messages';
import type { Clock } from '../../../clock';
import type { DB } from '../../../db/schema';
import type { MediaRow } from './tables';
import { conflict, forbidden, notFound } from '../../../errors';
import { observationOf, type ObservationReads } from '../observations/observation-reads';
import { decodePhotoField, newMediaRow, processPhoto, storedVariants } from './images';
import type { MediaStore } from './store';

interface Logger {
  warn(object: object, message: string): void;
}

export interface PhotoUpload {
  id: string;
  ownerId: string;
  /** The `image` field: a base64 data URL or bare base64. */
  image: string;
  observationId: string | null;
  photoName: string | null;
}

export interface UploadOutcome {
  row: MediaRow;
  created: boolean;
}

export class ObservationPhotos {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    private readonly store: MediaStore,
    /** MEDIA_PUBLIC_BASE: the URL prefix of store keys. */
    private readonly publicBase: string,
    private readonly observations: ObservationReads,
    private readonly log: Logger,
  ) {}

  toPhoto(row: MediaRow): MediaPhoto {
    return {
      media_id: row.id,
      path: `${this.publicBase}/${row.variants.original.key}`,
      thumbnail: `${this.publicBase}/${row.variants.thumbnail.key}`,
      width: row.width,
      height: row.height,
      observation_id: row.observation_id,
      photo_name: row.photo_name,
      user_id: row.owner_id,
      category: row.kind,
      created_at: Math.floor(row.created_at.getTime() / 1000),
    };
  }

  /** The row with that id, deleted or not, of any kind. */
  async find(id: string): Promise<MediaRow | undefined> {
    return this.db.selectFrom('media').selectAll().where('id', '=', id.toLowerCase()).executeTakeFirst();
  }

  /** True when the viewer (a member id, or null for a guest) may see this photo; see the header. */
  async canSee(row: MediaRow, viewer: string | null): Promise<boolean> {
    if (row.deleted_at !== null) return false;
    // Curated photos (a species', a place's, a guide's) are reference data anyone may see.
    if (row.kind !== 'observation') return true;
    if (row.owner_id === null) return false;
    if (row.owner_id === viewer) return true;
    if (row.observation_id !== null) {
      const record = await this.observations.findOwn(row.owner_id, row.observation_id);
      if (record !== undefined && observationOf(record)?.public === true) return true;
    }
    return this.inLivePost(row.id);
  }

  /** A photo of a live newsfeed post is seen with the post, by anyone (issue 16, community). */
  private async inLivePost(id: string): Promise<boolean> {
    const post = await this.db
      .selectFrom('newsfeed_items')
      .select('id')
      .where(sql<boolean>`photos @> ARRAY[${id}::uuid]`)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return post !== undefined;
  }

  /** The live photo if the viewer may see it; else 404 (a hidden photo is not told apart). */
  async visible(id: string, viewer: string | null): Promise<MediaRow> {
    const row = await this.find(id);
    if (row === undefined || !(await this.canSee(row, viewer))) throw notFound(messages.photoNotFound);
    return row;
  }

  /** Stores a sighting photo, or answers the stored one for a replay (see the header). */
  async upload(input: PhotoUpload): Promise<UploadOutcome> {
    const existing = await this.find(input.id);
    if (existing) return { row: this.replayOf(existing, input.ownerId), created: false };

    const bytes = decodePhotoField(input.image, messages.imageNotBase64);
    const files = await processPhoto(bytes);
    const id = input.id.toLowerCase();
    const variants = storedVariants(id, files);
    const inserted = await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('media')
        .values(
          newMediaRow({
            id,
            kind: 'observation',
            species_id: null,
            observation_id: input.observationId,
            owner_id: input.ownerId,
            photo_name: input.photoName,
            variants,
            now: this.clock.now(),
          }),
        )
        .onConflict((oc) => oc.column('id').doNothing())
        .returningAll()
        .executeTakeFirst();
      if (row === undefined) return undefined;
      // The uncommitted row holds the id: no other upload writes these keys until we are done.
      const keys = [variants.original.key, variants.thumbnail.key];
      try {
        await this.store.put(variants.original.key, files.original.bytes);
        await this.store.put(variants.thumbnail.key, files.thumbnail.bytes);
      } catch (error) {
        await this.store.delete(keys).catch(() => undefined);
        throw error;
      }
      return row;
    });
    if (inserted) return { row: inserted, created: true };
    // Another upload of the same id committed first.
    const winner = await this.find(id);
    if (!winner) throw new Error(`media ${id} neither inserted nor found`);
    return { row: this.replayOf(winner, input.ownerId), created: false };
  }

  /** The original as a data URL; 404 when its file is missing. */
  async dataUrl(row: MediaRow): Promise<string> {
    const file = await this.store.open(row.variants.original.key);
    if (!file) throw notFound(messages.photoNotFound);
    const bytes = Buffer.concat((await file.stream.toArray()) as Buffer[]);
    return `data:${row.variants.original.content_type};base64,${bytes.toString('base64')}`;
  }

  /**
   * The owner deletes their sighting photo: the row is tombstoned and the files removed. Deleting
   * it again answers as done; a species photo is removed through its species (409).
   */
  async remove(id: string, memberId: string): Promise<void> {
    const row = await this.find(id);
    if (!row) throw notFound(messages.photoNotFound);
    if (row.kind === 'species') throw conflict(messages.speciesPhotoNotHere);
    if (row.kind !== 'observation') throw conflict(messages.placePhotoNotHere);
    if (row.owner_id !== memberId) {
      throw (await this.canSee(row, memberId)) ? forbidden() : notFound(messages.photoNotFound);
    }
    if (row.deleted_at !== null) return;
    await this.db
      .updateTable('media')
      .set({ deleted_at: new Date(this.clock.now()) })
      .where('id', '=', row.id)
      .where('deleted_at', 'is', null)
      .execute();
    const keys = [row.variants.original.key, row.variants.thumbnail.key];
    await this.store.delete(keys).catch((error: unknown) => {
      this.log.warn({ err: error, keys }, 'media files of a deleted photo could not be removed');
    });
  }

  /** A stored row met again by an upload: the owner's live sighting photo, else a 409. */
  private replayOf(row: MediaRow, ownerId: string): MediaRow {
    if (row.kind !== 'observation' || row.owner_id !== ownerId) throw conflict(messages.mediaIdTaken);
    if (row.deleted_at !== null) throw conflict(messages.photoDeleted);
    return row;
  }
}
