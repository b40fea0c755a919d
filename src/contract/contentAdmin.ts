/**
 * Administration of content pages and help (SPEC §7 "Reference data": GET cms/pages, PUT/DELETE
 * cms/pages/{id}, PUT/DELETE help/{id}; §6: CMS and help are admin routes; the menu names
 * admin-cms:r and admin-help:r). PUT with a new id creates (SPEC has no POST for either), PUT with
 * a known id replaces. Bodies stay Markdown exactly as written: the one sanitiser is the renderer
 * (src/features/cms/Markdown.tsx), which drops raw HTML and unsafe URLs for every reader alike.
 * Pure: no Node, DOM or Dexie.
 */
import { Type, type Static } from 'typebox';
import { CONTENT_SLUG_MAX, CONTENT_SLUG_PATTERN } from './contentPaths';
import { ContentPageSchema, HelpTopicResponseSchema } from './content';
import { success } from './envelope';

/** Who may do what (SPEC §6: role admin, or the area's permission with the flag). */
export const CMS_READ = { role: 'admin', permission: 'admin-cms:r' } as const;
export const CMS_CREATE = { role: 'admin', permission: 'admin-cms:c' } as const;
export const CMS_UPDATE = { role: 'admin', permission: 'admin-cms:u' } as const;
export const CMS_DELETE = { role: 'admin', permission: 'admin-cms:d' } as const;
export const HELP_CREATE = { role: 'admin', permission: 'admin-help:c' } as const;
export const HELP_UPDATE = { role: 'admin', permission: 'admin-help:u' } as const;
export const HELP_DELETE = { role: 'admin', permission: 'admin-help:d' } as const;

/** Longest Markdown body a page or topic may hold (a long policy is about 30 000 characters). */
export const CONTENT_BODY_MAX = 200_000;

const slug = Type.String({ minLength: 1, maxLength: CONTENT_SLUG_MAX, pattern: CONTENT_SLUG_PATTERN });
const title = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' });
const markdown = Type.String({ maxLength: CONTENT_BODY_MAX, description: 'Markdown, stored as written' });

/** GET cms/pages: every live page without its body, by title. */
export const ContentPageListResponseSchema = success({
  pages: Type.Array(
    Type.Object({
      id: ContentPageSchema.properties.id,
      slug: ContentPageSchema.properties.slug,
      title: ContentPageSchema.properties.title,
      updated_at: ContentPageSchema.properties.updated_at,
    }),
  ),
});
export type ContentPageListResponse = Static<typeof ContentPageListResponseSchema>;

export const ContentPageWriteSchema = Type.Object(
  { slug, title, content: markdown },
  { additionalProperties: false },
);
export type ContentPageWrite = Static<typeof ContentPageWriteSchema>;

/** PUT cms/pages/{id}: the page as stored; `created` is true when the id was new. */
export const ContentPageWriteResponseSchema = success({
  page: ContentPageSchema,
  created: Type.Boolean(),
});
export type ContentPageWriteResponse = Static<typeof ContentPageWriteResponseSchema>;

export const HelpIdParamsSchema = Type.Object({
  id: Type.String({
    pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
    description: 'The id of the topic (a UUID; a new one creates the topic)',
  }),
});
export type HelpIdParams = Static<typeof HelpIdParamsSchema>;

export const HelpTopicWriteSchema = Type.Object(
  {
    slug,
    category: Type.String({
      minLength: 1,
      maxLength: CONTENT_SLUG_MAX,
      pattern: CONTENT_SLUG_PATTERN,
      description: 'Slug of its category',
    }),
    category_title: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        pattern: '\\S',
        description: 'Creates the category (or renames it) when given',
      }),
    ),
    title,
    content: markdown,
    sort: Type.Optional(Type.Integer({ minimum: -100_000, maximum: 100_000, default: 0 })),
  },
  { additionalProperties: false },
);
export type HelpTopicWrite = Static<typeof HelpTopicWriteSchema>;

/** PUT help/{id}: the topic as GET help/{topic} answers it, and whether the id was new. */
export const HelpTopicWriteResponseSchema = Type.Object({
  ...HelpTopicResponseSchema.properties,
  created: Type.Boolean(),
});
export type HelpTopicWriteResponse = Static<typeof HelpTopicWriteResponseSchema>;
