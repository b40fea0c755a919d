/**
 * Ebooks, their chapters and the species of each chapter (docs/api.md "Ebooks"), and the page
 * templates. Every write of a chapter or its species moves the ebook's `updated_at` in the same
 * transaction, so the listing shows which book changed last.
 * - Names are unique ignoring case (a unique index; a race loses with 409 too).
 * - Chapter species reference `species` rows by id; an unknown or tombstoned id is refused (400
 *   naming it) before anything is written.
 * - A clone copies the description, the table of contents, every chapter (back to Draft: the copy is
 *   a new, unpublished book) and every chapter's species with their text.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import {
  CHAPTER_MAX,
  DEFAULT_CHAPTER_STATUS,
  type Chapter,
  type ChapterCreate,
  type ChapterSpecies,
  type ChapterSpeciesWrite,
  type ChapterStatus,
  type ChapterSummary,
  type ChapterUpdate,
  type Ebook,
  type EbookPageOrientation,
  type EbookPageSize,
  type EbookSummary,
  type EbookType,
  type EbookWrite,
  type PageTemplate,
  type PageTemplateWrite,
  type TocEntry,
} from '@contract/ebooks';
import { formatMessage, messages } from '@contract/messages';
import type { Clock } from '../../../clock';
import type { DB } from '../../../db/schema';
import { badRequest, conflict, notFound } from '../../../errors';
import type { EbookChapterRow, EbookPageTemplateRow, EbookRow } from './tables';

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** An ebook as the PDF prints it. */
export interface PrintableEbook {
  ebook: Ebook;
  chapters: Array<Chapter & { species: ChapterSpecies[] }>;
}

type Db = Kysely<DB> | Transaction<DB>;

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === '23505';
}

function toSummary(row: EbookRow, chapterCount: number): EbookSummary {
  return {
    id: row.id,
    name: row.name,
    type: row.type as EbookType,
    photo_category: row.photo_category,
    page_size: row.page_size as EbookPageSize,
    page_orientation: row.page_orientation as EbookPageOrientation,
    chapter_count: chapterCount,
    created_at: seconds(row.created_at),
    updated_at: seconds(row.updated_at),
  };
}

function toChapter(row: EbookChapterRow, speciesCount: number): Chapter {
  return {
    ebook_id: row.ebook_id,
    chapter: row.chapter,
    title: row.title,
    status: row.status,
    content: row.content,
    species_count: speciesCount,
    updated_at: seconds(row.updated_at),
  };
}

