/**
 * Ebooks (SPEC §3 "Ebook", "Ebook page template"; §6 "ebook listing/details/chapter/media need role
 * admin"; §7 "Ebooks"; docs/api.md "Ebooks"). Administrators author illustrated field-guide ebooks:
 * an ebook has numbered chapters, each with a status (Draft → Review → Published), Markdown content
 * and an ordered list of species, each with its own text (`content_species`). Pages are laid out
 * from page templates; pictures come from the ebook media library. Every call needs the role admin
 * (superadmin passes too). Pure: no Node, DOM or Dexie.
 *
 * Text fields are stored exactly as written (Markdown source, like CMS pages): whoever renders them
 * sanitises, as the CMS renderer does. U+0000 and lone surrogates are refused for every route at
 * the boundary (server/plugins/app/envelope/unsafe-input.ts, src/contract/safeText.ts).
 */
import { Type, type Static } from 'typebox';
import { success } from './envelope';
import type { AccessRule } from './permissions';
import { SKIP_MAX } from './paging';

/** SPEC §6: every ebook call and page is the role admin's (superadmin always passes). */
export const EBOOKS_ADMIN: AccessRule = { role: 'admin' };

/** What kind of book it is. */
export const EBOOK_TYPES = ['field_guide', 'checklist', 'photo_guide'] as const;
export type EbookType = (typeof EBOOK_TYPES)[number];

export const EBOOK_PAGE_SIZES = ['A4', 'A5', 'A6', 'Letter'] as const;
export type EbookPageSize = (typeof EBOOK_PAGE_SIZES)[number];

export const EBOOK_PAGE_ORIENTATIONS = ['portrait', 'landscape'] as const;
export type EbookPageOrientation = (typeof EBOOK_PAGE_ORIENTATIONS)[number];

/**
 * A chapter's status (SPEC §3: default Draft). Draft: being written; Review: ready for another
 * admin to read; Published: goes into the exported book. Any status may follow any other (a
 * published chapter goes back to Draft to be corrected); the export leaves out chapters that are
 * not Published unless asked for one chapter by number.
 */
export const CHAPTER_STATUSES = ['Draft', 'Review', 'Published'] as const;
export type ChapterStatus = (typeof CHAPTER_STATUSES)[number];
export const DEFAULT_CHAPTER_STATUS: ChapterStatus = 'Draft';

/** What a picture in the ebook media library is for. */
export const EBOOK_MEDIA_TYPES = ['photo', 'illustration', 'map', 'cover', 'background'] as const;
export type EbookMediaType = (typeof EBOOK_MEDIA_TYPES)[number];

export const EBOOK_NAME_MAX = 200;
export const CHAPTER_MAX = 999;
export const CHAPTER_TITLE_MAX = 200;
export const CHAPTER_CONTENT_MAX = 200_000;
export const CONTENT_SPECIES_MAX = 20_000;
export const CHAPTER_SPECIES_MAX = 500;
export const TOC_ENTRIES_MAX = 500;
export const TEMPLATE_NAME_MAX = 120;
export const TEMPLATE_MAX = 100_000;
export const EBOOK_MEDIA_LIST_MAX = 200;

const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
const uuid = (description: string) => Type.String({ pattern: UUID_PATTERN, description });
/** Text with something in it other than white space. */
const name = (maxLength: number, description: string) =>
  Type.String({ minLength: 1, maxLength, pattern: '\\S', description });
const chapterNumber = (description: string) =>
  Type.Integer({ minimum: 1, maximum: CHAPTER_MAX, description });
const seconds = (description: string) => Type.Integer({ description: `${description} (seconds)` });

// ---- Params ------------------------------------------------------------------------------------

export const EbookIdParamsSchema = Type.Object({ id: uuid('The ebook') });
export type EbookIdParams = Static<typeof EbookIdParamsSchema>;

export const EbookChapterParamsSchema = Type.Object({
  id: uuid('The ebook'),
  chapter: chapterNumber('The chapter number'),
});
export type EbookChapterParams = Static<typeof EbookChapterParamsSchema>;

