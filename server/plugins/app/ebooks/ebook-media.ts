/**
 * The ebook media library (docs/api.md "Ebooks"): pictures administrators upload for their books.
 * Each is a `media` row of kind 'ebook', processed and stored by the media plugin's pipeline
 * (`storeNewPhoto`: the type read from the bytes, upright, metadata stripped, a ≤ 2048 px JPEG and
 * a ≤ 320 px WebP thumbnail) and served by GET media/{id}/{variant} like every photo, plus an
 * `ebook_media` row with its type, category and folded search text.
 * Files are written before the transaction and removed if it fails, as species photos are.
 */
import { sql, type Kysely } from 'kysely';
import type { EbookMedia, EbookMediaListQuery, EbookMediaType } from '@contract/ebooks';
import { messages } from '@contract/messages';
import { escapeLike, foldText, searchTextOf } from '@contract/text';
import type { Clock } from '../../../clock';
import type { DB } from '../../../db/schema';
import { notFound } from '../../../errors';
import { newMediaRow, storeNewPhoto } from '../media/images';
import type { MediaStore } from '../media/store';
import type { MediaVariants } from '../media/tables';

interface Logger {
  warn(object: object, message: string): void;
}

interface LibraryRow {
  id: string;
  photo_name: string | null;
  variants: MediaVariants;
  width: number;
  height: number;
  created_at: Date;
  type: EbookMediaType;
  category: string;
}

export class EbookMediaLibrary {
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

  private toMedia(row: LibraryRow): EbookMedia {
    return {
      media_id: row.id,
      type: row.type,
      category: row.category,
      photo_name: row.photo_name,
      path: this.urlOf(row.variants.original.key),
      thumbnail: this.urlOf(row.variants.thumbnail.key),
      width: row.width,
      height: row.height,
      created_at: Math.floor(row.created_at.getTime() / 1000),
    };
  }

  private base() {
    return this.db
      .selectFrom('ebook_media as e')
      .innerJoin('media as m', 'm.id', 'e.media_id')
      .select([
        'm.id',
        'm.photo_name',
        'm.variants',
        'm.width',
        'm.height',
        'm.created_at',
        'e.type',
        'e.category',
      ])
      .where('m.kind', '=', 'ebook')
      .where('m.deleted_at', 'is', null);
  }

  /** Stores the picture and describes it; 400/413 for what is not a usable photo. */
  async upload(input: {
    ownerId: string;
    bytes: Buffer;
    photoName: string | null;
    type: EbookMediaType;
    category: string;
  }): Promise<EbookMedia> {
    const { id, variants, keys } = await storeNewPhoto(this.store, input.bytes);
    try {
      await this.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('media')
          .values(
            newMediaRow({
              id,
              kind: 'ebook',
              species_id: null,
              owner_id: input.ownerId,
              photo_name: input.photoName,
              variants,
              now: this.clock.now(),
            }),
          )
          .execute();
        await trx
          .insertInto('ebook_media')
          .values({
            media_id: id,
            type: input.type,
            category: input.category,
            search_text: searchTextOf([input.photoName ?? '', input.category]),
          })
          .execute();
      });
    } catch (error) {
      await this.store.delete(keys).catch((cleanup: unknown) => {
        this.log.warn({ err: cleanup, keys }, 'media files of a failed ebook upload could not be removed');
      });
      throw error;
    }
    return this.get(id);
  }

  /** One picture; 404 when unknown or not an ebook picture. */
  async get(id: string): Promise<EbookMedia> {
    const row = await this.base().where('m.id', '=', id.toLowerCase()).executeTakeFirst();
    if (!row) throw notFound(messages.ebookMediaNotFound);
    return this.toMedia(row);
  }

  /** The URL of a picture's thumbnail, or null when it is gone. */
  async thumbnailUrl(id: string): Promise<string | null> {
    const row = await this.base().where('m.id', '=', id).executeTakeFirst();
    return row ? this.urlOf(row.variants.thumbnail.key) : null;
  }

  /** A page of the library, newest first, and how many match in all. */
  async list(query: EbookMediaListQuery): Promise<{ media: EbookMedia[]; total: number }> {
    let filtered = this.base();
    if (query.filters_type !== undefined) filtered = filtered.where('e.type', '=', query.filters_type);
    if (query.filters_category !== undefined && query.filters_category.trim() !== '') {
      filtered = filtered.where(sql<boolean>`lower(e.category) = lower(${query.filters_category.trim()})`);
    }
    for (const word of foldText(query.filter_search ?? '')
      .split(' ')
      .filter(Boolean)) {
      filtered = filtered.where('e.search_text', 'like', `% ${escapeLike(word)}%`);
    }
    const [rows, count] = await Promise.all([
      filtered
        .orderBy('m.created_at', 'desc')
        .orderBy('m.id')
        .offset(query.skip)
        .limit(query.limit)
        .execute(),
      filtered
        .clearSelect()
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirst(),
    ]);
    return { media: rows.map((row) => this.toMedia(row)), total: count?.n ?? 0 };
  }
}
