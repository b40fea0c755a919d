/**
 * `/ebook-details/{ebook_id}` (SPEC §2; role admin, SPEC §6, guarded by the route table): one ebook
 * (GET ebooks/{id}). Its description is edited and saved whole (PUT ebooks/{id}); its chapters are
 * listed with their status, changed one by one (PUT ebooks/{id}/chapter_status), each leading to
 * its text (/ebook-chapter/…) and its species (/ebook-chapter-species/…), and a chapter is
 * added (POST ebooks/{id}/chapter); the table of contents is an ordered list of headings edited
 * here and saved whole (PUT ebooks/{id}/toc); "Export PDF" downloads the book (GET
 * ebooks/{id}/export). Every refused save shows the server's reason and keeps what was typed.
 * Online only (AdminFrame).
 */
import { useId, useState, type SubmitEvent } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  CHAPTER_STATUSES,
  CHAPTER_TITLE_MAX,
  DEFAULT_CHAPTER_STATUS,
  TOC_ENTRIES_MAX,
  type ChapterStatus,
  type Ebook,
  type TocEntry,
} from '@contract/ebooks';
import { chapterStatusNames, ebookAdminTexts as texts } from './ebookAdminTexts';
import { ebookChapterTexts as chapterTexts } from './ebookChapterTexts';
import { labels } from '../../app/labels';
import { formatMessage } from '@contract/messages';
import { useAppDispatch } from '../../app/hooks';
import { uiActions } from '../../app/uiSlice';
import { AdminFrame, LoadState, reasonOf, when } from '../admin/embeds';
import {
  exportEbookPdf,
  useAddChapterMutation,
  useGetEbookQuery,
  usePutChapterStatusMutation,
  usePutEbookMutation,
  usePutTocMutation,
} from './ebooksApi';
import { EbookFields, useEbookDraft } from './EbookFields';
import { PdfExportButton } from './PdfExportButton';
import { Section } from './Section';

const LIST = '/ebook-listing';

function DescriptionForm({ ebook }: { ebook: Ebook }) {
  const dispatch = useAppDispatch();
  const { draft, errors, problem, setProblem, change, checked } = useEbookDraft(() => ({
    name: ebook.name,
    type: ebook.type,
    photo_category: ebook.photo_category,
    page_size: ebook.page_size,
    page_orientation: ebook.page_orientation,
  }));
  const [putEbook, { isLoading }] = usePutEbookMutation();

  async function onSubmit(event: SubmitEvent) {
    event.preventDefault();
    const input = checked();
    if (!input) return;
    const answer = await putEbook({ id: ebook.id, input });
    if (answer.error) {
      setProblem(formatMessage(texts.draftKept, { reason: reasonOf(answer.error) }));
      return;
    }
    dispatch(uiActions.toastShown({ message: texts.saved, severity: 'success' }));
  }

  return (
    <Section heading={texts.descriptionHeading}>
      <Stack component="form" spacing={2} noValidate onSubmit={(event) => void onSubmit(event)}>
        <EbookFields draft={draft} errors={errors} onChange={change} />
        {problem && <Alert severity="error">{problem}</Alert>}
        <Button type="submit" variant="contained" loading={isLoading} sx={{ alignSelf: 'flex-start' }}>
          {texts.save}
        </Button>
      </Stack>
    </Section>
  );
}

