/**
 * The ebook admin pages' calls (docs/api.md "Ebooks"), online only: an admin edits the server's
 * books, never a device copy. RTK Query, never persisted; one tag, so the list and a book refetch
 * after any write. The PDF export is a file download through the same API client (bearer token,
 * retries, the server's reason on a refusal), as the logbook PDF is.
 */
import type {
  ChapterCreate,
  ChapterResponse,
  ChapterStatusWrite,
  EbookListResponse,
  EbookResponse,
  EbookWrite,
  TocEntry,
} from '@contract/ebooks';
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
