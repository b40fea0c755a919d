/**
 * Content pages and help tables (008_content_pages.sql), merged into the app's `DB` type
 * (db/schema.ts).
 * Keep in step with the SQL by hand: a column added there is added here in the same commit.
 */
import type { Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from '../../../db/schema';

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

declare module '../../../db/schema' {
  interface DB {
    content_pages: ContentPagesTable;
    help_categories: HelpCategoriesTable;
    help_topics: HelpTopicsTable;
  }
}
