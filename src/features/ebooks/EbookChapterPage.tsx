/**
 * `/ebook-chapter/{ebook_id}/{chapter}` (SPEC §2; role admin, SPEC §6, guarded by the route table):
 * one chapter of an ebook (GET ebooks/{id}/chapter/{chapter}): its title, status and Markdown text,
 * written beside a live preview and saved together (PUT ebooks/{id}/chapter/{chapter}). The preview
 * is the readers' Markdown renderer (src/features/cms/Markdown.tsx, as the CMS and help editors
 * use): raw HTML dropped, unsafe link schemes emptied. A refused save shows the server's reason and
 * keeps the draft. Links lead back to the ebook, on to the chapter's species, and to a PDF of this
 * chapter alone (GET ebooks/{id}/export?chapter=N). Online only (AdminFrame).
 */
import { useState, type SubmitEvent } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  CHAPTER_CONTENT_MAX,
  CHAPTER_MAX,
  CHAPTER_STATUSES,
  CHAPTER_TITLE_MAX,
  type Chapter,
  type ChapterStatus,
} from '@contract/ebooks';
import { labels } from '../../app/labels';
import { formatMessage, messages } from '@contract/messages';
import { useAppDispatch } from '../../app/hooks';
import { uiActions } from '../../app/uiSlice';
import { AdminFrame, MarkdownEditor, reasonOf } from '../admin/embeds';
import { chapterStatusNames } from './ebookAdminTexts';
import { ebookChapterTexts as texts } from './ebookChapterTexts';
import { exportChapterPdf, useGetChapterQuery, usePutChapterMutation } from './ebooksApi';
import { PdfExportButton } from './PdfExportButton';
import { useFormDraft, type DraftErrors } from '../../ui/useFormDraft';

export const ebookDetailsPath = (id: string) => `/ebook-details/${encodeURIComponent(id)}`;
export const chapterPath = (id: string, chapter: number) =>
  `/ebook-chapter/${encodeURIComponent(id)}/${String(chapter)}`;
export const chapterSpeciesPath = (id: string, chapter: number) =>
  `/ebook-chapter-species/${encodeURIComponent(id)}/${String(chapter)}`;

/** The chapter number of the address, or null when it names none (the server's range). */
export function chapterOf(param: string | undefined): number | null {
  if (param === undefined || !/^[1-9][0-9]*$/.test(param)) return null;
  const chapter = Number(param);
  return chapter <= CHAPTER_MAX ? chapter : null;
}

/** Loading, not found, or the failure's reason (the server's envelope). */
export function ChapterLoadState({ error }: { error: unknown }) {
  if (!error) return <CircularProgress aria-label={messages.loading} />;
  const notFound = typeof error === 'object' && 'status' in error && error.status === 404;
  return <Alert severity="error">{notFound ? texts.notFound : reasonOf(error)}</Alert>;
}

/** The admin pages' Markdown editor, with the chapter pages' words and a shorter preview. */
export function ChapterMarkdownEditor(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  headingLevel: 2 | 3;
  minRows?: number;
}) {
  return (
    <MarkdownEditor
      {...props}
      previewTitle={`${texts.preview}: ${props.label}`}
      help={texts.editorHelp}
      previewMinHeight={120}
    />
  );
}

function ChapterPdf({ id, chapter, unsaved }: { id: string; chapter: number; unsaved: boolean }) {
  const dispatch = useAppDispatch();
  return (
    <PdfExportButton
      run={() => dispatch(exportChapterPdf(id, chapter, formatMessage(texts.chapterOf, { chapter })))}
      texts={{
        button: texts.pdfPreview,
        idle: unsaved ? texts.pdfUnsaved : texts.pdfHelp,
        preparing: texts.pdfPreparing,
        saved: texts.pdfSaved,
        failed: texts.pdfFailed,
      }}
    />
  );
}

interface ChapterDraft {
  title: string;
  status: ChapterStatus;
  content: string;
}
type ChapterErrors = DraftErrors<ChapterDraft>;

const draftOf = (chapter: Chapter): ChapterDraft => ({
  title: chapter.title,
  status: chapter.status,
  content: chapter.content,
});

