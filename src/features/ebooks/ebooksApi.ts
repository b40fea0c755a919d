/**
 * The ebook admin pages' calls (docs/api.md "Ebooks"), online only: an admin edits the server's
 * books, never a device copy. RTK Query, never persisted; one tag, so the list and a book refetch
 * after any write. The PDF export is a file download through the same API client (bearer token,
 * retries, the server's reason on a refusal), as the logbook PDF is.
 */
import type {
  ChapterCreate,
  ChapterResponse,
  ChapterSpeciesResponse,
  ChapterSpeciesWrite,
  ChapterStatusWrite,
  ChapterUpdate,
  EbookListResponse,
  EbookMediaListResponse,
  EbookMediaResponse,
  EbookMediaType,
  EbookMediaUpload,
  EbookResponse,
  EbookWrite,
  PageTemplateListResponse,
  PageTemplateResponse,
  PageTemplateWrite,
  TocEntry,
} from '@contract/ebooks';
import type { SpeciesListResponse } from '@contract/species';
import { api } from '../../api/api';
import { apiClientFrom } from '../../api/baseQuery';
import type { AppThunk } from '../../app/thunk';
import { saveFile } from '../../lib/saveFile';

const ebookPath = (id: string) => `ebooks/${encodeURIComponent(id)}`;

const tagged = api.enhanceEndpoints({ addTagTypes: ['Ebook'] });

export const ebooksApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    // eslint-disable-next-line @typescript-eslint/no-invalid-void-type -- RTK Query's way to say "no argument"
    listEbooks: build.query<EbookListResponse, void>({
      query: () => ({ path: 'ebooks' }),
      providesTags: ['Ebook'],
    }),
    getEbook: build.query<EbookResponse, string>({
      query: (id) => ({ path: ebookPath(id) }),
      providesTags: ['Ebook'],
    }),
    createEbook: build.mutation<EbookResponse, EbookWrite>({
      query: (input) => ({ method: 'POST', path: 'ebooks', payload: { ...input } }),
      invalidatesTags: ['Ebook'],
    }),
    putEbook: build.mutation<EbookResponse, { id: string; input: EbookWrite }>({
      query: ({ id, input }) => ({ method: 'PUT', path: ebookPath(id), payload: { ...input } }),
      invalidatesTags: ['Ebook'],
    }),
    cloneEbook: build.mutation<EbookResponse, { id: string; name: string }>({
      query: ({ id, name }) => ({
        method: 'POST',
        path: `${ebookPath(id)}/clone`,
        payload: { ebook_name: name },
      }),
      invalidatesTags: ['Ebook'],
    }),
    putToc: build.mutation<EbookResponse, { id: string; toc: TocEntry[] }>({
      query: ({ id, toc }) => ({ method: 'PUT', path: `${ebookPath(id)}/toc`, payload: { toc } }),
      invalidatesTags: ['Ebook'],
    }),
    addChapter: build.mutation<ChapterResponse, { id: string; input: ChapterCreate }>({
      query: ({ id, input }) => ({ method: 'POST', path: `${ebookPath(id)}/chapter`, payload: { ...input } }),
      invalidatesTags: ['Ebook'],
    }),
    putChapterStatus: build.mutation<ChapterResponse, { id: string; input: ChapterStatusWrite }>({
      query: ({ id, input }) => ({
        method: 'PUT',
        path: `${ebookPath(id)}/chapter_status`,
        payload: { ...input },
      }),
      invalidatesTags: ['Ebook'],
    }),
  }),
});

export const {
  useListEbooksQuery,
  useGetEbookQuery,
  useCreateEbookMutation,
  usePutEbookMutation,
  useCloneEbookMutation,
  usePutTocMutation,
  useAddChapterMutation,
  usePutChapterStatusMutation,
} = ebooksApi;

/** GET ebooks/{id}/export as a PDF, saved by the browser; answers the file's name. */
export const exportEbookPdf =
  (id: string, fallbackName: string): AppThunk<Promise<string>> =>
  async (_dispatch, _getState, extra) => {
    const file = await apiClientFrom(extra).download(`${ebookPath(id)}/export`, { format: 'pdf' });
    const name = file.filename ?? `${fallbackName}.pdf`;
    saveFile(file.blob, name);
    return name;
  };

// ---- The library: media and page templates (/ebook-media, /ebook-page-template/{id}) ----------

/** How many pictures a page of the media library shows (GET ebooks/admin/media `limit`). */
export const EBOOK_MEDIA_PAGE_SIZE = 24;

/** The media library's filters as the page holds them: '' is "any". */
export interface EbookMediaQuery {
  type: EbookMediaType | '';
  category: string;
  search: string;
  skip: number;
  limit?: number;
}

const mediaPath = (id: string) => `ebooks/admin/media/${encodeURIComponent(id)}`;
const templatePath = (id: string) => `ebooks/admin/page_templates/${encodeURIComponent(id)}`;
const blankToUndefined = (text: string) => (text.trim() === '' ? undefined : text.trim());

