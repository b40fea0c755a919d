/**
 * `/ebook-media` (SPEC §2; role admin, SPEC §6, guarded by the route table): the ebook media
 * library. Its pictures newest first, a page at a time with the total (GET ebooks/admin/media),
 * filtered by type, category and words of the name or category (typed filters debounced, SPEC §9);
 * a picture's details open above the list (GET ebooks/admin/media/{id}, `?media_id=` so they can be
 * linked; SPEC names no route for one picture). "Upload a picture" sends the file as a base64 data
 * URL with its name, type and category (POST ebooks/media, as place photos are sent); the server
 * reads the type from the bytes. A refusal (not a photo, too large) shows the server's reason and
 * keeps the chosen file and the fields; a success opens the new picture. Online only (AdminFrame).
 */
import {
  useEffect,
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type Dispatch,
  type SetStateAction,
  type SubmitEvent,
} from 'react';
import { useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import UploadIcon from '@mui/icons-material/Upload';
import { EBOOK_MEDIA_TYPES, type EbookMedia, type EbookMediaType } from '@contract/ebooks';
import { labels } from '../../app/labels';
import { PHOTO_MAX_BYTES } from '@contract/media';
import { formatMessage, messages } from '@contract/messages';
import { useAppDispatch } from '../../app/hooks';
import { uiActions } from '../../app/uiSlice';
import { PICKER_SEARCH_DEBOUNCE_MS } from '../../ui/SelectPickerModel';
import { AdminFrame, LoadState, Pager, reasonOf, when } from '../admin/embeds';
import { ebookMediaTypeNames } from './ebookAdminTexts';
import { ebookLibraryTexts as texts } from './ebookLibraryTexts';
import { Section } from './Section';
import {
  EBOOK_MEDIA_PAGE_SIZE,
  useGetEbookMediaQuery,
  useListEbookMediaQuery,
  useUploadEbookMediaMutation,
  type EbookMediaQuery,
} from './ebooksApi';

const LIST = '/ebook-listing';
/** The contract's limits of the upload's free fields (src/contract/ebooks.ts). */
const PHOTO_NAME_MAX = 200;
const CATEGORY_MAX = 64;

/** The file as the data URL POST ebooks/media takes. */
export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') resolve(reader.result);
      else reject(new Error('unreadable'));
    };
    reader.onerror = () => {
      reject(reader.error ?? new Error('unreadable'));
    };
    reader.readAsDataURL(file);
  });
}

/** The name a picture is shown and announced by. */
export const mediaName = (media: Pick<EbookMedia, 'photo_name'>) =>
  media.photo_name?.trim() || texts.untitled;

/** A select of the media types; with `any`, the empty value first ("Any"). */
export function MediaTypeSelect(props: {
  label: string;
  value: EbookMediaType | '';
  any: boolean;
  onChange: (value: EbookMediaType | '') => void;
}) {
  return (
    <TextField
      select
      label={props.label}
      value={props.value}
      onChange={(event) => {
        props.onChange(event.target.value as EbookMediaType | '');
      }}
      sx={{ minWidth: 160 }}
    >
      {props.any && <MenuItem value="">{texts.any}</MenuItem>}
      {EBOOK_MEDIA_TYPES.map((type) => (
        <MenuItem key={type} value={type}>
          {ebookMediaTypeNames[type]}
        </MenuItem>
      ))}
    </TextField>
  );
}

interface UploadDraft {
  file: File | null;
  photoName: string;
  type: EbookMediaType;
  category: string;
}

const emptyUpload = (): UploadDraft => ({ file: null, photoName: '', type: 'photo', category: '' });