function StatusSelect({
  ebookId,
  chapter,
  status,
}: {
  ebookId: string;
  chapter: number;
  status: ChapterStatus;
}) {
  const dispatch = useAppDispatch();
  const [problem, setProblem] = useState<string | null>(null);
  const [putStatus, { isLoading }] = usePutChapterStatusMutation();

  async function onChange(next: ChapterStatus) {
    setProblem(null);
    const answer = await putStatus({ id: ebookId, input: { chapter, status: next } });
    if (answer.error) {
      setProblem(reasonOf(answer.error));
      return;
    }
    dispatch(
      uiActions.toastShown({
        message: formatMessage(texts.statusSaved, { chapter, status: chapterStatusNames[next] }),
        severity: 'success',
      }),
    );
  }

  return (
    <Stack spacing={1}>
      <TextField
        select
        size="small"
        label={formatMessage(texts.statusOf, { chapter })}
        value={status}
        disabled={isLoading}
        onChange={(event) => void onChange(event.target.value as ChapterStatus)}
        sx={{ minWidth: 160 }}
      >
        {CHAPTER_STATUSES.map((option) => (
          <MenuItem key={option} value={option}>
            {chapterStatusNames[option]}
          </MenuItem>
        ))}
      </TextField>
      {problem && <Alert severity="error">{problem}</Alert>}
    </Stack>
  );
}

