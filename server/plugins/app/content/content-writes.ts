/**
 * Administration writes of content pages and help topics (docs/api.md "Content pages and help").
 * PUT with a new id creates, with a known one replaces; DELETE sets `deleted_at` and keeps the row,
 * so a deleted id or slug is never reused and the start-up seed never brings it back. Markdown is
 * stored exactly as written: the renderer is the one sanitiser, for every reader alike.
 */
import type { Kysely } from 'kysely';
import type { ContentPageWrite, HelpTopicWrite } from '@contract/contentAdmin';
import type { ContentPage } from '@contract/content';
import { PRIVACY_SLUG, TERMS_SLUG } from '@contract/contentPaths';
import { messages } from '@contract/messages';
import type { DB } from '../../../db/schema';
import type { Clock } from '../../../clock';
import { badRequest, conflict, notFound } from '../../../errors';
import { toContentPage } from './content-repository';

/** Pages the Register dialog links to: they may change, never disappear. */
const REQUIRED_PAGES: readonly string[] = [TERMS_SLUG, PRIVACY_SLUG];

export class ContentWrites {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
  ) {}

  private now() {
    return new Date(this.clock.now());
  }

  /** Every live page without its body, by title (GET cms/pages). */
  async listPages(): Promise<Array<Omit<ContentPage, 'content'>>> {
    const rows = await this.db
      .selectFrom('content_pages')
      .selectAll()
      .where('deleted_at', 'is', null)
      .orderBy('title')
      .orderBy('slug')
      .execute();
    return rows.map((row) => {
      const { content: _content, ...page } = toContentPage(row);
      return page;
    });
  }

  /** Creates or replaces page `id`; a deleted id is 404, a slug another row holds is 409. */
  async putPage(id: string, input: ContentPageWrite): Promise<{ page: ContentPage; created: boolean }> {
    return this.db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom('content_pages')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      if (existing?.deleted_at) throw notFound(messages.contentPageNotFound);
      // Renaming the terms or the privacy policy away would break the Register dialog's links.
      if (existing && REQUIRED_PAGES.includes(existing.slug) && input.slug !== existing.slug) {
        throw conflict(messages.contentPageRequired);
      }
      const other = await trx
        .selectFrom('content_pages')
        .select('id')
        .where('slug', '=', input.slug)
        .where('id', '<>', id)
        .executeTakeFirst();
      if (other) throw conflict(messages.contentSlugTaken);
      const now = this.now();
      const row = existing
        ? await trx
            .updateTable('content_pages')
            .set({ slug: input.slug, title: input.title, body: input.content, updated_at: now })
            .where('id', '=', id)
            .returningAll()
            .executeTakeFirstOrThrow()
        : await trx
            .insertInto('content_pages')
            .values({
              id,
              slug: input.slug,
              title: input.title,
              body: input.content,
              created_at: now,
              updated_at: now,
            })
            .returningAll()
            .executeTakeFirstOrThrow();
      return { page: toContentPage(row), created: !existing };
    });
  }

  async pageExists(id: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('content_pages')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst();
    return row !== undefined;
  }

  async deletePage(id: string): Promise<void> {
    const row = await this.db
      .selectFrom('content_pages')
      .select(['slug', 'deleted_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row || row.deleted_at) throw notFound(messages.contentPageNotFound);
    if (REQUIRED_PAGES.includes(row.slug)) throw conflict(messages.contentPageRequired);
    const now = this.now();
    await this.db
      .updateTable('content_pages')
      .set({ deleted_at: now, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  async topicExists(id: string): Promise<boolean> {
    const row = await this.db.selectFrom('help_topics').select('id').where('id', '=', id).executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Creates or replaces topic `id` and returns its slug. The category must be live unless
   * `category_title` is given, which creates it (or renames it, or brings a deleted one back).
   */
  async putTopic(id: string, input: HelpTopicWrite): Promise<{ slug: string; created: boolean }> {
    return this.db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom('help_topics')
        .select(['id', 'deleted_at'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (existing?.deleted_at) throw notFound(messages.helpTopicNotFound);
      const other = await trx
        .selectFrom('help_topics')
        .select('id')
        .where('slug', '=', input.slug)
        .where('id', '<>', id)
        .executeTakeFirst();
      if (other) throw conflict(messages.helpSlugTaken);
      const now = this.now();
      const category = await trx
        .selectFrom('help_categories')
        .select(['slug', 'deleted_at'])
        .where('slug', '=', input.category)
        .executeTakeFirst();
      if (input.category_title !== undefined) {
        if (category) {
          await trx
            .updateTable('help_categories')
            .set({ title: input.category_title, deleted_at: null, updated_at: now })
            .where('slug', '=', input.category)
            .execute();
        } else {
          await trx
            .insertInto('help_categories')
            .values({ slug: input.category, title: input.category_title, created_at: now, updated_at: now })
            .execute();
        }
      } else if (!category || category.deleted_at) {
        throw badRequest(messages.helpCategoryUnknown);
      }
      const fields = {
        slug: input.slug,
        category: input.category,
        title: input.title,
        body: input.content,
        sort: input.sort ?? 0,
        updated_at: now,
      };
      if (existing) {
        await trx.updateTable('help_topics').set(fields).where('id', '=', id).execute();
      } else {
        await trx
          .insertInto('help_topics')
          .values({ id, ...fields, created_at: now })
          .execute();
      }
      return { slug: input.slug, created: !existing };
    });
  }

  async deleteTopic(id: string): Promise<void> {
    const now = this.now();
    const deleted = await this.db
      .updateTable('help_topics')
      .set({ deleted_at: now, updated_at: now })
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (Number(deleted.numUpdatedRows) === 0) throw notFound(messages.helpTopicNotFound);
  }
}