function UploadForm({ onUploaded }: { onUploaded: (media: EbookMedia) => void }) {
  const dispatch = useAppDispatch();
  const [draft, setDraft] = useState<UploadDraft>(emptyUpload);
  const [problem, setProblem] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [upload, { isLoading }] = useUploadEbookMediaMutation();
  const fileNoteId = useId();
  const busy = reading || isLoading;

  const change = (patch: Partial<UploadDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setProblem(null);
  };

  function onFile(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Cleared so choosing the same file again still fires a change.
    input.value = '';
    if (!file) return;
    // The name follows the file until the admin types one of their own.
    const named = draft.photoName.trim() !== '' && draft.photoName !== draft.file?.name;
    change({ file, ...(named ? {} : { photoName: file.name.slice(0, PHOTO_NAME_MAX) }) });
  }

  async function onSubmit(event: SubmitEvent) {
    event.preventDefault();
    const { file } = draft;
    if (!file) {
      setProblem(texts.fileNeeded);
      return;
    }
    if (draft.photoName.trim().length > PHOTO_NAME_MAX || draft.category.trim().length > CATEGORY_MAX) {
      setProblem(texts.fixFields);
      return;
    }
    if (file.size > PHOTO_MAX_BYTES) {
      setProblem(
        formatMessage(texts.uploadFailed, {
          reason: formatMessage(messages.photoTooLarge, { mb: PHOTO_MAX_BYTES / 1024 / 1024 }),
        }),
      );
      return;
    }
    setProblem(null);
    setReading(true);
    let photo: string;
    try {
      photo = await readAsDataUrl(file);
    } catch {
      setProblem(texts.fileUnreadable);
      return;
    } finally {
      setReading(false);
    }
    const photoName = draft.photoName.trim();
    const category = draft.category.trim();
    const answer = await upload({
      photo,
      type: draft.type,
      ...(photoName === '' ? {} : { photo_name: photoName }),
      ...(category === '' ? {} : { category }),
    });
    if (answer.error) {
      setProblem(formatMessage(texts.uploadFailed, { reason: reasonOf(answer.error) }));
      return;
    }
    setDraft(emptyUpload());
    dispatch(uiActions.toastShown({ message: texts.uploaded, severity: 'success' }));
    onUploaded(answer.data.media);
  }

  const nameTooLong = draft.photoName.trim().length > PHOTO_NAME_MAX;
  const categoryTooLong = draft.category.trim().length > CATEGORY_MAX;
  return (
    <Section heading={texts.uploadHeading}>
      <Stack component="form" spacing={2} noValidate onSubmit={(event) => void onSubmit(event)}>
        <Typography variant="body2" color="text.secondary">
          {formatMessage(texts.uploadHelp, { mb: PHOTO_MAX_BYTES / 1024 / 1024 })}
        </Typography>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Button component="label" variant="outlined" startIcon={<UploadIcon />} disabled={busy}>
            {draft.file ? texts.chooseOther : texts.chooseFile}
            <input type="file" accept="image/*" hidden aria-describedby={fileNoteId} onChange={onFile} />
          </Button>
          <Typography id={fileNoteId}>
            {draft.file ? formatMessage(texts.chosenFile, { file: draft.file.name }) : texts.noFile}
          </Typography>
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label={texts.fieldPhotoName}
            value={draft.photoName}
            onChange={(event) => {
              change({ photoName: event.target.value });
            }}
            error={nameTooLong}
            helperText={
              nameTooLong ? formatMessage(texts.tooLong, { max: PHOTO_NAME_MAX }) : texts.fieldPhotoNameHelp
            }
            sx={{ flex: 1 }}
          />
          <MediaTypeSelect
            label={texts.fieldMediaType}
            value={draft.type}
            any={false}
            onChange={(type) => {
              if (type !== '') change({ type });
            }}
          />
          <TextField
            label={texts.fieldCategory}
            value={draft.category}
            onChange={(event) => {
              change({ category: event.target.value });
            }}
            error={categoryTooLong}
            helperText={
              categoryTooLong ? formatMessage(texts.tooLong, { max: CATEGORY_MAX }) : texts.fieldCategoryHelp
            }
            sx={{ flex: 1 }}
          />
        </Stack>
        {problem && <Alert severity="error">{problem}</Alert>}
        <Button type="submit" variant="contained" loading={busy} sx={{ alignSelf: 'flex-start' }}>
          {busy ? texts.uploading : texts.upload}
        </Button>
      </Stack>
    </Section>
  );
}

function MediaDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const answer = useGetEbookMediaQuery(id, { refetchOnMountOrArgChange: true });
  const top = useRef<HTMLDivElement>(null);
  // Opened from further down the list: brought into view.
  useEffect(() => {
    top.current?.scrollIntoView({ block: 'start' });
  }, []);
  if (!answer.data) {
    return (
      <Stack spacing={1} ref={top}>
        {answer.error ? <Alert severity="error">{reasonOf(answer.error)}</Alert> : <LoadState error={null} />}
        <Button onClick={onClose} sx={{ alignSelf: 'flex-start' }}>
          {texts.close}
        </Button>
      </Stack>
    );
  }
  const { media } = answer.data;
  const name = mediaName(media);
  const facts: Array<[string, string]> = [
    [texts.detailType, ebookMediaTypeNames[media.type]],
    [texts.detailCategory, media.category || texts.uncategorised],
    [texts.detailSize, formatMessage(texts.detailSizeValue, { width: media.width, height: media.height })],
    [texts.detailUploaded, when(media.created_at)],
    [texts.detailId, media.media_id],
  ];
  return (
    <Section heading={formatMessage(texts.detailHeading, { name })}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} ref={top}>
        <Box
          component="img"
          src={media.path}
          alt={name}
          sx={{
            maxWidth: { xs: '100%', md: 480 },
            maxHeight: 480,
            objectFit: 'contain',
            alignSelf: 'flex-start',
          }}
        />
        <Stack spacing={1}>
          <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2 }}>
            {facts.map(([term, value]) => (
              <Box key={term} sx={{ display: 'contents' }}>
                <Typography component="dt" sx={{ fontWeight: 'bold' }}>
                  {term}
                </Typography>
                <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                  {value}
                </Typography>
              </Box>
            ))}
          </Box>
          <Link href={media.path} target="_blank" rel="noopener">
            {texts.openOriginal}
          </Link>
          <Button onClick={onClose} sx={{ alignSelf: 'flex-start' }}>
            {texts.close}
          </Button>
        </Stack>
      </Stack>
    </Section>
  );
}