function AddChapterForm({ ebookId }: { ebookId: string }) {
  const dispatch = useAppDispatch();
  const [title, setTitle] = useState('');
  const [status, setStatus] = useState<ChapterStatus>(DEFAULT_CHAPTER_STATUS);
  const [problem, setProblem] = useState<string | null>(null);
  const [addChapter, { isLoading }] = useAddChapterMutation();
  const headingId = useId();

  async function onSubmit(event: SubmitEvent) {
    event.preventDefault();
    if (title.trim().length > CHAPTER_TITLE_MAX) {
      setProblem(formatMessage(texts.tooLong, { max: CHAPTER_TITLE_MAX }));
      return;
    }
    const answer = await addChapter({ id: ebookId, input: { title: title.trim(), status } });
    if (answer.error) {
      setProblem(formatMessage(texts.draftKept, { reason: reasonOf(answer.error) }));
      return;
    }
    dispatch(
      uiActions.toastShown({
        message: formatMessage(texts.chapterAdded, { chapter: answer.data.chapter.chapter }),
        severity: 'success',
      }),
    );
    setTitle('');
    setStatus(DEFAULT_CHAPTER_STATUS);
  }

  return (
    <Stack
      component="form"
      spacing={2}
      noValidate
      aria-labelledby={headingId}
      onSubmit={(event) => void onSubmit(event)}
    >
      <Typography variant="h6" component="h3" id={headingId}>
        {texts.addChapterHeading}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label={texts.chapterTitle}
          value={title}
          onChange={(event) => {
            setTitle(event.target.value);
            setProblem(null);
          }}
          sx={{ flexGrow: 1 }}
        />
        <TextField
          select
          label={texts.chapterStatus}
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as ChapterStatus);
          }}
          sx={{ minWidth: 160 }}
        >
          {CHAPTER_STATUSES.map((option) => (
            <MenuItem key={option} value={option}>
              {chapterStatusNames[option]}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {problem && <Alert severity="error">{problem}</Alert>}
      <Button type="submit" variant="outlined" loading={isLoading} sx={{ alignSelf: 'flex-start' }}>
        {texts.addChapter}
      </Button>
    </Stack>
  );
}

function ChaptersSection({ ebook }: { ebook: Ebook }) {
  return (
    <Section heading={texts.chaptersHeading}>
      {ebook.chapters.length === 0 ? (
        <Typography>{texts.noChapters}</Typography>
      ) : (
        <Table size="small" aria-label={texts.chaptersHeading}>
          <TableHead>
            <TableRow>
              <TableCell>{texts.columnNumber}</TableCell>
              <TableCell>{texts.columnTitle}</TableCell>
              <TableCell>{texts.columnStatus}</TableCell>
              <TableCell>{texts.columnSpecies}</TableCell>
              <TableCell>{texts.columnUpdated}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {ebook.chapters.map((chapter) => (
              <TableRow key={chapter.chapter}>
                <TableCell>{chapter.chapter}</TableCell>
                <TableCell>
                  <Link
                    component={RouterLink}
                    to={`/ebook-chapter/${encodeURIComponent(ebook.id)}/${String(chapter.chapter)}`}
                  >
                    {chapter.title === '' ? texts.untitled : chapter.title}
                  </Link>
                </TableCell>
                <TableCell>
                  <StatusSelect ebookId={ebook.id} chapter={chapter.chapter} status={chapter.status} />
                </TableCell>
                <TableCell>
                  <Link
                    component={RouterLink}
                    to={`/ebook-chapter-species/${encodeURIComponent(ebook.id)}/${String(chapter.chapter)}`}
                    aria-label={formatMessage(chapterTexts.speciesOfRow, {
                      chapter: chapter.chapter,
                      count: chapter.species_count,
                    })}
                  >
                    {chapter.species_count}
                  </Link>
                </TableCell>
                <TableCell>{when(chapter.updated_at)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <AddChapterForm ebookId={ebook.id} />
    </Section>
  );
}

interface TocRow extends TocEntry {
  key: number;
}

function TocEditor({ ebook }: { ebook: Ebook }) {
  const dispatch = useAppDispatch();
  const [nextKey, setNextKey] = useState(ebook.toc.length);
  const [rows, setRows] = useState<TocRow[]>(() => ebook.toc.map((entry, key) => ({ ...entry, key })));
  const [problem, setProblem] = useState<string | null>(null);
  const [putToc, { isLoading }] = usePutTocMutation();

  const edit = (next: TocRow[]) => {
    setRows(next);
    setProblem(null);
  };
  const patch = (index: number, change: Partial<TocEntry>) => {
    edit(rows.map((row, at) => (at === index ? { ...row, ...change } : row)));
  };
  const move = (index: number, by: number) => {
    const next = [...rows];
    const [row] = next.splice(index, 1);
    if (row) next.splice(index + by, 0, row);
    edit(next);
  };

  async function onSubmit(event: SubmitEvent) {
    event.preventDefault();
    if (rows.some((row) => row.title.trim() === '' || row.title.trim().length > CHAPTER_TITLE_MAX)) {
      setProblem(texts.fixFields);
      return;
    }
    const toc = rows.map(({ title, chapter, level }) => ({ title: title.trim(), chapter, level }));
    const answer = await putToc({ id: ebook.id, toc });
    if (answer.error) {
      setProblem(formatMessage(texts.draftKept, { reason: reasonOf(answer.error) }));
      return;
    }
    dispatch(uiActions.toastShown({ message: texts.tocSaved, severity: 'success' }));
  }

  return (
    <Section heading={texts.tocHeading}>
      <Stack component="form" spacing={2} noValidate onSubmit={(event) => void onSubmit(event)}>
        {rows.length === 0 && <Typography>{texts.tocEmpty}</Typography>}
        <Stack component="ol" spacing={2} sx={{ m: 0, pl: 3 }}>
          {rows.map((row, index) => {
            const n = index + 1;
            const blank = row.title.trim() === '';
            return (
              <li key={row.key} aria-label={formatMessage(texts.tocEntry, { n })}>
                <Stack
                  direction={{ xs: 'column', md: 'row' }}
                  spacing={1}
                  sx={{ alignItems: { md: 'center' } }}
                >
                  <TextField
                    size="small"
                    label={`${texts.tocTitle} ${n}`}
                    value={row.title}
                    required
                    error={blank && problem !== null}
                    helperText={blank && problem !== null ? texts.required : undefined}
                    onChange={(event) => {
                      patch(index, { title: event.target.value });
                    }}
                    sx={{ flexGrow: 1 }}
                  />
                  <TextField
                    select
                    size="small"
                    label={`${texts.tocLevel} ${n}`}
                    value={row.level}
                    onChange={(event) => {
                      patch(index, { level: Number(event.target.value) });
                    }}
                    sx={{ minWidth: 130 }}
                  >
                    {[1, 2, 3].map((level) => (
                      <MenuItem key={level} value={level}>
                        {texts.tocLevels[level]}
                      </MenuItem>
                    ))}
                  </TextField>
                  <TextField
                    select
                    size="small"
                    label={`${texts.tocChapter} ${n}`}
                    value={row.chapter === null ? '' : String(row.chapter)}
                    onChange={(event) => {
                      patch(index, {
                        chapter: event.target.value === '' ? null : Number(event.target.value),
                      });
                    }}
                    sx={{ minWidth: 200 }}
                  >
                    <MenuItem value="">{texts.tocNoChapter}</MenuItem>
                    {ebook.chapters.map((chapter) => (
                      <MenuItem key={chapter.chapter} value={String(chapter.chapter)}>
                        {`${chapter.chapter}. ${chapter.title === '' ? texts.untitled : chapter.title}`}
                      </MenuItem>
                    ))}
                    {row.chapter !== null && !ebook.chapters.some((c) => c.chapter === row.chapter) && (
                      <MenuItem value={String(row.chapter)}>{row.chapter}</MenuItem>
                    )}
                  </TextField>
                  <Stack direction="row">
                    <IconButton
                      aria-label={formatMessage(texts.tocUp, { n })}
                      disabled={index === 0}
                      onClick={() => {
                        move(index, -1);
                      }}
                    >
                      <ArrowUpwardIcon />
                    </IconButton>
                    <IconButton
                      aria-label={formatMessage(texts.tocDown, { n })}
                      disabled={index === rows.length - 1}
                      onClick={() => {
                        move(index, 1);
                      }}
                    >
                      <ArrowDownwardIcon />
                    </IconButton>
                    <IconButton
                      aria-label={formatMessage(texts.tocRemove, { n })}
                      onClick={() => {
                        edit(rows.filter((_, at) => at !== index));
                      }}
                    >
                      <DeleteIcon />
                    </IconButton>
                  </Stack>
                </Stack>
              </li>
            );
          })}
        </Stack>
        {problem && <Alert severity="error">{problem}</Alert>}
        <Stack direction="row" spacing={1}>
          <Button
            disabled={rows.length >= TOC_ENTRIES_MAX}
            onClick={() => {
              edit([...rows, { key: nextKey, title: '', chapter: null, level: 2 }]);
              setNextKey(nextKey + 1);
            }}
          >
            {texts.tocAdd}
          </Button>
          <Button type="submit" variant="contained" loading={isLoading}>
            {texts.tocSave}
          </Button>
        </Stack>
      </Stack>
    </Section>
  );
}

function ExportSection({ ebook }: { ebook: Ebook }) {
  const dispatch = useAppDispatch();
  return (
    <Section heading={texts.exportHeading}>
      <PdfExportButton
        run={() => dispatch(exportEbookPdf(ebook.id, ebook.name))}
        texts={{
          button: texts.exportPdf,
          idle: texts.exportHelp,
          preparing: texts.exportPreparing,
          saved: texts.exportSaved,
          failed: texts.exportFailed,
        }}
      />
    </Section>
  );
}

function EbookEditor({ id }: { id: string }) {
  const answer = useGetEbookQuery(id, { refetchOnMountOrArgChange: true });
  if (!answer.data) return <LoadState error={answer.error} />;
  const { ebook } = answer.data;
  return (
    <Stack spacing={4}>
      <DescriptionForm key={`description-${ebook.id}`} ebook={ebook} />
      <ChaptersSection ebook={ebook} />
      <TocEditor key={`toc-${ebook.id}`} ebook={ebook} />
      <ExportSection ebook={ebook} />
    </Stack>
  );
}

export function EbookDetailsPage() {
  const { ebook_id: id = '' } = useParams();
  return (
    <AdminFrame title={labels.ebook} back={{ to: LIST, label: texts.backToList }}>
      <EbookEditor key={id} id={id} />
    </AdminFrame>
  );
}
