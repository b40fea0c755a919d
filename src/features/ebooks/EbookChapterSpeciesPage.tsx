/**
 * `/ebook-chapter-species/{ebook_id}/{chapter}` (SPEC §2; role admin, SPEC §6, guarded by the route
 * table): a chapter's species in the order printed (GET ebooks/{id}/chapter/{chapter}/species),
 * each with its own Markdown text (`content_species`) written beside a live preview. Species are
 * added through the searchable picker over the server's species (POST species, as the places and
 * field guide admin pages pick one: only species that exist can be chosen), moved up or down,
 * removed, and the whole list is saved at once (PUT ebooks/{id}/chapter_species/{chapter}: chapter,
 * species, content_species). Nothing is sent before Save; a refused save shows the server's reason
 * and keeps the list as edited. Online only (AdminFrame).
 */
import { useCallback, useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import { CHAPTER_MAX, CHAPTER_SPECIES_MAX, CONTENT_SPECIES_MAX, type ChapterSpecies } from '@contract/ebooks';
import { labels } from '../../app/labels';
import { formatMessage } from '@contract/messages';
import { useAppDispatch } from '../../app/hooks';
import { uiActions } from '../../app/uiSlice';
import type { PickerSearch } from '../../ui/SelectPicker';
import { useSelectPicker } from '../../ui/SelectPickerField';
import { AdminFrame, reasonOf } from '../admin/embeds';
import {
  ChapterLoadState,
  ChapterMarkdownEditor,
  chapterOf,
  chapterPath,
  ebookDetailsPath,
} from './EbookChapterPage';
import { ebookChapterTexts as texts } from './ebookChapterTexts';
import { ebookChapterApi, useGetChapterSpeciesQuery, usePutChapterSpeciesMutation } from './ebooksApi';

/** One species as the page edits it: the server's names and the text as typed. */
interface Entry {
  species_id: string;
  name: string;
  scientific_name: string;
  content_species: string;
}

const entryOf = ({ species_id, name, scientific_name, content_species }: ChapterSpecies): Entry => ({
  species_id,
  name,
  scientific_name,
  content_species,
});

const sameList = (a: readonly Entry[], b: readonly Entry[]) =>
  a.length === b.length &&
  a.every(
    (entry, index) =>
      entry.species_id === b[index]?.species_id && entry.content_species === b[index].content_species,
  );

/** The server's species search, for the picker (the places admin's species search). */
function useSpeciesSearch(): PickerSearch {
  const dispatch = useAppDispatch();
  return useCallback(
    async (term, signal) => {
      if (term.trim() === '') return [];
      const request = dispatch(
        ebookChapterApi.endpoints.searchEbookSpecies.initiate(term.trim(), { subscribe: false }),
      );
      signal.addEventListener(
        'abort',
        () => {
          request.abort();
        },
        { once: true },
      );
      const answer = await request.unwrap().catch((failure: unknown) => {
        throw new Error(reasonOf(failure));
      });
      return answer.species.map((found) => ({
        id: found._id,
        label: found.name,
        ...(found.scientific_name !== found.name ? { secondary: found.scientific_name } : {}),
      }));
    },
    [dispatch],
  );
}

function SpeciesForm({ id, chapter, loaded }: { id: string; chapter: number; loaded: Entry[] }) {
  const dispatch = useAppDispatch();
  const baseId = useId();
  const [saved, setSaved] = useState<Entry[]>(loaded);
  const [entries, setEntries] = useState<Entry[]>(loaded);
  const [problem, setProblem] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  // The button to focus once the list has been redrawn (after a move or a removal).
  const focusNext = useRef<string | null>(null);
  const [putSpecies, { isLoading }] = usePutChapterSpeciesMutation();
  const picker = useSelectPicker();
  const search = useSpeciesSearch();
  const unsaved = !sameList(entries, saved);
  const buttonId = (speciesId: string, what: 'up' | 'down' | 'remove') => `${baseId}-${speciesId}-${what}`;

  useEffect(() => {
    if (focusNext.current === null) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  });

  const edit = (next: Entry[], said: string) => {
    setEntries(next);
    setProblem(null);
    setAnnouncement(said);
  };

  const move = (index: number, by: -1 | 1) => {
    const next = [...entries];
    const [entry] = next.splice(index, 1);
    if (!entry) return;
    next.splice(index + by, 0, entry);
    edit(next, formatMessage(texts.movedTo, { name: entry.name, n: index + by + 1, count: next.length }));
    // The moved species keeps the focus, on the button pressed (the other one at an end), so a
    // keyboard user can press again.
    const atEnd = index + by === 0 || index + by === next.length - 1;
    focusNext.current = buttonId(entry.species_id, (by === -1) !== atEnd ? 'up' : 'down');
  };

  const remove = (index: number) => {
    const entry = entries[index];
    if (!entry) return;
    edit(
      entries.filter((_, at) => at !== index),
      formatMessage(texts.removed, { name: entry.name }),
    );
    // Focus goes to the next species' Remove button, or to "Add" when the last one went.
    const after = entries[index + 1] ?? entries[index - 1];
    focusNext.current = after ? buttonId(after.species_id, 'remove') : `${baseId}-add`;
  };

  async function add() {
    const result = await picker.open({
      title: texts.pickSpecies,
      mode: 'single',
      confirm: true,
      selected: [],
      search,
    });
    const item = result.kind === 'confirmed' ? result.items[0] : undefined;
    if (!item) return;
    if (entries.some((entry) => entry.species_id === item.id)) {
      setAnnouncement('');
      setProblem(formatMessage(texts.alreadyListed, { name: item.label }));
      return;
    }
    edit(
      [
        ...entries,
        {
          species_id: item.id,
          name: item.label,
          scientific_name: item.secondary ?? item.label,
          content_species: '',
        },
      ],
      formatMessage(texts.added, { name: item.label }),
    );
  }

  async function onSubmit(event: SubmitEvent) {
    event.preventDefault();
    if (entries.some((entry) => entry.content_species.length > CONTENT_SPECIES_MAX)) {
      setProblem(texts.fixFields);
      return;
    }
    const answer = await putSpecies({
      id,
      chapter,
      input: {
        chapter,
        species: entries.map((entry) => entry.species_id),
        content_species: Object.fromEntries(
          entries.map((entry) => [entry.species_id, entry.content_species]),
        ),
      },
    });
    if (answer.error) {
      setAnnouncement('');
      setProblem(formatMessage(texts.draftKept, { reason: reasonOf(answer.error) }));
      return;
    }
    const stored = answer.data.species.map(entryOf);
    setSaved(stored);
    setEntries(stored);
    setAnnouncement('');
    dispatch(
      uiActions.toastShown({ message: formatMessage(texts.listSaved, { chapter }), severity: 'success' }),
    );
  }

  return (
    <Stack component="form" spacing={2} noValidate onSubmit={(event) => void onSubmit(event)}>
      <Typography variant="h5" component="h2">
        {texts.speciesHeading}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {texts.speciesHelp}
      </Typography>
      {entries.length === 0 && <Typography>{texts.noSpecies}</Typography>}
      <Stack
        component="ol"
        aria-label={texts.speciesHeading}
        spacing={2}
        sx={{ m: 0, p: 0, listStyle: 'none' }}
      >
        {entries.map((entry, index) => {
          const n = index + 1;
          const tooLong = entry.content_species.length > CONTENT_SPECIES_MAX;
          return (
            <Paper component="li" variant="outlined" key={entry.species_id} sx={{ p: 2 }}>
              <Stack spacing={1}>
                <Stack
                  direction="row"
                  spacing={1}
                  sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
                >
                  <Typography variant="h6" component="h3">
                    {`${String(n)}. ${entry.name}`}
                    {entry.scientific_name !== entry.name && (
                      <Typography component="span" sx={{ fontStyle: 'italic', ml: 1 }} color="text.secondary">
                        {entry.scientific_name}
                      </Typography>
                    )}
                  </Typography>
                  <Stack direction="row">
                    <IconButton
                      id={buttonId(entry.species_id, 'up')}
                      aria-label={formatMessage(texts.moveUp, { name: entry.name })}
                      disabled={index === 0}
                      onClick={() => {
                        move(index, -1);
                      }}
                    >
                      <ArrowUpwardIcon />
                    </IconButton>
                    <IconButton
                      id={buttonId(entry.species_id, 'down')}
                      aria-label={formatMessage(texts.moveDown, { name: entry.name })}
                      disabled={index === entries.length - 1}
                      onClick={() => {
                        move(index, 1);
                      }}
                    >
                      <ArrowDownwardIcon />
                    </IconButton>
                    <IconButton
                      id={buttonId(entry.species_id, 'remove')}
                      aria-label={formatMessage(texts.remove, { name: entry.name })}
                      onClick={() => {
                        remove(index);
                      }}
                    >
                      <DeleteIcon />
                    </IconButton>
                  </Stack>
                </Stack>
                <ChapterMarkdownEditor
                  label={formatMessage(texts.speciesText, { name: entry.name })}
                  value={entry.content_species}
                  onChange={(content_species) => {
                    setEntries((current) =>
                      current.map((other) =>
                        other.species_id === entry.species_id ? { ...other, content_species } : other,
                      ),
                    );
                    setProblem(null);
                  }}
                  error={tooLong ? formatMessage(texts.tooLong, { max: CONTENT_SPECIES_MAX }) : undefined}
                  headingLevel={3}
                  minRows={6}
                />
              </Stack>
            </Paper>
          );
        })}
      </Stack>
      <Typography role="status" variant="body2" color="text.secondary">
        {announcement}
      </Typography>
      {entries.length >= CHAPTER_SPECIES_MAX && (
        <Typography variant="body2">{formatMessage(texts.tooMany, { max: CHAPTER_SPECIES_MAX })}</Typography>
      )}
      {problem && <Alert severity="error">{problem}</Alert>}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <Button
          id={`${baseId}-add`}
          startIcon={<AddIcon />}
          disabled={entries.length >= CHAPTER_SPECIES_MAX}
          onClick={() => void add().catch(() => undefined)}
        >
          {texts.addSpecies}
        </Button>
        <Button type="submit" variant="contained" loading={isLoading}>
          {texts.saveList}
        </Button>
        {unsaved && (
          <Typography variant="body2" color="text.secondary">
            {texts.unsaved}
          </Typography>
        )}
      </Stack>
      {picker.element}
    </Stack>
  );
}

function SpeciesEditor({ id, chapter }: { id: string; chapter: number }) {
  const answer = useGetChapterSpeciesQuery({ id, chapter }, { refetchOnMountOrArgChange: true });
  if (!answer.data) return <ChapterLoadState error={answer.error} />;
  return <SpeciesForm id={id} chapter={chapter} loaded={answer.data.species.map(entryOf)} />;
}

export function EbookChapterSpeciesPage() {
  const { ebook_id: id = '', chapter: param } = useParams();
  const chapter = chapterOf(param);
  return (
    <AdminFrame
      title={labels.ebookChapterSpecies}
      back={
        chapter === null
          ? { to: ebookDetailsPath(id), label: texts.backToEbook }
          : {
              to: chapterPath(id, chapter),
              label: texts.toChapter,
            }
      }
    >
      {chapter === null ? (
        <Alert severity="error">{formatMessage(texts.badAddress, { max: CHAPTER_MAX })}</Alert>
      ) : (
        <Stack spacing={2}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="subtitle1" component="p">
              {formatMessage(texts.chapterOf, { chapter })}
            </Typography>
            <Button component={RouterLink} to={ebookDetailsPath(id)}>
              {texts.backToEbook}
            </Button>
          </Stack>
          <SpeciesEditor key={`${id}/${String(chapter)}`} id={id} chapter={chapter} />
        </Stack>
      )}
    </AdminFrame>
  );
}