export const ebookLibraryApi = api
  .enhanceEndpoints({ addTagTypes: ['EbookMedia', 'EbookPageTemplate'] })
  .injectEndpoints({
    endpoints: (build) => ({
      listEbookMedia: build.query<EbookMediaListResponse, EbookMediaQuery>({
        query: ({ type, category, search, skip, limit }) => ({
          path: 'ebooks/admin/media',
          payload: {
            filters_type: type === '' ? undefined : type,
            filters_category: blankToUndefined(category),
            filter_search: blankToUndefined(search),
            skip,
            limit: limit ?? EBOOK_MEDIA_PAGE_SIZE,
          },
        }),
        providesTags: ['EbookMedia'],
      }),
      getEbookMedia: build.query<EbookMediaResponse, string>({
        query: (id) => ({ path: mediaPath(id) }),
        providesTags: ['EbookMedia'],
      }),
      uploadEbookMedia: build.mutation<EbookMediaResponse, EbookMediaUpload>({
        query: (input) => ({ method: 'POST', path: 'ebooks/media', payload: { ...input } }),
        invalidatesTags: ['EbookMedia'],
      }),
      // eslint-disable-next-line @typescript-eslint/no-invalid-void-type -- RTK Query's way to say "no argument"
      listPageTemplates: build.query<PageTemplateListResponse, void>({
        query: () => ({ path: 'ebooks/admin/page_templates' }),
        providesTags: ['EbookPageTemplate'],
      }),
      getPageTemplate: build.query<PageTemplateResponse, string>({
        query: (id) => ({ path: templatePath(id) }),
        providesTags: ['EbookPageTemplate'],
      }),
      createPageTemplate: build.mutation<PageTemplateResponse, PageTemplateWrite>({
        query: (input) => ({ method: 'POST', path: 'ebooks/admin/page_templates', payload: { ...input } }),
        invalidatesTags: ['EbookPageTemplate'],
      }),
      putPageTemplate: build.mutation<PageTemplateResponse, { id: string; input: PageTemplateWrite }>({
        query: ({ id, input }) => ({ method: 'PUT', path: templatePath(id), payload: { ...input } }),
        invalidatesTags: ['EbookPageTemplate'],
      }),
    }),
  });

export const {
  useListEbookMediaQuery,
  useGetEbookMediaQuery,
  useUploadEbookMediaMutation,
  useListPageTemplatesQuery,
  useGetPageTemplateQuery,
  useCreatePageTemplateMutation,
  usePutPageTemplateMutation,
} = ebookLibraryApi;

// ---- A chapter's pages (/ebook-chapter…, /ebook-chapter-species…) --------------------------------

const chapterPath = (id: string, chapter: number) => `${ebookPath(id)}/chapter/${String(chapter)}`;

/**
 * One chapter's text and its species (GET/PUT ebooks/{id}/chapter/{chapter}, GET …/species, PUT
 * ebooks/{id}/chapter_species/{chapter}), and the species search their picker runs (POST species,
 * the server's list, as the places admin's picker does). Same tag as the books: a saved chapter
 * refreshes the book's chapter list too.
 */
export const ebookChapterApi = ebooksApi.injectEndpoints({
  endpoints: (build) => ({
    getChapter: build.query<ChapterResponse, { id: string; chapter: number }>({
      query: ({ id, chapter }) => ({ path: chapterPath(id, chapter) }),
      providesTags: ['Ebook'],
    }),
    putChapter: build.mutation<ChapterResponse, { id: string; chapter: number; input: ChapterUpdate }>({
      query: ({ id, chapter, input }) => ({
        method: 'PUT',
        path: chapterPath(id, chapter),
        payload: { ...input },
      }),
      invalidatesTags: ['Ebook'],
    }),
    getChapterSpecies: build.query<ChapterSpeciesResponse, { id: string; chapter: number }>({
      query: ({ id, chapter }) => ({ path: `${chapterPath(id, chapter)}/species` }),
      providesTags: ['Ebook'],
    }),
    putChapterSpecies: build.mutation<
      ChapterSpeciesResponse,
      { id: string; chapter: number; input: ChapterSpeciesWrite }
    >({
      query: ({ id, chapter, input }) => ({
        method: 'PUT',
        path: `${ebookPath(id)}/chapter_species/${String(chapter)}`,
        payload: { ...input },
      }),
      invalidatesTags: ['Ebook'],
    }),
    searchEbookSpecies: build.query<SpeciesListResponse, string>({
      query: (search) => ({ method: 'POST', path: 'species', payload: { search, limit: 30 } }),
    }),
  }),
});

export const {
  useGetChapterQuery,
  usePutChapterMutation,
  useGetChapterSpeciesQuery,
  usePutChapterSpeciesMutation,
} = ebookChapterApi;

/** GET ebooks/{id}/export?chapter=N: one chapter as a PDF, whatever its status; answers the file's name. */
export const exportChapterPdf =
  (id: string, chapter: number, fallbackName: string): AppThunk<Promise<string>> =>
  async (_dispatch, _getState, extra) => {
    const file = await apiClientFrom(extra).download(`${ebookPath(id)}/export`, { format: 'pdf', chapter });
    const name = file.filename ?? `${fallbackName}.pdf`;
    saveFile(file.blob, name);
    return name;
  };