export const PageTemplateIdParamsSchema = Type.Object({ id: uuid('The page template') });
export const EbookMediaIdParamsSchema = Type.Object({ id: uuid('The picture (its media id)') });

// ---- Ebooks ------------------------------------------------------------------------------------

const ebookFields = {
  name: name(EBOOK_NAME_MAX, 'Unique among ebooks, ignoring case'),
  type: Type.Enum(EBOOK_TYPES),
  photo_category: Type.String({
    maxLength: 64,
    description: 'The ebook media category its pictures come from (filters_category); empty: any',
  }),
  page_size: Type.Enum(EBOOK_PAGE_SIZES),
  page_orientation: Type.Enum(EBOOK_PAGE_ORIENTATIONS),
};

/** POST ebooks and PUT ebooks/{id}: the whole description (a PUT replaces it). */
export const EbookWriteSchema = Type.Object(ebookFields, { additionalProperties: false });
export type EbookWrite = Static<typeof EbookWriteSchema>;

/** One line of the table of contents: a heading, and the chapter it leads to (if any). */
export const TocEntrySchema = Type.Object(
  {
    title: name(CHAPTER_TITLE_MAX, 'The heading as printed'),
    chapter: Type.Union([chapterNumber('An existing chapter of this ebook'), Type.Null()]),
    level: Type.Integer({ minimum: 1, maximum: 3, description: '1: a part, 2: a chapter, 3: a section' }),
  },
  { additionalProperties: false },
);
export type TocEntry = Static<typeof TocEntrySchema>;

export const TocSchema = Type.Array(TocEntrySchema, { maxItems: TOC_ENTRIES_MAX });

export const EbookTocWriteSchema = Type.Object({ toc: TocSchema }, { additionalProperties: false });
export type EbookTocWrite = Static<typeof EbookTocWriteSchema>;

export const ChapterSummarySchema = Type.Object({
  chapter: Type.Integer(),
  title: Type.String(),
  status: Type.Enum(CHAPTER_STATUSES),
  species_count: Type.Integer(),
  updated_at: seconds('Last change'),
});
export type ChapterSummary = Static<typeof ChapterSummarySchema>;

export const EbookSummarySchema = Type.Object({
  id: Type.String(),
  ...ebookFields,
  chapter_count: Type.Integer(),
  created_at: seconds('Created'),
  updated_at: seconds('Last change of the ebook, its chapters or species'),
});
export type EbookSummary = Static<typeof EbookSummarySchema>;

export const EbookSchema = Type.Object({
  ...EbookSummarySchema.properties,
  toc: TocSchema,
  chapters: Type.Array(ChapterSummarySchema, { description: 'By number' }),
});
export type Ebook = Static<typeof EbookSchema>;

export const EbookListResponseSchema = success({ ebooks: Type.Array(EbookSummarySchema) });
export type EbookListResponse = Static<typeof EbookListResponseSchema>;

export const EbookResponseSchema = success({ ebook: EbookSchema });
export type EbookResponse = Static<typeof EbookResponseSchema>;

export const EbookCloneSchema = Type.Object(
  { ebook_name: name(EBOOK_NAME_MAX, 'The name of the copy (unique, ignoring case)') },
  { additionalProperties: false },
);
export type EbookClone = Static<typeof EbookCloneSchema>;

// ---- Chapters ----------------------------------------------------------------------------------

const chapterText = {
  title: Type.String({ maxLength: CHAPTER_TITLE_MAX }),
  content: Type.String({ maxLength: CHAPTER_CONTENT_MAX, description: 'Markdown, stored as written' }),
};

