/**
 * Reads of content pages and help topics (008_content_pages.sql) and the mapping from rows to the
 * contract's shapes. Deleted rows (`deleted_at`) are never answered: to a reader they do not exist.
 * Seeding writes the tables (server/db/content/seed.ts); administration writes are in content-writes.ts.
 */
import type { Kysely, Selectable } from 'kysely';
import type { ContentPage, HelpCategory, HelpTopic } from '@contract/content';
import type { DB } from '../../../db/schema';
import type { ContentPagesTable, HelpTopicsTable } from './tables';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export function toContentPage(row: Selectable<ContentPagesTable>): ContentPage {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    content: row.body,
    updated_at: seconds(row.updated_at),
  };
}

type TopicRow = Omit<Selectable<HelpTopicsTable>, 'body'> & { body?: string };

export function toHelpTopic(row: TopicRow): HelpTopic {
  return {
    id: row.id,
    slug: row.slug,
    category: row.category,
    title: row.title,
    sort: row.sort,
    updated_at: seconds(row.updated_at),
    ...(row.body !== undefined ? { content: row.body } : {}),
  };
}

export class ContentRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async pageBySlug(slug: string): Promise<ContentPage | undefined> {
    const row = await this.db
      .selectFrom('content_pages')
      .selectAll()
      .where('slug', '=', slug)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return row && toContentPage(row);
  }

  async pageById(id: string): Promise<ContentPage | undefined> {
    if (!UUID.test(id)) return undefined;
    const row = await this.db
      .selectFrom('content_pages')
      .selectAll()
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return row && toContentPage(row);
  }

  /**
   * Every live category that has a live topic, in order (`sort`, then title), each with its live
   * topics in order (`sort`, then title); with `includeContent`, each topic's Markdown too.
   */
  async help(includeContent: boolean): Promise<HelpCategory[]> {
    const categories = await this.db
      .selectFrom('help_categories')
      .select(['slug', 'title'])
      .where('deleted_at', 'is', null)
      .orderBy('sort')
      .orderBy('title')
      .execute();
    let query = this.db
      .selectFrom('help_topics')
      .select(['id', 'slug', 'category', 'title', 'sort', 'created_at', 'updated_at', 'deleted_at'])
      .where('deleted_at', 'is', null)
      .orderBy('sort')
      .orderBy('title');
    if (includeContent) query = query.select('body');
    const topics = (await query.execute()) as TopicRow[];
    const byCategory = new Map<string, HelpTopic[]>();
    for (const row of topics) {
      const list = byCategory.get(row.category) ?? [];
      list.push(toHelpTopic(row));
      byCategory.set(row.category, list);
    }
    return categories
      .map((category) => ({
        slug: category.slug,
        title: category.title,
        topics: byCategory.get(category.slug) ?? [],
      }))
      .filter((category) => category.topics.length > 0);
  }

  /**
   * One live topic of a live category by its slug, else by its id; with its category's slug and
   * title. A slug wins over an id that happens to read the same (a slug may look like a UUID).
   */
  async topic(
    slugOrId: string,
  ): Promise<
    { topic: HelpTopic & { content: string }; category: { slug: string; title: string } } | undefined
  > {
    const base = this.db
      .selectFrom('help_topics as t')
      .innerJoin('help_categories as c', 'c.slug', 't.category')
      .selectAll('t')
      .select('c.title as category_title')
      .where('t.deleted_at', 'is', null)
      .where('c.deleted_at', 'is', null);
    const row =
      (await base.where('t.slug', '=', slugOrId).executeTakeFirst()) ??
      (UUID.test(slugOrId) ? await base.where('t.id', '=', slugOrId).executeTakeFirst() : undefined);
    if (!row) return undefined;
    return {
      topic: { ...toHelpTopic(row), content: row.body },
      category: { slug: row.category, title: row.category_title },
    };
  }
}
