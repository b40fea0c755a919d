/**
 * Ebook tables (202611291016_ebooks.sql), merged into the app's `DB` type.
 * Keep in step with the SQL by hand: a column added there is added here in the same commit.
 */
import type { ColumnType, Selectable } from 'kysely';
import type { ChapterStatus, EbookMediaType, TocEntry } from '@contract/ebooks';
import type { Timestamp } from '../../../db/schema';

export interface EbooksTable {
  id: string;
  name: string;
  type: string;
  photo_category: string;
  page_size: string;
  page_orientation: string;
  /** jsonb: written as JSON text. */
  toc: ColumnType<TocEntry[], string | undefined, string>;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface EbookChaptersTable {
  ebook_id: string;
  chapter: number;
  title: ColumnType<string, string | undefined, string>;
  status: ColumnType<ChapterStatus, ChapterStatus | undefined, ChapterStatus>;
  content: ColumnType<string, string | undefined, string>;
  updated_at: Timestamp;
}

export interface EbookChapterSpeciesTable {
  ebook_id: string;
  chapter: number;
  species_id: string;
  position: number;
  content_species: ColumnType<string, string | undefined, string>;
}

export interface EbookMediaTable {
  media_id: string;
  type: EbookMediaType;
  category: ColumnType<string, string | undefined, string>;
  search_text: ColumnType<string, string | undefined, string>;
}

export interface EbookPageTemplatesTable {
  id: string;
  name: string;
  template: string;
  thumbnail: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

declare module '../../../db/schema' {
  interface DB {
    ebooks: EbooksTable;
    ebook_chapters: EbookChaptersTable;
    ebook_chapter_species: EbookChapterSpeciesTable;
    ebook_media: EbookMediaTable;
    ebook_page_templates: EbookPageTemplatesTable;
  }
}

export type EbookRow = Selectable<EbooksTable>;
export type EbookChapterRow = Selectable<EbookChaptersTable>;
export type EbookPageTemplateRow = Selectable<EbookPageTemplatesTable>;