/** POST ebooks/{id}/chapter: a new chapter; without `chapter`, the one after the last. */
export const ChapterCreateSchema = Type.Object(
  {
    chapter: Type.Optional(chapterNumber('Its number; default: one more than the highest')),
    status: Type.Optional(Type.Enum(CHAPTER_STATUSES, { description: `Default ${DEFAULT_CHAPTER_STATUS}` })),
    title: Type.Optional(chapterText.title),
    content: Type.Optional(chapterText.content),
  },
  { additionalProperties: false },
);
export type ChapterCreate = Static<typeof ChapterCreateSchema>;

/** PUT ebooks/{id}/chapter/{chapter}: the fields given change, the others stay. */
export const ChapterUpdateSchema = Type.Object(
  {
    title: Type.Optional(chapterText.title),
    content: Type.Optional(chapterText.content),
    status: Type.Optional(Type.Enum(CHAPTER_STATUSES)),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type ChapterUpdate = Static<typeof ChapterUpdateSchema>;

/** PUT ebooks/{id}/chapter_status. */
export const ChapterStatusWriteSchema = Type.Object(
  { chapter: chapterNumber('The chapter'), status: Type.Enum(CHAPTER_STATUSES) },
  { additionalProperties: false },
);
export type ChapterStatusWrite = Static<typeof ChapterStatusWriteSchema>;

export const ChapterSchema = Type.Object({
  ...ChapterSummarySchema.properties,
  ebook_id: Type.String(),
  content: Type.String(),
});
export type Chapter = Static<typeof ChapterSchema>;

export const ChapterResponseSchema = success({ chapter: ChapterSchema });
export type ChapterResponse = Static<typeof ChapterResponseSchema>;

// ---- Species of a chapter ------------------------------------------------------------------------

const speciesId = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.-]+$' });

/**
 * PUT ebooks/{id}/chapter_species/{chapter}: the chapter's species, in order, replacing the list;
 * `content_species` holds the text of each (by species id; a species without one keeps its text,
 * a new one starts empty). `chapter`, when sent, must be the one in the path.
 */
export const ChapterSpeciesWriteSchema = Type.Object(
  {
    chapter: Type.Optional(chapterNumber('The chapter (the one in the path)')),
    species: Type.Array(speciesId, { maxItems: CHAPTER_SPECIES_MAX, uniqueItems: true }),
    content_species: Type.Optional(
      Type.Record(speciesId, Type.String({ maxLength: CONTENT_SPECIES_MAX }), {
        description: 'Markdown per species id; every key must be in `species`',
      }),
    ),
  },
  { additionalProperties: false },
);
export type ChapterSpeciesWrite = Static<typeof ChapterSpeciesWriteSchema>;

export const ChapterSpeciesSchema = Type.Object({
  species_id: Type.String(),
  position: Type.Integer({ description: 'From 1, the order in the chapter' }),
  name: Type.String(),
  scientific_name: Type.String(),
  content_species: Type.String(),
});
export type ChapterSpecies = Static<typeof ChapterSpeciesSchema>;

export const ChapterSpeciesResponseSchema = success({
  chapter: Type.Integer(),
  species: Type.Array(ChapterSpeciesSchema),
});
export type ChapterSpeciesResponse = Static<typeof ChapterSpeciesResponseSchema>;

// ---- Page templates ----------------------------------------------------------------------------

export const PageTemplateWriteSchema = Type.Object(
  {
    name: name(TEMPLATE_NAME_MAX, 'Shown when choosing a layout'),
    template: Type.String({
      maxLength: TEMPLATE_MAX,
      description: 'The page layout source, stored as written (never served as HTML)',
    }),
    thumbnail: Type.Union([uuid('A picture of the ebook media library'), Type.Null()]),
  },
  { additionalProperties: false },
);
export type PageTemplateWrite = Static<typeof PageTemplateWriteSchema>;

export const PageTemplateSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  template: Type.String(),
  thumbnail: Type.Union([Type.String(), Type.Null()]),
  thumbnail_url: Type.Union([Type.String(), Type.Null()], { description: 'The thumbnail file' }),
  created_at: seconds('Created'),
  updated_at: seconds('Last change'),
});
export type PageTemplate = Static<typeof PageTemplateSchema>;