export class EbooksRepository {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    /** The URL of a picture's thumbnail file, by media id (the media store's public base). */
    private readonly thumbnailUrl: (mediaId: string) => Promise<string | null>,
  ) {}

  private now(): Date {
    return new Date(this.clock.now());
  }

  // ---- Ebooks ----------------------------------------------------------------------------------

  /** Every ebook, by name. */
  async list(): Promise<EbookSummary[]> {
    const rows = await this.db
      .selectFrom('ebooks as e')
      .selectAll('e')
      .select((eb) =>
        eb
          .selectFrom('ebook_chapters as c')
          .whereRef('c.ebook_id', '=', 'e.id')
          .select(sql<number>`count(*)::int`.as('n'))
          .as('chapter_count'),
      )
      .orderBy(sql`lower(e.name)`)
      .orderBy('e.id')
      .execute();
    return rows.map((row) => toSummary(row, row.chapter_count ?? 0));
  }

  private async row(db: Db, id: string, lock = false): Promise<EbookRow> {
    let query = db.selectFrom('ebooks').selectAll().where('id', '=', id.toLowerCase());
    if (lock) query = query.forUpdate();
    const row = await query.executeTakeFirst();
    if (!row) throw notFound(messages.ebookNotFound);
    return row;
  }

  private async chapterSummaries(db: Db, ebookId: string): Promise<ChapterSummary[]> {
    const rows = await db
      .selectFrom('ebook_chapters as c')
      .select(['c.chapter', 'c.title', 'c.status', 'c.updated_at'])
      .select((eb) =>
        eb
          .selectFrom('ebook_chapter_species as s')
          .whereRef('s.ebook_id', '=', 'c.ebook_id')
          .whereRef('s.chapter', '=', 'c.chapter')
          .select(sql<number>`count(*)::int`.as('n'))
          .as('species_count'),
      )
      .where('c.ebook_id', '=', ebookId)
      .orderBy('c.chapter')
      .execute();
    return rows.map((row) => ({
      chapter: row.chapter,
      title: row.title,
      status: row.status,
      species_count: row.species_count ?? 0,
      updated_at: seconds(row.updated_at),
    }));
  }

  /** The ebook with its table of contents and chapters; 404 when unknown. */
  async get(id: string, db: Db = this.db): Promise<Ebook> {
    const row = await this.row(db, id);
    const chapters = await this.chapterSummaries(db, row.id);
    return { ...toSummary(row, chapters.length), toc: row.toc, chapters };
  }

  private async refuseTakenName(db: Db, name: string, except: string | null): Promise<void> {
    let query = db
      .selectFrom('ebooks')
      .select('id')
      .where(sql<boolean>`lower(name) = lower(${name})`);
    if (except !== null) query = query.where('id', '<>', except);
    if (await query.executeTakeFirst()) throw conflict(formatMessage(messages.ebookNameTaken, { name }));
  }

  /** Runs a write; a unique-name race answers 409 like the check before it. */
  private async writing<T>(name: string, write: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
    try {
      return await this.db.transaction().execute(write);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(formatMessage(messages.ebookNameTaken, { name }));
      throw error;
    }
  }

  async create(input: EbookWrite, createdBy: string): Promise<Ebook> {
    const name = input.name.trim();
    return this.writing(name, async (trx) => {
      await this.refuseTakenName(trx, name, null);
      const now = this.now();
      const id = randomUUID();
      await trx
        .insertInto('ebooks')
        .values({
          id,
          name,
          type: input.type,
          photo_category: input.photo_category.trim(),
          page_size: input.page_size,
          page_orientation: input.page_orientation,
          created_by: createdBy,
          created_at: now,
          updated_at: now,
        })
        .execute();
      return this.get(id, trx);
    });
  }

  async update(id: string, input: EbookWrite): Promise<Ebook> {
    const name = input.name.trim();
    return this.writing(name, async (trx) => {
      const row = await this.row(trx, id, true);
      await this.refuseTakenName(trx, name, row.id);
      await trx
        .updateTable('ebooks')
        .set({
          name,
          type: input.type,
          photo_category: input.photo_category.trim(),
          page_size: input.page_size,
          page_orientation: input.page_orientation,
          updated_at: this.now(),
        })
        .where('id', '=', row.id)
        .execute();
      return this.get(row.id, trx);
    });
  }

  /** Replaces the table of contents; every chapter it names must exist (400 naming the first that does not). */
  async setToc(id: string, toc: TocEntry[]): Promise<Ebook> {
    return this.db.transaction().execute(async (trx) => {
      const row = await this.row(trx, id, true);
      const existing = new Set(
        (
          await trx.selectFrom('ebook_chapters').select('chapter').where('ebook_id', '=', row.id).execute()
        ).map((chapter) => chapter.chapter),
      );
      const unknown = toc.find((entry) => entry.chapter !== null && !existing.has(entry.chapter));
      if (unknown)
        throw badRequest(formatMessage(messages.ebookTocChapterUnknown, { chapter: unknown.chapter ?? '' }));
      const cleaned = toc.map((entry) => ({ ...entry, title: entry.title.trim() }));
      await trx
        .updateTable('ebooks')
        .set({ toc: JSON.stringify(cleaned), updated_at: this.now() })
        .where('id', '=', row.id)
        .execute();
      return this.get(row.id, trx);
    });
  }

  /** A copy under a new name: description, contents, chapters (as Draft) and their species. */
  async clone(id: string, newName: string, createdBy: string): Promise<Ebook> {
    const name = newName.trim();
    return this.writing(name, async (trx) => {
      const source = await this.row(trx, id);
      await this.refuseTakenName(trx, name, null);
      const now = this.now();
      const copyId = randomUUID();
      await trx
        .insertInto('ebooks')
        .values({
          id: copyId,
          name,
          type: source.type,
          photo_category: source.photo_category,
          page_size: source.page_size,
          page_orientation: source.page_orientation,
          toc: JSON.stringify(source.toc),
          created_by: createdBy,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await sql`INSERT INTO ebook_chapters (ebook_id, chapter, title, status, content, updated_at)
        SELECT ${copyId}::uuid, chapter, title, ${DEFAULT_CHAPTER_STATUS}, content, ${now}::timestamptz
        FROM ebook_chapters WHERE ebook_id = ${source.id}`.execute(trx);
      await sql`INSERT INTO ebook_chapter_species (ebook_id, chapter, species_id, position, content_species)
        SELECT ${copyId}::uuid, chapter, species_id, position, content_species
        FROM ebook_chapter_species WHERE ebook_id = ${source.id}`.execute(trx);
      return this.get(copyId, trx);
    });
  }

  // ---- Chapters --------------------------------------------------------------------------------

  private async touch(trx: Transaction<DB>, ebookId: string, now: Date): Promise<void> {
    await trx.updateTable('ebooks').set({ updated_at: now }).where('id', '=', ebookId).execute();
  }

  private async chapterRow(db: Db, ebookId: string, chapter: number, lock = false): Promise<EbookChapterRow> {
    let query = db
      .selectFrom('ebook_chapters')
      .selectAll()
      .where('ebook_id', '=', ebookId)
      .where('chapter', '=', chapter);
    if (lock) query = query.forUpdate();
    const row = await query.executeTakeFirst();
    if (!row) throw notFound(formatMessage(messages.ebookChapterNotFound, { chapter }));
    return row;
  }

  private async speciesCount(db: Db, ebookId: string, chapter: number): Promise<number> {
    const row = await db
      .selectFrom('ebook_chapter_species')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('ebook_id', '=', ebookId)
      .where('chapter', '=', chapter)
      .executeTakeFirst();
    return row?.n ?? 0;
  }

  /** The chapter with its content; 404 for an unknown ebook or chapter. */
  async chapter(id: string, chapter: number, db: Db = this.db): Promise<Chapter> {
    const book = await this.row(db, id);
    const row = await this.chapterRow(db, book.id, chapter);
    return toChapter(row, await this.speciesCount(db, book.id, chapter));
  }

  /** A new chapter (default status Draft, number one after the highest); 409 when the number is taken. */
  async addChapter(id: string, input: ChapterCreate): Promise<Chapter> {
    return this.db.transaction().execute(async (trx) => {
      const book = await this.row(trx, id, true);
      const highest = await trx
        .selectFrom('ebook_chapters')
        .select(sql<number | null>`max(chapter)`.as('n'))
        .where('ebook_id', '=', book.id)
        .executeTakeFirst();
      const number = input.chapter ?? (highest?.n ?? 0) + 1;
      if (number > CHAPTER_MAX)
        throw badRequest(formatMessage(messages.ebookChaptersFull, { max: CHAPTER_MAX }));
      const taken = await trx
        .selectFrom('ebook_chapters')
        .select('chapter')
        .where('ebook_id', '=', book.id)
        .where('chapter', '=', number)
        .executeTakeFirst();
      if (taken) throw conflict(formatMessage(messages.ebookChapterExists, { chapter: number }));
      const now = this.now();
      const row = await trx
        .insertInto('ebook_chapters')
        .values({
          ebook_id: book.id,
          chapter: number,
          title: input.title?.trim() ?? '',
          status: input.status ?? DEFAULT_CHAPTER_STATUS,
          content: input.content ?? '',
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await this.touch(trx, book.id, now);
      return toChapter(row, 0);
    });
  }

  /** Changes the fields given (title, content, status); 404 for an unknown ebook or chapter. */
  async updateChapter(id: string, chapter: number, input: ChapterUpdate): Promise<Chapter> {
    return this.db.transaction().execute(async (trx) => {
      const book = await this.row(trx, id, true);
      await this.chapterRow(trx, book.id, chapter, true);
      const now = this.now();
      const row = await trx
        .updateTable('ebook_chapters')
        .set({
          ...(input.title === undefined ? {} : { title: input.title.trim() }),
          ...(input.content === undefined ? {} : { content: input.content }),
          ...(input.status === undefined ? {} : { status: input.status }),
          updated_at: now,
        })
        .where('ebook_id', '=', book.id)
        .where('chapter', '=', chapter)
        .returningAll()
        .executeTakeFirstOrThrow();
      await this.touch(trx, book.id, now);
      return toChapter(row, await this.speciesCount(trx, book.id, chapter));
    });
  }

  async setChapterStatus(id: string, chapter: number, status: ChapterStatus): Promise<Chapter> {
    return this.updateChapter(id, chapter, { status });
  }

  // ---- Species of a chapter --------------------------------------------------------------------

  /** The chapter's species in order, with their names and text; 404 for an unknown ebook or chapter. */
  async chapterSpecies(id: string, chapter: number, db: Db = this.db): Promise<ChapterSpecies[]> {
    const book = await this.row(db, id);
    await this.chapterRow(db, book.id, chapter);
    const rows = await db
      .selectFrom('ebook_chapter_species as c')
      .innerJoin('species as s', 's.id', 'c.species_id')
      .select(['c.species_id', 'c.position', 'c.content_species', 's.name', 's.scientific_name'])
      .where('c.ebook_id', '=', book.id)
      .where('c.chapter', '=', chapter)
      .orderBy('c.position')
      .execute();
    return rows.map((row) => ({
      species_id: row.species_id,
      position: row.position,
      name: row.name,
      scientific_name: row.scientific_name,
      content_species: row.content_species,
    }));
  }

  /**
   * Replaces the chapter's species with `species`, in that order. A species that stays keeps its
   * text unless `content_species` gives a new one. 400 for an unknown species or a text for a
   * species not in the list; 404 for an unknown ebook or chapter.
   */
  async setChapterSpecies(
    id: string,
    chapter: number,
    input: ChapterSpeciesWrite,
  ): Promise<ChapterSpecies[]> {
    if (input.chapter !== undefined && input.chapter !== chapter) {
      throw badRequest(formatMessage(messages.ebookChapterMismatch, { chapter }));
    }
    const texts = input.content_species ?? {};
    const listed = new Set(input.species);
    const unlisted = Object.keys(texts).find((speciesId) => !listed.has(speciesId));
    if (unlisted !== undefined)
      throw badRequest(formatMessage(messages.ebookContentSpeciesUnlisted, { id: unlisted }));
    return this.db.transaction().execute(async (trx) => {
      const book = await this.row(trx, id, true);
      await this.chapterRow(trx, book.id, chapter, true);
      if (input.species.length > 0) {
        const known = new Set(
          (
            await trx
              .selectFrom('species')
              .select('id')
              .where('id', 'in', input.species)
              .where('deleted', '=', false)
              .execute()
          ).map((row) => row.id),
        );
        const unknown = input.species.find((speciesId) => !known.has(speciesId));
        if (unknown !== undefined)
          throw badRequest(formatMessage(messages.ebookSpeciesUnknown, { id: unknown }));
      }
      const previous = new Map(
        (
          await trx
            .selectFrom('ebook_chapter_species')
            .select(['species_id', 'content_species'])
            .where('ebook_id', '=', book.id)
            .where('chapter', '=', chapter)
            .execute()
        ).map((row) => [row.species_id, row.content_species]),
      );
      await trx
        .deleteFrom('ebook_chapter_species')
        .where('ebook_id', '=', book.id)
        .where('chapter', '=', chapter)
        .execute();
      if (input.species.length > 0) {
        await trx
          .insertInto('ebook_chapter_species')
          .values(
            input.species.map((speciesId, index) => ({
              ebook_id: book.id,
              chapter,
              species_id: speciesId,
              position: index + 1,
              content_species: texts[speciesId] ?? previous.get(speciesId) ?? '',
            })),
          )
          .execute();
      }
      const now = this.now();
      await trx
        .updateTable('ebook_chapters')
        .set({ updated_at: now })
        .where('ebook_id', '=', book.id)
        .where('chapter', '=', chapter)
        .execute();
      await this.touch(trx, book.id, now);
      return this.chapterSpecies(book.id, chapter, trx);
    });
  }

  // ---- Export ----------------------------------------------------------------------------------

  /**
   * What the PDF prints: the ebook and its Published chapters by number (or the one chapter asked
   * for, whatever its status), each with its species in order. 404 for an unknown ebook or chapter.
   */
  async printable(id: string, onlyChapter?: number): Promise<PrintableEbook> {
    const ebook = await this.get(id);
    const wanted =
      onlyChapter === undefined
        ? ebook.chapters.filter((chapter) => chapter.status === 'Published').map((chapter) => chapter.chapter)
        : [(await this.chapterRow(this.db, ebook.id, onlyChapter)).chapter];
    const chapters: PrintableEbook['chapters'] = [];
    for (const number of wanted) {
      chapters.push({
        ...(await this.chapter(ebook.id, number)),
        species: await this.chapterSpecies(ebook.id, number),
      });
    }
    return { ebook, chapters };
  }

  // ---- Page templates --------------------------------------------------------------------------

  private async toTemplate(row: EbookPageTemplateRow): Promise<PageTemplate> {
    return {
      id: row.id,
      name: row.name,
      template: row.template,
      thumbnail: row.thumbnail,
      thumbnail_url: row.thumbnail === null ? null : await this.thumbnailUrl(row.thumbnail),
      created_at: seconds(row.created_at),
      updated_at: seconds(row.updated_at),
    };
  }

  async templates(): Promise<Omit<PageTemplate, 'template'>[]> {
    const rows = await this.db
      .selectFrom('ebook_page_templates')
      .selectAll()
      .orderBy(sql`lower(name)`)
      .orderBy('id')
      .execute();
    return Promise.all(
      rows.map(async (row) => {
        const { template: _template, ...rest } = await this.toTemplate(row);
        return rest;
      }),
    );
  }

  async template(id: string): Promise<PageTemplate> {
    const row = await this.db
      .selectFrom('ebook_page_templates')
      .selectAll()
      .where('id', '=', id.toLowerCase())
      .executeTakeFirst();
    if (!row) throw notFound(messages.ebookTemplateNotFound);
    return this.toTemplate(row);
  }

  private async refuseUnknownThumbnail(db: Db, thumbnail: string | null): Promise<string | null> {
    if (thumbnail === null) return null;
    const id = thumbnail.toLowerCase();
    const found = await db
      .selectFrom('ebook_media as e')
      .innerJoin('media as m', 'm.id', 'e.media_id')
      .select('e.media_id')
      .where('e.media_id', '=', id)
      .where('m.deleted_at', 'is', null)
      .executeTakeFirst();
    if (!found) throw badRequest(messages.ebookThumbnailUnknown);
    return id;
  }

  async createTemplate(input: PageTemplateWrite): Promise<PageTemplate> {
    const thumbnail = await this.refuseUnknownThumbnail(this.db, input.thumbnail);
    const now = this.now();
    const row = await this.db
      .insertInto('ebook_page_templates')
      .values({
        id: randomUUID(),
        name: input.name.trim(),
        template: input.template,
        thumbnail,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return this.toTemplate(row);
  }

  async updateTemplate(id: string, input: PageTemplateWrite): Promise<PageTemplate> {
    const thumbnail = await this.refuseUnknownThumbnail(this.db, input.thumbnail);
    const row = await this.db
      .updateTable('ebook_page_templates')
      .set({ name: input.name.trim(), template: input.template, thumbnail, updated_at: this.now() })
      .where('id', '=', id.toLowerCase())
      .returningAll()
      .executeTakeFirst();
    if (!row) throw notFound(messages.ebookTemplateNotFound);
    return this.toTemplate(row);
  }
}
