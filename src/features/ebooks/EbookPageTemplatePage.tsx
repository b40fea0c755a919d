/**
 * `/ebook-page-template/{template_id}` (SPEC §2; role admin, SPEC §6, guarded by the route table):
 * one page template (SPEC §3: name, template, thumbnail). `new` as the id starts an empty one,
 * created with POST ebooks/admin/page_templates and then opened at its own address; any other id is
 * read (GET ebooks/admin/page_templates/{id}) and saved whole (PUT, the same three fields). The
 * source is edited as plain text in a monospace field: the contract keeps it opaque ("the page
 * layout source, never served as HTML") and nothing renders it yet, so there is no live preview.
 * The thumbnail is a picture of the ebook media library, chosen in a dialog that searches the
 * library (GET ebooks/admin/media), shown as it will be, or none. A refused save shows the server's
 * reason and keeps the draft. Online only (AdminFrame).
 */
import { useEffect, useState, type SubmitEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { TEMPLATE_MAX, TEMPLATE_NAME_MAX, type PageTemplate, type PageTemplateWrite } from '@contract/ebooks';
import { labels } from '../../app/labels';
import { formatMessage, messages } from '@contract/messages';
import { useAppDispatch } from '../../app/hooks';
import { uiActions } from '../../app/uiSlice';
import { AppDialog } from '../../ui/AppDialog';
import { PICKER_SEARCH_DEBOUNCE_MS } from '../../ui/SelectPickerModel';
import { AdminFrame, LoadState, reasonOf } from '../admin/embeds';
import { ebookLibraryTexts as texts } from './ebookLibraryTexts';
import {
  useCreatePageTemplateMutation,
  useGetPageTemplateQuery,
  useListEbookMediaQuery,
  usePutPageTemplateMutation,
} from './ebooksApi';
import { mediaName } from './EbookMediaPage';
import { NEW_TEMPLATE, templatePath } from './libraryPaths';
import { useFormDraft, type DraftErrors } from '../../ui/useFormDraft';

const LIST = '/ebook-listing';

interface TemplateDraft extends PageTemplateWrite {
  /** The thumbnail's picture as shown: the server's thumbnail_url or the chosen picture's. */
  thumbnailUrl: string | null;
}
type TemplateErrors = DraftErrors<Pick<TemplateDraft, 'name' | 'template'>>;

const draftOf = (template: PageTemplate | null): TemplateDraft => ({
  name: template?.name ?? '',
  template: template?.template ?? '',
  thumbnail: template?.thumbnail ?? null,
  thumbnailUrl: template?.thumbnail_url ?? null,
});

function checkDraft(draft: TemplateDraft): TemplateErrors {
  const errors: TemplateErrors = {};
  const name = draft.name.trim();
  if (name === '') errors.name = texts.required;
  else if (name.length > TEMPLATE_NAME_MAX)
    errors.name = formatMessage(texts.tooLong, { max: TEMPLATE_NAME_MAX });
  if (draft.template.length > TEMPLATE_MAX)
    errors.template = formatMessage(texts.tooLong, { max: TEMPLATE_MAX });
  return errors;
}

function ThumbnailPicker(props: {
  onPick: (picked: { id: string; url: string }) => void;
  onClose: () => void;
}) {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    if (typed === search) return;
    const timer = setTimeout(() => {
      setSearch(typed);
    }, PICKER_SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [typed, search]);
  const answer = useListEbookMediaQuery(
    { type: '', category: '', search, skip: 0, limit: 48 },
    { refetchOnMountOrArgChange: true },
  );
  const media = answer.data?.media;
  return (
    <AppDialog title={texts.pickerTitle} closeLabel={messages.close} onClose={props.onClose} maxWidth="sm">
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          label={texts.pickerSearch}
          type="search"
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
          }}
          slotProps={{ htmlInput: { maxLength: 100 } }}
          autoFocus
        />
        {answer.error ? (
          <Alert severity="error">{reasonOf(answer.error)}</Alert>
        ) : media === undefined ? (
          <LoadState error={null} />
        ) : media.length === 0 ? (
          <Typography>{texts.pickerNone}</Typography>
        ) : (
          <Box
            component="ul"
            aria-label={texts.pickerTitle}
            sx={{
              m: 0,
              p: 0,
              listStyle: 'none',
              display: 'grid',
              gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))',
              gap: 1,
            }}
          >
            {media.map((picture) => {
              const name = mediaName(picture);
              return (
                <li key={picture.media_id}>
                  <Button
                    onClick={() => {
                      props.onPick({ id: picture.media_id, url: picture.thumbnail });
                    }}
                    aria-label={formatMessage(texts.pickerUse, { name })}
                    sx={{ flexDirection: 'column', textTransform: 'none', width: '100%' }}
                  >
                    <Box
                      component="img"
                      src={picture.thumbnail}
                      alt=""
                      sx={{ width: '100%', height: 90, objectFit: 'cover', borderRadius: 1 }}
                    />
                    <Typography variant="caption" sx={{ overflowWrap: 'anywhere' }}>
                      {name}
                    </Typography>
                  </Button>
                </li>
              );
            })}
          </Box>
        )}
      </Stack>
    </AppDialog>
  );
}