function MediaGrid({ media, onOpen }: { media: readonly EbookMedia[]; onOpen: (id: string) => void }) {
  return (
    <Box
      component="ul"
      aria-label={texts.libraryHeading}
      sx={{
        m: 0,
        p: 0,
        listStyle: 'none',
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))',
        gap: 2,
      }}
    >
      {media.map((picture) => {
        const name = mediaName(picture);
        return (
          <Box
            component="li"
            key={picture.media_id}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}
          >
            <Box
              component="img"
              src={picture.thumbnail}
              alt={name}
              loading="lazy"
              sx={{ width: '100%', height: 140, objectFit: 'cover', display: 'block', borderRadius: 1 }}
            />
            <Stack spacing={0.5} sx={{ p: 1 }}>
              <Typography sx={{ fontWeight: 'bold', overflowWrap: 'anywhere' }}>{name}</Typography>
              <Typography variant="body2" color="text.secondary">
                {ebookMediaTypeNames[picture.type]} · {picture.category || texts.uncategorised}
              </Typography>
              <Button
                size="small"
                onClick={() => {
                  onOpen(picture.media_id);
                }}
                aria-label={formatMessage(texts.openPicture, { name })}
                sx={{ alignSelf: 'flex-start' }}
              >
                {texts.details}
              </Button>
            </Stack>
          </Box>
        );
      })}
    </Box>
  );
}

function Library(props: {
  query: EbookMediaQuery;
  onQuery: Dispatch<SetStateAction<EbookMediaQuery>>;
  onOpen: (id: string) => void;
}) {
  const { query, onQuery, onOpen } = props;
  const [category, setCategory] = useState(query.category);
  const [search, setSearch] = useState(query.search);
  // The typed filters reach the query once typing pauses (SPEC §9), back on the first page.
  useEffect(() => {
    if (category === query.category && search === query.search) return;
    const timer = setTimeout(() => {
      onQuery((current) => ({ ...current, category, search, skip: 0 }));
    }, PICKER_SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [category, search, query.category, query.search, onQuery]);
  const answer = useListEbookMediaQuery(query, { refetchOnMountOrArgChange: true });
  const media = answer.data?.media;
  const filtered = query.type !== '' || query.category.trim() !== '' || query.search.trim() !== '';

  return (
    <Section heading={texts.libraryHeading}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <MediaTypeSelect
          label={texts.filterType}
          value={query.type}
          any
          onChange={(type) => {
            onQuery({ ...query, type, skip: 0 });
          }}
        />
        <TextField
          label={texts.filterCategory}
          value={category}
          onChange={(event) => {
            setCategory(event.target.value);
          }}
          slotProps={{ htmlInput: { maxLength: CATEGORY_MAX } }}
        />
        <TextField
          label={texts.filterSearch}
          type="search"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
          }}
          slotProps={{ htmlInput: { maxLength: 100 } }}
          sx={{ flex: 1, maxWidth: 420 }}
        />
      </Stack>
      {answer.error ? (
        <Alert severity="error">{reasonOf(answer.error)}</Alert>
      ) : media === undefined ? (
        <LoadState error={null} />
      ) : media.length === 0 ? (
        <Typography>{filtered ? texts.noMatch : texts.noMedia}</Typography>
      ) : (
        <MediaGrid media={media} onOpen={onOpen} />
      )}
      {media !== undefined && (
        <Pager
          skip={query.skip}
          shown={media.length}
          total={answer.data?.total ?? 0}
          pageSize={EBOOK_MEDIA_PAGE_SIZE}
          busy={answer.isFetching}
          onSkip={(skip) => {
            onQuery({ ...query, skip });
          }}
        />
      )}
    </Section>
  );
}

export function EbookMediaPage() {
  const [params, setParams] = useSearchParams();
  const open = params.get('media_id');
  const [query, setQuery] = useState<EbookMediaQuery>({ type: '', category: '', search: '', skip: 0 });
  const openPicture = (id: string) => {
    setParams({ media_id: id });
  };
  return (
    <AdminFrame title={labels.ebookMedia} back={{ to: LIST, label: texts.backToList }}>
      {open && (
        <MediaDetail
          key={open}
          id={open}
          onClose={() => {
            setParams({});
          }}
        />
      )}
      <UploadForm
        onUploaded={(media) => {
          // Newest first: the new picture heads the first page of an unfiltered list.
          setQuery((current) => ({ ...current, skip: 0 }));
          openPicture(media.media_id);
        }}
      />
      <Library query={query} onQuery={setQuery} onOpen={openPicture} />
    </AdminFrame>
  );
}
