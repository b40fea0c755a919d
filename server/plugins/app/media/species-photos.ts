/**
 * The reference photos of a species (SPEC §7 "GET/POST species/{id}/images", "DELETE
 * species/{id}/images/{media_id}"): the `media` rows, their files in the media store, and the
 * species' `photo.thumbs`, which is how devices learn of them (the `species` collection).
 *
 * Adding or removing a photo changes `photo.thumbs` through `writeSpeciesChange` (the species
 * plugin), in the same transaction as the media row, so the species gets a new `mod` and `rev`
 * (suffix 'photo') and the next pull brings the new thumbnails to every device. The importer never
 * writes `photo` of an existing row (server/db/species/seed.ts), so a re-import keeps the photos.
 *
 * Files are written before the transaction and removed if it fails; after a delete commits, the
 * files go (a failure there is logged: the row already answers 404). A crash between writing the
 * files and committing leaves files no row points to: harmless, and rare enough to clean by hand.
 */
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { MediaVariant, SpeciesGalleryImage, SpeciesImage, SpeciesImagesQuery } from '@contract/media';
import type { SpeciesThumb } from '@contract/species';
import type { Clock } from '../../../clock';
import type { DB } from '../../../db/schema';
import type { MediaRow, MediaVariants } from './tables';
import { liveSightingsSql, PUBLIC_SQL, speciesSql } from '../observations/observation-reads';
import { taxonomicOrderSql } from '../species/species-rows';
import { writeSpeciesChange } from '../species/species-writes';
import { newMediaRow, storeNewPhoto } from './images';
import { VARIANT_FILES, type MediaStore, type StoredFile } from './store';

/** The rev suffix of a species change that only touched its photos. */
export const PHOTO_REV_SUFFIX = 'photo';

interface Logger {
  warn(object: object, message: string): void;
}

/**
 * Members' photos anyone may see by species, with the species of their sighting
 * (`sighting_species`): live 'observation' media whose sighting is its uploader's live, public
 * record. The one rule of GET species/{id}/images and GET species_images — a sighting made private,
 * deleted or given another species takes its photos along — spelled with observation-reads.ts's
 * expressions so the partial indexes of migrations/009 answer it. `speciesId` narrows to one.
 */
function publicSightingPhotosSql(speciesId?: string): RawBuilder<unknown> {
  const ofSpecies = speciesId === undefined ? sql`` : sql`AND ${speciesSql} = ${speciesId}`;
  return sql`SELECT m.*, r.species AS sighting_species FROM media m
    JOIN (SELECT owner_id, id, ${speciesSql} AS species FROM collection_records
      WHERE ${liveSightingsSql} AND ${PUBLIC_SQL} ${ofSpecies}) r
      ON r.owner_id = m.owner_id AND r.id = m.observation_id
    WHERE m.kind = 'observation' AND m.deleted_at IS NULL`;
}

export interface GalleryPage {
  /** The list's filter over `species s` (SpeciesRepository.listWhere). */
  listWhere: RawBuilder<unknown>;
  skip: number;
  limit: number;
}

export interface UploadResult {
  image: SpeciesImage;
  thumbs: SpeciesThumb[];
}