export const PageTemplateListResponseSchema = success({
  page_templates: Type.Array(Type.Omit(PageTemplateSchema, ['template'])),
});
export type PageTemplateListResponse = Static<typeof PageTemplateListResponseSchema>;

export const PageTemplateResponseSchema = success({ page_template: PageTemplateSchema });
export type PageTemplateResponse = Static<typeof PageTemplateResponseSchema>;

// ---- Media library -----------------------------------------------------------------------------

/** POST ebooks/media: a picture for the library, processed as every uploaded photo is. */
export const EbookMediaUploadSchema = Type.Object(
  {
    photo: Type.String({ minLength: 1, description: 'The image as a base64 data URL' }),
    photo_name: Type.Optional(Type.String({ maxLength: 200, description: 'A caption or file name' })),
    type: Type.Enum(EBOOK_MEDIA_TYPES),
    category: Type.Optional(Type.String({ maxLength: 64, description: 'Free grouping, e.g. "raptors"' })),
  },
  { additionalProperties: false },
);
export type EbookMediaUpload = Static<typeof EbookMediaUploadSchema>;

export const EbookMediaSchema = Type.Object({
  media_id: Type.String(),
  type: Type.Enum(EBOOK_MEDIA_TYPES),
  category: Type.String(),
  photo_name: Type.Union([Type.String(), Type.Null()]),
  path: Type.String({ description: 'The ≤ 2048 px JPEG' }),
  thumbnail: Type.String({ description: 'The ≤ 320 px WebP' }),
  width: Type.Integer(),
  height: Type.Integer(),
  created_at: seconds('Uploaded'),
});
export type EbookMedia = Static<typeof EbookMediaSchema>;

export const EbookMediaListQuerySchema = Type.Object({
  filters_type: Type.Optional(Type.Enum(EBOOK_MEDIA_TYPES)),
  filters_category: Type.Optional(Type.String({ maxLength: 64, description: 'Exactly this category' })),
  filter_search: Type.Optional(
    Type.String({ maxLength: 100, description: 'Words of the name or category, any case or accents' }),
  ),
  skip: Type.Integer({ minimum: 0, maximum: SKIP_MAX, default: 0 }),
  limit: Type.Integer({ minimum: 1, maximum: EBOOK_MEDIA_LIST_MAX, default: 50 }),
});
export type EbookMediaListQuery = Static<typeof EbookMediaListQuerySchema>;

export const EbookMediaListResponseSchema = success({
  media: Type.Array(EbookMediaSchema, { description: 'Newest first' }),
  total: Type.Integer({ description: 'How many match, over all pages' }),
});
export type EbookMediaListResponse = Static<typeof EbookMediaListResponseSchema>;

export const EbookMediaResponseSchema = success({ media: EbookMediaSchema });
export type EbookMediaResponse = Static<typeof EbookMediaResponseSchema>;

// ---- Export ------------------------------------------------------------------------------------

export const EBOOK_EXPORT_FORMATS = ['pdf'] as const;

/**
 * GET ebooks/{id}/export: the book as a PDF. `format` other than pdf is refused with a reason (not
 * by the schema, so the reason says what is offered). SPEC §7's `category`, `observations` and
 * `urid` are accepted and not used: the export places no pictures or sightings yet.
 */
export const EbookExportQuerySchema = Type.Object({
  format: Type.String({ maxLength: 16, default: 'pdf', description: 'pdf (the only format)' }),
  chapter: Type.Optional(
    chapterNumber('Only this chapter, whatever its status; default: the Published ones'),
  ),
  category: Type.Optional(Type.String({ maxLength: 64, description: 'Accepted, not used' })),
  observations: Type.Optional(Type.Boolean({ description: 'Accepted, not used' })),
  urid: Type.Optional(Type.String({ maxLength: 64, description: 'Accepted, not used' })),
});
export type EbookExportQuery = Static<typeof EbookExportQuerySchema>;