function TemplateForm({ template }: { template: PageTemplate | null }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { draft, setDraft, errors, problem, setProblem, change, showErrors } = useFormDraft<TemplateDraft>(
    () => draftOf(template),
    texts.fixFields,
  );
  const [picking, setPicking] = useState(false);
  const [createTemplate, created] = useCreatePageTemplateMutation();
  const [putTemplate, put] = usePutPageTemplateMutation();

  async function onSubmit(event: SubmitEvent) {
    event.preventDefault();
    if (!showErrors(checkDraft(draft))) return;
    setProblem(null);
    const input: PageTemplateWrite = {
      name: draft.name.trim(),
      template: draft.template,
      thumbnail: draft.thumbnail,
    };
    const answer = template ? await putTemplate({ id: template.id, input }) : await createTemplate(input);
    if (answer.error) {
      setProblem(formatMessage(texts.draftKept, { reason: reasonOf(answer.error) }));
      return;
    }
    const saved = answer.data.page_template;
    dispatch(uiActions.toastShown({ message: template ? texts.saved : texts.created, severity: 'success' }));
    if (template) setDraft(draftOf(saved));
    else void navigate(templatePath(saved.id), { replace: true });
  }

  return (
    <Stack component="form" spacing={2} noValidate onSubmit={(event) => void onSubmit(event)}>
      <TextField
        label={texts.fieldTemplateName}
        value={draft.name}
        onChange={(event) => {
          change({ name: event.target.value });
        }}
        error={errors.name !== undefined}
        helperText={errors.name ?? texts.fieldTemplateNameHelp}
        required
      />
      <TextField
        label={texts.fieldTemplate}
        value={draft.template}
        onChange={(event) => {
          change({ template: event.target.value });
        }}
        error={errors.template !== undefined}
        helperText={
          errors.template ??
          formatMessage(texts.fieldTemplateHelp, { length: draft.template.length, max: TEMPLATE_MAX })
        }
        multiline
        minRows={12}
        maxRows={40}
        slotProps={{
          htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } },
        }}
      />
      <Stack component="section" spacing={1} aria-labelledby="template-thumbnail-heading">
        <Typography variant="h5" component="h2" id="template-thumbnail-heading">
          {texts.thumbnailHeading}
        </Typography>
        {draft.thumbnail && draft.thumbnailUrl ? (
          <Box
            component="img"
            src={draft.thumbnailUrl}
            alt={texts.thumbnailAlt}
            sx={{ width: 200, maxHeight: 200, objectFit: 'contain', alignSelf: 'flex-start' }}
          />
        ) : (
          <Typography color="text.secondary">{texts.thumbnailNone}</Typography>
        )}
        <Stack direction="row" spacing={1}>
          <Button
            variant="outlined"
            onClick={() => {
              setPicking(true);
            }}
          >
            {texts.chooseThumbnail}
          </Button>
          {draft.thumbnail && (
            <Button
              onClick={() => {
                change({ thumbnail: null, thumbnailUrl: null });
              }}
            >
              {texts.removeThumbnail}
            </Button>
          )}
        </Stack>
      </Stack>
      {problem && <Alert severity="error">{problem}</Alert>}
      <Button
        type="submit"
        variant="contained"
        loading={created.isLoading || put.isLoading}
        sx={{ alignSelf: 'flex-start' }}
      >
        {template ? texts.save : texts.create}
      </Button>
      {picking && (
        <ThumbnailPicker
          onPick={(picked) => {
            change({ thumbnail: picked.id, thumbnailUrl: picked.url });
            setPicking(false);
          }}
          onClose={() => {
            setPicking(false);
          }}
        />
      )}
    </Stack>
  );
}

function TemplateLoader({ id }: { id: string }) {
  const answer = useGetPageTemplateQuery(id, { refetchOnMountOrArgChange: true });
  // Unknown: the server's 404 reason (ebookTemplateNotFound).
  if (answer.error) return <Alert severity="error">{reasonOf(answer.error)}</Alert>;
  if (!answer.data) return <LoadState error={null} />;
  return <TemplateForm key={answer.data.page_template.id} template={answer.data.page_template} />;
}

export function EbookPageTemplatePage() {
  const { template_id: id = '' } = useParams();
  return (
    <AdminFrame title={labels.ebookPageTemplate} back={{ to: LIST, label: texts.backToList }}>
      {id === NEW_TEMPLATE ? (
        <TemplateForm key={NEW_TEMPLATE} template={null} />
      ) : (
        <TemplateLoader key={id} id={id} />
      )}
    </AdminFrame>
  );
}