export class SpeciesPhotos {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    private readonly store: MediaStore,
    /** MEDIA_PUBLIC_BASE: the URL prefix of store keys. */
    private readonly publicBase: string,
    private readonly log: Logger,
  ) {}

  urlOf(key: string): string {
    return `${this.publicBase}/${key}`;
  }

  toImage(row: MediaRow): SpeciesImage {
    return {
      media_id: row.id,
      path: this.urlOf(row.variants.original.key),
      thumbnail: this.urlOf(row.variants.thumbnail.key),
      width: row.width,
      height: row.height,
      photo_name: row.photo_name,
      user_id: row.owner_id,
      category: row.kind,
      created_at: Math.floor(row.created_at.getTime() / 1000),
    };
  }

  /** True when the species exists and is not a tombstone. */
  async speciesExists(speciesId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('species')
      .select('id')
      .where('id', '=', speciesId)
      .where('deleted', '=', false)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * The photos of a species, oldest first (the order of `photo.thumbs`) or shuffled: its reference
   * photos and members' photos of their sightings of it — only while that sighting is live and
   * public (a sighting made private, deleted or given another species takes its photos along).
   */
  async list(speciesId: string, query: SpeciesImagesQuery): Promise<SpeciesImage[]> {
    const reference = sql<boolean>`(m.kind = 'species' AND m.species_id = ${speciesId})`;
    const publicSighting = sql<boolean>`(m.id IN (SELECT p.id FROM (${publicSightingPhotosSql(speciesId)}) p))`;
    const kinds =
      query.category === 'species'
        ? reference
        : query.category === 'observation'
          ? publicSighting
          : sql<boolean>`(${reference} OR ${publicSighting})`;
    let select = this.db
      .selectFrom('media as m')
      .selectAll('m')
      .where(kinds)
      .where('m.deleted_at', 'is', null);
    if (query.user_id !== undefined) select = select.where('m.owner_id', '=', query.user_id.toLowerCase());
    select = query.randomize ? select.orderBy(sql`random()`) : select.orderBy('m.created_at').orderBy('m.id');
    const rows = await select.limit(query.limit).offset(query.skip).execute();
    return rows.map((row) => this.toImage(row));
  }

  /**
   * For each species on a list that has one, the newest photo of a live public sighting of it (the
   * rule of `list`), paged over those species in taxonomic order, and how many there are.
   */
  async newestPublicPerSpecies(page: GalleryPage): Promise<{ images: SpeciesGalleryImage[]; total: number }> {
    const newest = sql`SELECT DISTINCT ON (p.sighting_species) p.* FROM (${publicSightingPhotosSql()}) p
      ORDER BY p.sighting_species, p.created_at DESC, p.id DESC`;
    const onList = sql`(${newest}) n JOIN species s ON s.id = n.sighting_species WHERE ${page.listWhere}`;
    const [{ rows }, { rows: counted }] = await Promise.all([
      sql<MediaRow & { sighting_species: string }>`SELECT n.* FROM ${onList}
        ORDER BY ${taxonomicOrderSql} LIMIT ${page.limit} OFFSET ${page.skip}`.execute(this.db),
      sql<{ total: string }>`SELECT count(*) AS total FROM ${onList}`.execute(this.db),
    ]);
    const images = rows.map((row) => {
      const { media_id, path, thumbnail, width, height, created_at } = this.toImage(row);
      return { species_id: row.sighting_species, media_id, path, thumbnail, width, height, created_at };
    });
    return { images, total: Number(counted[0]?.total ?? 0) };
  }

  /** A live photo of this species, or undefined. */
  async find(speciesId: string, mediaId: string): Promise<MediaRow | undefined> {
    return this.db
      .selectFrom('media')
      .selectAll()
      .where('id', '=', mediaId.toLowerCase())
      .where('species_id', '=', speciesId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  /**
   * Stores a photo for a species and appends its thumbnail to `photo.thumbs`. Answers null when the
   * species does not exist (or was deleted meanwhile). Throws 400/413 for what is not a usable photo.
   */
  async upload(input: {
    speciesId: string;
    ownerId: string;
    bytes: Buffer;
    photoName: string | null;
  }): Promise<UploadResult | null> {
    const { id, variants, keys } = await storeNewPhoto(this.store, input.bytes);
    const thumb: SpeciesThumb = { media_id: id, path: this.urlOf(variants.thumbnail.key) };
    let inserted: MediaRow | undefined;
    try {
      const result = await writeSpeciesChange(
        this.db,
        this.clock,
        input.speciesId,
        PHOTO_REV_SUFFIX,
        (row) => ({ photo: JSON.stringify({ ...row.photo, thumbs: [...row.photo.thumbs, thumb] }) }),
        async (trx) => {
          inserted = await this.insert(trx, {
            id,
            speciesId: input.speciesId,
            ownerId: input.ownerId,
            photoName: input.photoName,
            variants,
          });
        },
      );
      if (!result.found || inserted === undefined) {
        await this.store.delete(keys);
        return null;
      }
      return { image: this.toImage(inserted), thumbs: result.row.photo.thumbs };
    } catch (error) {
      await this.store.delete(keys).catch(() => undefined);
      throw error;
    }
  }

  /** Deletes a photo: out of `photo.thumbs` (a new species revision), row marked, files removed. */
  async remove(photo: MediaRow): Promise<SpeciesThumb[]> {
    const speciesId = photo.species_id ?? '';
    const markDeleted = (db: Kysely<DB> | Transaction<DB>) =>
      db
        .updateTable('media')
        .set({ deleted_at: new Date(this.clock.now()) })
        .where('id', '=', photo.id)
        .where('deleted_at', 'is', null)
        .execute();
    const result = await writeSpeciesChange(
      this.db,
      this.clock,
      speciesId,
      PHOTO_REV_SUFFIX,
      (row) => {
        const thumbs = row.photo.thumbs.filter((thumb) => thumb.media_id !== photo.id);
        return thumbs.length === row.photo.thumbs.length
          ? null
          : { photo: JSON.stringify({ ...row.photo, thumbs }) };
      },
      async (trx) => {
        await markDeleted(trx);
      },
    );
    // The species is gone or its thumbs no longer list the photo: only the row changes.
    if (!result.found || !result.changed) await markDeleted(this.db);
    const keys = [photo.variants.original.key, photo.variants.thumbnail.key];
    await this.store.delete(keys).catch((error: unknown) => {
      this.log.warn({ err: error, keys }, 'media files of a deleted photo could not be removed');
    });
    return result.found ? result.row.photo.thumbs : [];
  }

  /**
   * A stored file of a live photo of any kind (species or sighting) for GET media/{id}/{variant}: `variant` is 'original' or
   * 'thumbnail', optionally with its extension; null when unknown, deleted or missing.
   */
  async file(mediaId: string, variantName: string): Promise<(StoredFile & { contentType: string }) | null> {
    const [variant = '', extension] = variantName.split('.');
    if (!Object.hasOwn(VARIANT_FILES, variant)) return null;
    const expected = VARIANT_FILES[variant as MediaVariant];
    if (extension !== undefined && `${variant}.${extension}` !== expected.file) return null;
    const row = await this.db
      .selectFrom('media')
      .select('variants')
      .where('id', '=', mediaId.toLowerCase())
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!row) return null;
    const stored = row.variants[variant as MediaVariant];
    const file = await this.store.open(stored.key);
    return file && { ...file, contentType: stored.content_type };
  }

  private async insert(
    trx: Transaction<DB>,
    input: {
      id: string;
      speciesId: string;
      ownerId: string;
      photoName: string | null;
      variants: MediaVariants;
    },
  ): Promise<MediaRow> {
    return trx
      .insertInto('media')
      .values(
        newMediaRow({
          id: input.id,
          kind: 'species',
          species_id: input.speciesId,
          owner_id: input.ownerId,
          photo_name: input.photoName,
          variants: input.variants,
          now: this.clock.now(),
        }),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
  }
}
