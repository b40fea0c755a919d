/**
 * Content pages and help (SPEC §2 `/general-content-page/{slug}`, `/general-help[/{category}]`;
 * §3 "help topics, CMS pages (by id or slug)"; §7 "GET help (include_content)", "GET help/{topic}",
 * "GET cms/pages/{id}", "GET cms/pages/slug/{slug}"). Bodies are CommonMark Markdown: the client
 * renders them as React elements and drops raw HTML (src/features/cms/Markdown.tsx). Anyone may read
 * them, with a client token too.
 * Pure: no Node, DOM or Dexie.
 */
import { Type, type Static } from 'typebox';
import { CONTENT_SLUG_MAX, CONTENT_SLUG_PATTERN } from './contentPaths';
import { success } from './envelope';

export {
  CONTENT_SLUG_MAX,
  CONTENT_SLUG_PATTERN,
  isContentSlug,
  PRIVACY_SLUG,
  TERMS_SLUG,
} from './contentPaths';

const slug = (description: string) =>
  Type.String({ minLength: 1, maxLength: CONTENT_SLUG_MAX, pattern: CONTENT_SLUG_PATTERN, description });

const uuid = (description: string) =>
  Type.String({
    pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
    description,
  });

const updatedAt = Type.Integer({ minimum: 0, description: 'Last change, seconds since the epoch' });

// ---- Content pages ------------------------------------------------------------------------------

export const ContentPageSchema = Type.Object({
  id: Type.String({ description: 'The page (a UUID)' }),
  slug: Type.String({ description: "Its address: /general-content-page/{slug}, e.g. 'privacy-policy'" }),
  title: Type.String(),
  content: Type.String({ description: 'The page as Markdown' }),
  updated_at: updatedAt,
});
export type ContentPage = Static<typeof ContentPageSchema>;

export const ContentPageSlugParamsSchema = Type.Object({ slug: slug('The slug of the page') });
export type ContentPageSlugParams = Static<typeof ContentPageSlugParamsSchema>;

export const ContentPageIdParamsSchema = Type.Object({ id: uuid('The id of the page') });
export type ContentPageIdParams = Static<typeof ContentPageIdParamsSchema>;

export const ContentPageResponseSchema = success({ page: ContentPageSchema });
export type ContentPageResponse = Static<typeof ContentPageResponseSchema>;

// ---- Help ---------------------------------------------------------------------------------------

const helpTopicFields = {
  id: Type.String({ description: 'The topic (a UUID)' }),
  slug: Type.String({ description: 'Names the topic in GET help/{topic} and in the help page address' }),
  category: Type.String({ description: 'Slug of its category' }),
  title: Type.String(),
  sort: Type.Integer({ description: 'Order within the category' }),
  updated_at: updatedAt,
};

export const HelpTopicSchema = Type.Object({
  ...helpTopicFields,
  content: Type.Optional(
    Type.String({ description: 'The topic as Markdown (GET help: only with include_content=true)' }),
  ),
});
export type HelpTopic = Static<typeof HelpTopicSchema>;

export const HelpCategorySchema = Type.Object({
  slug: Type.String({ description: 'Its address: /general-help/{slug}' }),
  title: Type.String(),
  topics: Type.Array(HelpTopicSchema, { description: 'In their order' }),
});
export type HelpCategory = Static<typeof HelpCategorySchema>;

export const HelpQuerySchema = Type.Object({
  include_content: Type.Boolean({
    default: false,
    description: 'Answer every topic with its Markdown (one call fills the help pages for offline use)',
  }),
});
export type HelpQuery = Static<typeof HelpQuerySchema>;

/** GET help: the categories in their order, each with its topics; empty categories are left out. */
export const HelpResponseSchema = success({ categories: Type.Array(HelpCategorySchema) });
export type HelpResponse = Static<typeof HelpResponseSchema>;

export const HelpTopicParamsSchema = Type.Object({
  topic: slug('The slug of the topic, or its id'),
});
export type HelpTopicParams = Static<typeof HelpTopicParamsSchema>;

/** GET help/{topic}: the topic with its Markdown, and the category it belongs to. */
export const HelpTopicResponseSchema = success({
  topic: Type.Object({ ...helpTopicFields, content: Type.String({ description: 'The topic as Markdown' }) }),
  category: Type.Object({ slug: Type.String(), title: Type.String() }),
});
export type HelpTopicResponse = Static<typeof HelpTopicResponseSchema>;
