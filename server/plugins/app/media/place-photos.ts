/**
 * The photos of places (hotspots) and field guides (docs/api.md "Photos of places and field
 * guides"): `media` rows of kind 'hotspot' or 'field_guide' named by `place_id`, their files in the
 * media store, and the owner's `photos` column, which every answer and synced record carries.
 *
 * A photo added or removed rewrites `photos` (and `updated_at`) in the same transaction as the media
 * row, under a row lock, so concurrent uploads never lose each other and the place's `seq` moves:
 * devices get the new list on their next pull of the `hotspots` / `field_guides` collection.
 * Files are written before the transaction and removed if it fails, as species photos are.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import { formatMessage, messages } from '@contract/messages';
import { PLACE_PHOTOS_MAX, type PlaceImage, type PlacePhoto } from '@contract/places';
import type { Clock } from '../../../clock';
import type { DB } from '../../../db/schema';
import { conflict } from '../../../errors';
import type { MediaRow } from './tables';
import { newMediaRow, storeNewPhoto } from './images';
import type { MediaStore } from './store';

/** Whose photo: a place or a field guide. */
export type PlacePhotoKind = 'hotspot' | 'field_guide';

const OWNER_TABLE = { hotspot: 'hotspots', field_guide: 'field_guides' } as const;

interface Logger {
  warn(object: object, message: string): void;
}

export class PlacePhotos {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    private readonly store: MediaStore,
    /** MEDIA_PUBLIC_BASE: the URL prefix of store keys. */
    private readonly publicBase: string,
    private readonly log: Logger,
  ) {}

  private urlOf(key: string): string {
    return `${this.publicBase}/${key}`;
  }

  private toPhoto(row: MediaRow): PlacePhoto {
    return {
      media_id: row.id,
      path: this.urlOf(row.variants.original.key),
      thumbnail: this.urlOf(row.variants.thumbnail.key),
    };
  }

  toImage(row: MediaRow): PlaceImage {
    return {
      ...this.toPhoto(row),
      width: row.width,
      height: row.height,
      photo_name: row.photo_name,
      created_at: Math.floor(row.created_at.getTime() / 1000),
    };
  }

  /** The owner's `photos`, locked for this transaction; undefined when the place or guide is gone. */
  private async lockOwner(
    trx: Transaction<DB>,
    kind: PlacePhotoKind,
    placeId: string,
  ): Promise<PlacePhoto[] | undefined> {
    const { rows } = await sql<{ photos: PlacePhoto[] }>`SELECT photos FROM ${sql.table(OWNER_TABLE[kind])}
      WHERE id = ${placeId} FOR UPDATE`.execute(trx);
    return rows[0]?.photos;
  }

  private async writeOwner(
    trx: Transaction<DB>,
    kind: PlacePhotoKind,
    placeId: string,
    photos: PlacePhoto[],
  ) {
    await sql`UPDATE ${sql.table(OWNER_TABLE[kind])}
      SET photos = ${JSON.stringify(photos)}::jsonb, updated_at = ${new Date(this.clock.now())}
      WHERE id = ${placeId}`.execute(trx);
  }

  /** The live photos of a place or guide, oldest first (the order of `photos`). */
  async list(kind: PlacePhotoKind, placeId: string): Promise<PlaceImage[]> {
    const rows = await this.db
      .selectFrom('media')
      .selectAll()
      .where('kind', '=', kind)
      .where('place_id', '=', placeId)
      .where('deleted_at', 'is', null)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map((row) => this.toImage(row));
  }

  /** A live photo of this place or guide, or undefined. */
  async find(kind: PlacePhotoKind, placeId: string, mediaId: string): Promise<MediaRow | undefined> {
    return this.db
      .selectFrom('media')
      .selectAll()
      .where('id', '=', mediaId.toLowerCase())
      .where('kind', '=', kind)
      .where('place_id', '=', placeId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  /**
   * Stores a photo and appends it to the owner's `photos`. Null when the place or guide does not
   * exist (or went meanwhile); 400/413 for what is not a usable photo, 409 when the list is full.
   */
  async upload(input: {
    kind: PlacePhotoKind;
    placeId: string;
    ownerId: string;
    bytes: Buffer;
    photoName: string | null;
  }): Promise<{ image: PlaceImage; photos: PlacePhoto[] } | null> {
    const { id, variants, keys } = await storeNewPhoto(this.store, input.bytes);
    try {
      const result = await this.db.transaction().execute(async (trx) => {
        const photos = await this.lockOwner(trx, input.kind, input.placeId);
        if (photos === undefined) return null;
        if (photos.length >= PLACE_PHOTOS_MAX)
          throw conflict(formatMessage(messages.placePhotosFull, { max: PLACE_PHOTOS_MAX }));
        const row = await trx
          .insertInto('media')
          .values(
            newMediaRow({
              id,
              kind: input.kind,
              place_id: input.placeId,
              owner_id: input.ownerId,
              photo_name: input.photoName,
              variants,
              now: this.clock.now(),
            }),
          )
          .returningAll()
          .executeTakeFirstOrThrow();
        const next = [...photos, this.toPhoto(row)];
        await this.writeOwner(trx, input.kind, input.placeId, next);
        return { image: this.toImage(row), photos: next };
      });
      if (result === null) await this.store.delete(keys);
      return result;
    } catch (error) {
      await this.store.delete(keys).catch(() => undefined);
      throw error;
    }
  }

  /** Deletes a photo: out of the owner's `photos`, row marked, files removed; answers the new list. */
  async remove(photo: MediaRow): Promise<PlacePhoto[]> {
    const kind = photo.kind as PlacePhotoKind;
    const placeId = photo.place_id ?? '';
    const photos = await this.db.transaction().execute(async (trx) => {
      await this.markDeleted(trx, [photo.id]);
      const held = await this.lockOwner(trx, kind, placeId);
      if (held === undefined) return [];
      const next = held.filter((entry) => entry.media_id !== photo.id);
      if (next.length !== held.length) await this.writeOwner(trx, kind, placeId, next);
      return next;
    });
    await this.removeFiles([photo]);
    return photos;
  }

  /**
   * After a place or guide is deleted: its photos are marked deleted and their files removed, so
   * nothing is left that no answer names.
   */
  async removeAllOf(kind: PlacePhotoKind, placeId: string): Promise<void> {
    const rows = await this.db
      .updateTable('media')
      .set({ deleted_at: new Date(this.clock.now()) })
      .where('kind', '=', kind)
      .where('place_id', '=', placeId)
      .where('deleted_at', 'is', null)
      .returningAll()
      .execute();
    await this.removeFiles(rows);
  }

  private async markDeleted(trx: Transaction<DB>, ids: string[]) {
    await trx
      .updateTable('media')
      .set({ deleted_at: new Date(this.clock.now()) })
      .where('id', 'in', ids)
      .where('deleted_at', 'is', null)
      .execute();
  }

  /** A failure is logged only: the rows already answer 404, and a stray file harms nothing. */
  private async removeFiles(rows: readonly MediaRow[]) {
    const keys = rows.flatMap((row) => [row.variants.original.key, row.variants.thumbnail.key]);
    if (keys.length === 0) return;
    await this.store.delete(keys).catch((error: unknown) => {
      this.log.warn({ err: error, keys }, 'media files of deleted place photos could not be removed');
    });
  }
}