function checkDraft(draft: ChapterDraft): ChapterErrors {
  const errors: ChapterErrors = {};
  if (draft.title.trim().length > CHAPTER_TITLE_MAX)
    errors.title = formatMessage(texts.tooLong, { max: CHAPTER_TITLE_MAX });
  if (draft.content.length > CHAPTER_CONTENT_MAX)
    errors.content = formatMessage(texts.tooLong, { max: CHAPTER_CONTENT_MAX });
  return errors;
}

function ChapterForm({ loaded }: { loaded: Chapter }) {
  const dispatch = useAppDispatch();
  const id = loaded.ebook_id;
  const number = loaded.chapter;
  const [saved, setSaved] = useState<ChapterDraft>(() => draftOf(loaded));
  const { draft, setDraft, errors, problem, setProblem, change, showErrors } = useFormDraft(
    () => draftOf(loaded),
    texts.fixFields,
  );
  const [speciesCount, setSpeciesCount] = useState(loaded.species_count);
  const [putChapter, { isLoading }] = usePutChapterMutation();
  const unsaved =
    draft.title !== saved.title || draft.status !== saved.status || draft.content !== saved.content;

  async function onSubmit(event: SubmitEvent) {
    event.preventDefault();
    if (!showErrors(checkDraft(draft))) return;
    const input = { title: draft.title.trim(), status: draft.status, content: draft.content };
    const answer = await putChapter({ id, chapter: number, input });
    if (answer.error) {
      setProblem(formatMessage(texts.draftKept, { reason: reasonOf(answer.error) }));
      return;
    }
    const stored = answer.data.chapter;
    setSaved(draftOf(stored));
    setSpeciesCount(stored.species_count);
    // Only what the server changed (the title's spaces) replaces the draft; later typing stays.
    setDraft((current) => (current.title === draft.title ? { ...current, title: stored.title } : current));
    dispatch(uiActions.toastShown({ message: texts.saved, severity: 'success' }));
  }

  return (
    <Stack component="form" spacing={2} noValidate onSubmit={(event) => void onSubmit(event)}>
      <Typography variant="subtitle1" component="p">
        {formatMessage(texts.chapterOf, { chapter: number })}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label={texts.title}
          value={draft.title}
          onChange={(event) => {
            change({ title: event.target.value });
          }}
          error={errors.title !== undefined}
          helperText={errors.title ?? texts.titleHelp}
          sx={{ flexGrow: 1 }}
        />
        <TextField
          select
          label={texts.status}
          value={draft.status}
          onChange={(event) => {
            change({ status: event.target.value as ChapterStatus });
          }}
          helperText={texts.statusHelp}
          sx={{ minWidth: 200 }}
        >
          {CHAPTER_STATUSES.map((option) => (
            <MenuItem key={option} value={option}>
              {chapterStatusNames[option]}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <ChapterMarkdownEditor
        label={texts.content}
        value={draft.content}
        onChange={(content) => {
          change({ content });
        }}
        error={errors.content}
        headingLevel={2}
      />
      {problem && <Alert severity="error">{problem}</Alert>}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <Button type="submit" variant="contained" loading={isLoading}>
          {texts.save}
        </Button>
        {unsaved && (
          <Typography variant="body2" color="text.secondary">
            {texts.unsaved}
          </Typography>
        )}
        <Button component={RouterLink} to={chapterSpeciesPath(id, number)}>
          {formatMessage(texts.toSpecies, { count: speciesCount })}
        </Button>
      </Stack>
      <ChapterPdf id={id} chapter={number} unsaved={unsaved} />
    </Stack>
  );
}

function ChapterEditor({ id, chapter }: { id: string; chapter: number }) {
  const answer = useGetChapterQuery({ id, chapter }, { refetchOnMountOrArgChange: true });
  if (!answer.data) return <ChapterLoadState error={answer.error} />;
  return <ChapterForm loaded={answer.data.chapter} />;
}

export function EbookChapterPage() {
  const { ebook_id: id = '', chapter: param } = useParams();
  const chapter = chapterOf(param);
  return (
    <AdminFrame title={labels.ebookChapter} back={{ to: ebookDetailsPath(id), label: texts.backToEbook }}>
      {chapter === null ? (
        <Alert severity="error">{formatMessage(texts.badAddress, { max: CHAPTER_MAX })}</Alert>
      ) : (
        <ChapterEditor key={`${id}/${String(chapter)}`} id={id} chapter={chapter} />
      )}
    </AdminFrame>
  );
}
